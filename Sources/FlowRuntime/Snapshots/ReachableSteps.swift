import FlowModel

/// Which routes steps can put where, read from a bundle's flows: what a restore accepts, before the
/// host's conditions are asked (``LinkConditions`` evaluates those, as for a deep link).
///
/// A state is reachable when each instance begins with something its flow can show first, each next
/// route is one `push` (or a child one `start`) away from the route below it, and each child instance runs
/// on top of a route that starts it. "One step away from route X" counts every way steps build paths:
/// X's events (`push`, `start`, either branch of a conditional), the outcome handlers of the children
/// that can run above X (children X's events start, and those their handlers start, transitively:
/// a handler runs on top of the route its child was started from), and the flow's `redirect` screen
/// (pushed on any of its routes by the `redirect` link policy). A deep link's next routes are pushed or
/// started by the screen below them (the coordinator refuses any other), so they add nothing. First routes
/// are the targets of `start` and `replaceRoot`, a tab set's tabs and the children its handlers start
/// (presented over the tab bar), and, for the root flow, a deep link's first route and the `linkFallback`
/// screen. Computed for the flows a restore asks about, when asked (linear in their size), never for the
/// whole bundle.
struct ReachableSteps {
    private let bundle: FlowBundle
    private let rootFlow: Int
    /// Per flow: what it can show first.
    private var firsts: [Int: Set<TargetNode>] = [:]
    /// Per flow, per screen: what can come right after a route of the screen, by its events and otherwise
    /// (a handler of a child that runs above it, the `redirect` screen).
    private var nexts: [Int: [(events: Set<TargetNode>, others: Set<TargetNode>)]] = [:]

    init(bundle: FlowBundle, rootFlow: Int) {
        self.bundle = bundle
        self.rootFlow = rootFlow
    }

    /// Whether the flow `flow` can show `target` as its first route (or, without routes, run it as its child).
    mutating func canShowFirst(_ target: TargetNode, in flow: Int) -> Bool {
        if let known = firsts[flow] { return known.contains(target) }
        let graph = bundle.flows[flow]
        var targets: Set<TargetNode> = []
        Self.collect(graph.start, starting: true, into: &targets)
        for screen in graph.screens {
            for event in screen.events { Self.collect(event.action, starting: false, into: &targets) }
        }
        for child in graph.children {
            for handler in child.handlers { Self.collect(handler, starting: false, into: &targets) }
        }
        for tab in graph.tabs { targets.insert(.child(tab.child)) }
        // A tab flow has no routes: what its handlers start (a sheet or cover over the tab bar) is its first.
        if !graph.tabs.isEmpty {
            for child in graph.children {
                for handler in child.handlers { Self.collect(handler, starting: false, pushes: true, into: &targets) }
            }
        }
        if flow == rootFlow {
            for link in graph.links { if let route = link.routes.first { targets.insert(route.target) } }
            if let fallback = graph.linkFallback { targets.insert(.screen(fallback)) }
        }
        firsts[flow] = targets
        return targets.contains(target)
    }

    /// Whether a step can put `target` (a screen, or a child instance) right after a route of `screen` in `flow`.
    mutating func canFollow(_ screen: Int, with target: TargetNode, in flow: Int) -> Bool {
        guard let next = successors(of: screen, in: flow) else { return false }
        return next.events.contains(target) || next.others.contains(target)
    }

    /// Whether only the events of `screen` put `target` right after it (so their `if`s decide whether it can
    /// be there now), not a child's handler or the `redirect` policy.
    mutating func followsOnlyByEvents(_ screen: Int, with target: TargetNode, in flow: Int) -> Bool {
        guard let next = successors(of: screen, in: flow) else { return false }
        return next.events.contains(target) && !next.others.contains(target)
    }

    private mutating func successors(of screen: Int, in flow: Int) -> (
        events: Set<TargetNode>, others: Set<TargetNode>
    )? {
        if nexts[flow] == nil { nexts[flow] = successors(in: flow) }
        return nexts[flow].flatMap { $0.indices.contains(screen) ? $0[screen] : nil }
    }

    private func successors(in flow: Int) -> [(events: Set<TargetNode>, others: Set<TargetNode>)] {
        let graph = bundle.flows[flow]
        return graph.screens.indices.map { screen in
            var byEvents: Set<TargetNode> = []
            for event in graph.screens[screen].events {
                Self.collect(event.action, starting: false, pushes: true, into: &byEvents)
            }
            // The children that can run above the screen, and what their handlers push or start on it.
            var others: Set<TargetNode> = []
            var pending = byEvents.compactMap { target -> Int? in
                if case .child(let child) = target { child } else { nil }
            }
            var seen = Set(pending)
            while let child = pending.popLast() {
                for handler in graph.children[child].handlers {
                    var added: Set<TargetNode> = []
                    Self.collect(handler, starting: false, pushes: true, into: &added)
                    for target in added {
                        others.insert(target)
                        if case .child(let next) = target, seen.insert(next).inserted { pending.append(next) }
                    }
                }
            }
            if let redirect = graph.linkRedirect { others.insert(.screen(redirect)) }
            return (byEvents, others)
        }
    }

    /// The targets `action` shows: with `pushes`, what it adds on top (`push`, `start`); otherwise what it
    /// leaves as a flow's first route (`show` when `starting`, `replaceRoot` always). Both conditional branches.
    /// Recursion follows the nesting of conditionals in one action, which the loader's depth limit bounds.
    private static func collect(
        _ action: CompiledAction, starting: Bool, pushes: Bool = false, into targets: inout Set<TargetNode>
    ) {
        switch action {
        case .push(let screen, _) where pushes: targets.insert(.screen(screen))
        case .startChild(let child, _) where pushes: targets.insert(.child(child))
        case .show(let target, _) where starting && !pushes: targets.insert(target)
        case .replaceRoot(let target, _) where !pushes: targets.insert(target)
        case .conditional(_, let then, let otherwise):
            collect(then, starting: starting, pushes: pushes, into: &targets)
            collect(otherwise, starting: starting, pushes: pushes, into: &targets)
        default: break
        }
    }
}
