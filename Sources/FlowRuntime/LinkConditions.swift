import FlowModel

/// Checks a deep link's routes against the conditional choices they pass through, with the host's
/// answers at the moment the link opens: a link may build only a state the flows' own steps could build
/// now (docs/RUNNING.md, "Deep links and conditions").
///
/// - A first route that the flow's `start` can show must be the one `start` shows now (a conditional start
///   is evaluated). A first route that only a `replaceRoot` shows needs one such `replaceRoot` whose
///   enclosing `if`s hold now.
/// - A next route must be reached from the screen below it by an event whose action, with every `if` on
///   the way evaluated now, pushes or starts it. (A child's first route is its start, which runs as usual.)
///
/// Routes of a tab flow are left to the tab selection. A route the graph cannot reach at all is left
/// alone here: validation reports it (FC601). Work is linear in the size of the actions inspected.
@MainActor
struct LinkConditions {
    let bundle: FlowBundle
    let host: FlowHost

    /// The name of a screen or child declaration of `flow`.
    func name(of target: TargetNode, in flow: Int) -> String {
        switch target {
        case .screen(let index): bundle.flows[flow].screens[index].name
        case .child(let index): bundle.flows[flow].children[index].name
        }
    }

    /// Refuses a first route that `start` (or a `replaceRoot`) would not show now.
    func checkFirstRoute(_ target: TargetNode, of flow: Int, url: String) throws(FlowRuntimeError) {
        let graph = bundle.flows[flow]
        guard graph.tabs.isEmpty else { return }
        var shown: TargetNode?
        var answers: [String] = []
        var action = graph.start
        while shown == nil {
            switch action {
            case .show(let chosen, _): shown = chosen
            case .conditional(let condition, let then, let otherwise):
                let name = graph.conditions[condition]
                let answer = host.condition(name)
                answers.append("'\(name)' is \(answer)")
                action = answer ? then : otherwise
            default: return
            }
        }
        guard let shown, shown != target else { return }
        let because = "flow '\(graph.name)' starts at '\(name(of: shown, in: flow))' now"
            + (answers.isEmpty ? "" : " (\(answers.joined(separator: ", ")))")
        if Self.targets(of: graph.start, starting: true).contains(target) {
            throw .linkContradictsCondition(url: url, route: name(of: target, in: flow), because: because)
        }
        // Shown first only by a `replaceRoot`: one whose `if`s hold now is enough.
        var sites: [CompiledAction] = []
        for screen in graph.screens { sites += screen.events.map(\.action) }
        for child in graph.children { sites += child.handlers }
        guard sites.contains(where: { Self.targets(of: $0, starting: false).contains(target) }) else { return }
        guard !sites.contains(where: { reaches($0, target, in: graph, replacing: true) }) else { return }
        throw .linkContradictsCondition(
            url: url, route: name(of: target, in: flow),
            because: because + ", and no 'replaceRoot' of it is allowed by the conditions now")
    }

    /// Refuses a route that no event of `screen` pushes or starts with the host's current answers.
    func checkStep(to target: TargetNode, from screen: Int, of flow: Int, url: String) throws(FlowRuntimeError) {
        let graph = bundle.flows[flow]
        guard graph.tabs.isEmpty else { return }
        let events = graph.screens[screen].events
        guard !events.contains(where: { reaches($0.action, target, in: graph, replacing: false) }) else { return }
        // Reached only through a branch the host does not take now: name the first such condition.
        for event in events {
            if let condition = blockingCondition(event.action, target, in: graph) {
                throw .linkContradictsCondition(
                    url: url, route: name(of: target, in: flow),
                    because: "event '\(event.name)' of screen '\(graph.screens[screen].name)' reaches it only when '\(condition.name)' is \(condition.needed), and it is \(!condition.needed)")
            }
        }
    }

    /// Whether `action`, with every `if` evaluated now, pushes or starts `target` (or, with `replacing`,
    /// shows it by `replaceRoot`).
    private func reaches(_ action: CompiledAction, _ target: TargetNode, in graph: FlowGraph, replacing: Bool) -> Bool {
        var current = action
        while true {
            switch current {
            case .conditional(let condition, let then, let otherwise):
                current = host.condition(graph.conditions[condition]) ? then : otherwise
            case .push(let screen, _): return !replacing && target == .screen(screen)
            case .startChild(let child, _): return !replacing && target == .child(child)
            case .replaceRoot(let shown, _): return replacing && shown == target
            default: return false
            }
        }
    }

    /// The first condition, on the way to a `push` or `start` of `target`, whose branch the host's
    /// current answer does not take.
    private func blockingCondition(_ action: CompiledAction, _ target: TargetNode, in graph: FlowGraph)
        -> (name: String, needed: Bool)? {
        var pending: [CompiledAction] = [action]
        while let current = pending.popLast() {
            guard case .conditional(let condition, let then, let otherwise) = current else { continue }
            let answer = host.condition(graph.conditions[condition])
            let skipped = answer ? otherwise : then
            if Self.targets(of: skipped, starting: false).contains(target) {
                return (graph.conditions[condition], !answer)
            }
            pending.append(answer ? then : otherwise)
        }
        return nil
    }

    /// The targets an action can show, push or start in any branch (`starting`: the shows of a `start`;
    /// otherwise pushes, starts and `replaceRoot`s).
    private static func targets(of action: CompiledAction, starting: Bool) -> [TargetNode] {
        var found: [TargetNode] = []
        var pending: [CompiledAction] = [action]
        while let current = pending.popLast() {
            switch current {
            case .conditional(_, let then, let otherwise):
                pending.append(then)
                pending.append(otherwise)
            case .show(let target, _) where starting: found.append(target)
            case .push(let screen, _) where !starting: found.append(.screen(screen))
            case .startChild(let child, _) where !starting: found.append(.child(child))
            case .replaceRoot(let target, _) where !starting: found.append(target)
            default: break
            }
        }
        return found
    }
}
