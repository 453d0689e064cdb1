import FlowModel

/// Checks a deep link's routes against the conditional choices they pass through, with the host's
/// answers at the moment the link opens: a link may build only a state the flows' own steps could build
/// now (docs/RUNNING.md, "Deep links and conditions").
///
/// - **The root flow's first route** must be the one its `start` shows now (a conditional start is
///   evaluated). A first route that `start` never shows, only a `replaceRoot` does, must be shown by a
///   `replaceRoot` the flow's steps reach from what `start` shows now, following every screen's events
///   with their `if`s evaluated now, before any `if` that shows it only on the branch the host does not
///   take now: with `start: splash` and splash's `if: isLoggedIn, then: { replaceRoot: main }, else: {
///   replaceRoot: auth }`, a link to `main` is refused while `isLoggedIn` is false. The walk never passes
///   a child's outcome handler: a link cannot finish a child flow (sign-in), so a route shown first only
///   after a child finishes is refused, naming the child; `when:` and `otherwise:` send the person
///   through it.
/// - **A next route** must be pushed or started by an event of the screen below it, with every `if` on the
///   way evaluated now. When that screen was shown by a child's (conditional) `start`, the refusal names
///   the start's choice.
/// - **A route naming the child a flow's start started** (a child whose flow starts with a child) must be
///   the child that start chose now.
///
/// A tab route may select any tab (the person can select every tab); the tab flow's `start` and the tab's
/// flow's `start` still run with the answers now. Work is linear in the size of the flow inspected.
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

    /// What `flow`'s `start` shows now, with the answers it asked for (`'isLoggedIn' is false`); nil
    /// target when the start is not a show (a damaged bundle).
    func startChoice(of flow: Int) -> (shown: TargetNode?, answers: [String]) {
        let graph = bundle.flows[flow]
        var answers: [String] = []
        var action = graph.start
        while true {
            switch action {
            case .show(let chosen, _): return (chosen, answers)
            case .conditional(let condition, let then, let otherwise):
                let name = graph.conditions[condition]
                let answer = host.condition(name)
                answers.append("'\(name)' is \(answer)")
                action = answer ? then : otherwise
            default: return (nil, answers)
            }
        }
    }

    /// `flow 'app' starts at 'auth' now ('isLoggedIn' is false)`.
    private func startsNow(_ flow: Int, _ choice: (shown: TargetNode?, answers: [String])) -> String {
        let shown = choice.shown.map { name(of: $0, in: flow) } ?? "nothing"
        return "flow '\(bundle.flows[flow].name)' starts at '\(shown)' now"
            + (choice.answers.isEmpty ? "" : " (\(choice.answers.joined(separator: ", ")))")
    }

    /// Refuses a first route of the root flow that its steps would not show first now. A link cannot finish
    /// a child, so the walk stops at children unless `passingChildren` (a restore).
    func checkFirstRoute(_ target: TargetNode, of flow: Int, url: String, passingChildren: Bool = false)
        throws(FlowRuntimeError)
    {
        let graph = bundle.flows[flow]
        guard graph.tabs.isEmpty else { return }
        let choice = startChoice(of: flow)
        guard let shown = choice.shown, shown != target else { return }
        func refuse(_ because: String) -> FlowRuntimeError {
            .linkContradictsCondition(url: url, route: name(of: target, in: flow), because: because)
        }
        if Self.targets(of: graph.start, starting: true).contains(target) { throw refuse(startsNow(flow, choice)) }
        // Shown first only by a `replaceRoot`: walk the flow's steps from what start shows now, breadth first,
        // with every `if` evaluated now. Each target is visited once. Children are not passed (a link cannot
        // finish one); they are kept to name the one a refusal is about.
        var visited = Set<TargetNode>([shown])
        var queue: [TargetNode] = [shown]
        var children: [Int] = []
        var next = 0
        while next < queue.count {
            let current = queue[next]
            next += 1
            if !passingChildren, case .child(let child) = current {
                children.append(child)
                continue
            }
            let sites = actions(of: current, in: graph)
            if sites.contains(where: { reaches($0.action, target, in: graph, replacing: true) }) { return }
            for site in sites {
                if let condition = blockingCondition(site.action, target, in: graph, replacing: true) {
                    throw refuse(
                        startsNow(flow, choice)
                            + ", and \(site.name) shows it first only when '\(condition.name)' is \(condition.needed), and it is \(!condition.needed)"
                    )
                }
            }
            for site in sites {
                for successor in successors(of: site.action, in: graph) where visited.insert(successor).inserted {
                    queue.append(successor)
                }
            }
        }
        if let child = firstChildShowing(target, after: children, in: graph) {
            throw refuse(
                startsNow(flow, choice)
                    + ", and it is shown first only after child '\(graph.children[child].name)' finishes, which a link cannot do"
            )
        }
        throw refuse(startsNow(flow, choice) + ", and no step from there shows it first with the answers now")
    }

    /// Refuses a first route the flow's own steps show first (its `start`, in any branch, or a `replaceRoot`)
    /// only under conditions that do not hold now, as ``checkFirstRoute(_:of:url:passingChildren:)`` does for a link. A
    /// screen no step shows first — a `linkFallback` screen of its own, say — is left to the caller. Used for
    /// the `linkFallback` screen (a state a link builds) and for every instance a restore rebuilds
    /// (`passingChildren`: a snapshot may hold what a child's outcome handler showed after it finished).
    func checkShownFirst(_ target: TargetNode, of flow: Int, url: String, passingChildren: Bool = false)
        throws(FlowRuntimeError)
    {
        let graph = bundle.flows[flow]
        let shownByStep =
            Self.targets(of: graph.start, starting: true).contains(target)
            || graph.screens.contains {
                $0.events.contains { Self.targets(of: $0.action, starting: false, replacing: true).contains(target) }
            }
            || graph.children.contains {
                $0.handlers.contains { Self.targets(of: $0, starting: false, replacing: true).contains(target) }
            }
        guard shownByStep else { return }
        try checkFirstRoute(target, of: flow, url: url, passingChildren: passingChildren)
    }

    /// The first of `children` from whose outcome handlers the flow's steps (every action, every branch,
    /// each target once) reach a `replaceRoot` of `target`; nil when none does.
    private func firstChildShowing(_ target: TargetNode, after children: [Int], in graph: FlowGraph) -> Int? {
        var visited = Set<TargetNode>()  // shared: what a node reaches does not depend on the child before it
        for child in children where visited.insert(.child(child)).inserted {
            var pending: [TargetNode] = [.child(child)]
            while let current = pending.popLast() {
                for site in actions(of: current, in: graph) {
                    if Self.targets(of: site.action, starting: false, replacing: true).contains(target) { return child }
                    let next =
                        Self.targets(of: site.action, starting: false)
                        + Self.targets(of: site.action, starting: false, replacing: true)
                    for successor in next where visited.insert(successor).inserted { pending.append(successor) }
                }
            }
        }
        return nil
    }

    /// Refuses a route naming a child of `flow` when its start started another child now (`started`: the
    /// declaration of the child instance its start created).
    func checkStartedChild(_ child: Int, started: Int?, of flow: Int, url: String) throws(FlowRuntimeError) {
        guard started != child else { return }
        let choice = startChoice(of: flow)
        guard Self.targets(of: bundle.flows[flow].start, starting: true).contains(.child(child)) else {
            throw FlowRuntimeError.linkRouteBelowChild(
                flow: bundle.flows[flow].name, route: name(of: .child(child), in: flow))
        }
        throw FlowRuntimeError.linkContradictsCondition(
            url: url, route: name(of: .child(child), in: flow), because: startsNow(flow, choice))
    }

    /// Refuses a route that no event of `screen` pushes or starts with the host's current answers.
    /// - Parameter impliedStart: the screen was shown by its flow's `start` (a child's implied first route).
    func checkStep(to target: TargetNode, from screen: Int, of flow: Int, impliedStart: Bool, url: String)
        throws(FlowRuntimeError)
    {
        let graph = bundle.flows[flow]
        guard graph.tabs.isEmpty else { return }
        let events = graph.screens[screen].events
        guard !events.contains(where: { reaches($0.action, target, in: graph, replacing: false) }) else { return }
        func refuse(_ because: String) -> FlowRuntimeError {
            .linkContradictsCondition(url: url, route: name(of: target, in: flow), because: because)
        }
        // Reached only through a branch the host does not take now: name the first such condition.
        for event in events {
            if let condition = blockingCondition(event.action, target, in: graph, replacing: false) {
                throw refuse(
                    "event '\(event.name)' of screen '\(graph.screens[screen].name)' reaches it only when '\(condition.name)' is \(condition.needed), and it is \(!condition.needed)"
                )
            }
        }
        // Not reached from this screen at all: when a conditional start chose the screen, say so.
        let choice = startChoice(of: flow)
        let because =
            impliedStart && !choice.answers.isEmpty
            ? startsNow(flow, choice) + ", and no event of '\(graph.screens[screen].name)' pushes or starts it"
            : "no event of screen '\(graph.screens[screen].name)' of flow '\(graph.name)' pushes or starts it"
        throw refuse(because)
    }

    /// The actions that run from `target` shown in `graph`: a screen's events, a child's outcome handlers,
    /// each with how messages name it.
    private func actions(of target: TargetNode, in graph: FlowGraph) -> [(name: String, action: CompiledAction)] {
        switch target {
        case .screen(let screen):
            graph.screens[screen].events.map {
                ("event '\($0.name)' of screen '\(graph.screens[screen].name)'", $0.action)
            }
        case .child(let child):
            graph.children[child].handlers.enumerated().map { index, handler in
                let outcomes = bundle.flows[graph.children[child].flow].outcomes
                let outcome = outcomes.indices.contains(index) ? outcomes[index] : "#\(index)"
                return ("the handler of outcome '\(outcome)' of child '\(graph.children[child].name)'", handler)
            }
        }
    }

    /// What `action` shows next, with every `if` evaluated now: a pushed screen, a started child, a new root.
    private func successors(of action: CompiledAction, in graph: FlowGraph) -> [TargetNode] {
        var current = action
        while true {
            switch current {
            case .conditional(let condition, let then, let otherwise):
                current = host.condition(graph.conditions[condition]) ? then : otherwise
            case .push(let screen, _): return [.screen(screen)]
            case .startChild(let child, _): return [.child(child)]
            case .replaceRoot(let target, _), .show(let target, _): return [target]
            default: return []
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

    /// The first condition, on the way to a `push` or `start` of `target` (with `replacing`, a `replaceRoot`
    /// of it), whose branch the host's current answer does not take.
    private func blockingCondition(_ action: CompiledAction, _ target: TargetNode, in graph: FlowGraph, replacing: Bool)
        -> (name: String, needed: Bool)?
    {
        var pending: [CompiledAction] = [action]
        while let current = pending.popLast() {
            guard case .conditional(let condition, let then, let otherwise) = current else { continue }
            let answer = host.condition(graph.conditions[condition])
            let skipped = answer ? otherwise : then
            if Self.targets(of: skipped, starting: false, replacing: replacing).contains(target) {
                return (graph.conditions[condition], !answer)
            }
            pending.append(answer ? then : otherwise)
        }
        return nil
    }

    /// The targets an action can show, push or start in any branch (`starting`: the shows of a `start`;
    /// otherwise pushes and starts, or with `replacing` the `replaceRoot`s).
    private static func targets(of action: CompiledAction, starting: Bool, replacing: Bool = false) -> [TargetNode] {
        var found: [TargetNode] = []
        var pending: [CompiledAction] = [action]
        while let current = pending.popLast() {
            switch current {
            case .conditional(_, let then, let otherwise):
                pending.append(then)
                pending.append(otherwise)
            case .show(let target, _) where starting: found.append(target)
            case .push(let screen, _) where !starting && !replacing: found.append(.screen(screen))
            case .startChild(let child, _) where !starting && !replacing: found.append(.child(child))
            case .replaceRoot(let target, _) where !starting && replacing: found.append(target)
            default: break
            }
        }
        return found
    }
}
