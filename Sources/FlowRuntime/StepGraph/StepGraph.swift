import FlowModel

/// What every step of a bundle can do, read once from its compiled flows: per flow (``FlowSteps``), what
/// each screen's events, each child's outcome handlers, the `start`, the tabs and the links can push,
/// start, select, replace the root with or show first, with their argument recipes and the conditional
/// choices on the way.
///
/// ``Transition`` runs a step from the compiled action itself; this graph is what the checks that ask
/// what steps *could* have done read instead of walking the actions again: restore's reachability and
/// argument checks (``SnapshotSteps``) and a deep link's conditions (``LinkConditions``). A coordinator
/// builds the part of a flow when it first needs it (``StepContext/steps(of:)``); the whole graph,
/// ``init(bundle:)``, is linear in the bundle's size (docs/RUNNING.md, "The step graph").
package struct StepGraph: Hashable, Sendable {
    /// By flow index.
    package var flows: [FlowSteps]

    /// The step graph of every flow of `bundle` (a bundle that passed its integrity checks).
    package init(bundle: FlowBundle) {
        flows = bundle.flows.indices.map { FlowSteps(bundle: bundle, flow: $0) }
    }
}

extension FlowSteps {
    /// The screens and children the flow's steps reach from its `start`, the tabs, the fallback and the
    /// `redirect` screen, following every leaf of every site of what they reach (a screen's events, a
    /// child's handlers): what the validator's reachability (FC301) answers from the definitions.
    package var reachable: Set<TargetNode> {
        var reached: Set<TargetNode> = []
        var pending: [TargetNode] = []
        func reach(_ target: TargetNode?) {
            if let target, reached.insert(target).inserted { pending.append(target) }
        }
        for leaf in start.leaves { reach(leaf.destination) }
        for tab in tabs { reach(.child(tab.child)) }
        reach(fallback.map(TargetNode.screen))
        reach(redirect.map(TargetNode.screen))
        while let target = pending.popLast() {
            for site in sites(of: target) {
                for leaf in site.leaves { reach(leaf.destination) }
            }
        }
        return reached
    }

    /// The sites that run while `target` is shown: a screen's events, a child's outcome handlers.
    package func sites(of target: TargetNode) -> [StepSite] {
        switch target {
        case .screen(let screen): events.indices.contains(screen) ? events[screen] : []
        case .child(let child): handlers.indices.contains(child) ? handlers[child] : []
        }
    }
}

extension StepLeaf {
    /// What the leaf shows: the target of a `push`, `start`, `replaceRoot` or `show`.
    package var destination: TargetNode? { pushed ?? replaced ?? shown }
}

extension StepGraph {
    /// The conditional choices a link's route list passes through, in route order, each with the flow
    /// that asks it: for the first route, the choices of `start` that show it (else of the first site,
    /// `start`, events, then handlers, whose `replaceRoot` shows it); for a route after a screen route,
    /// the first event of that screen that pushes or starts it; for a route after a child route, the
    /// choices of the child's `start` to the child it names, or to a screen of its `start` whose event
    /// leads to it. What `flowc links` prints from the definitions (`LinkConditionReport`); the runtime
    /// evaluates the same choices when the link opens (``LinkConditions``).
    package func choices(along routes: [LinkRouteNode], from root: Int, in bundle: FlowBundle) -> [(
        flow: Int, choice: StepChoice
    )] {
        var found: [(flow: Int, choice: StepChoice)] = []
        var flow = root
        var previous: TargetNode?
        func add(_ choices: [StepChoice]?, in flow: Int) { found += (choices ?? []).map { (flow, $0) } }
        for route in routes {
            let steps = flows[flow]
            switch previous {
            case nil:
                let shown = steps.start.leaves.first { $0.shown == route.target }?.choices
                let replaced = ([steps.start] + steps.events.joined() + steps.handlers.joined()).lazy.compactMap {
                    $0.leaves.first { $0.replaced == route.target }?.choices
                }.first
                add(shown ?? replaced, in: flow)
            case .screen(let screen)?:
                add(steps.firstChoices(pushing: route.target, from: screen), in: flow)
            case .child?:
                if case .child = route.target,
                    let choices = steps.start.leaves.first(where: { $0.shown == route.target })?.choices
                {
                    add(choices, in: flow)
                    break
                }
                for leaf in steps.start.leaves {
                    guard case .screen(let screen)? = leaf.shown,
                        let step = steps.firstChoices(pushing: route.target, from: screen)
                    else { continue }
                    add(leaf.choices + step, in: flow)
                    break
                }
            }
            previous = route.target
            if case .child(let child) = route.target { flow = bundle.flows[flow].children[child].flow }
        }
        return found
    }
}

extension FlowSteps {
    /// The choices of the first event of `screen` that pushes or starts `target`, to its first leaf that
    /// does; nil when no event does.
    package func firstChoices(pushing target: TargetNode, from screen: Int) -> [StepChoice]? {
        guard events.indices.contains(screen) else { return nil }
        return events[screen].lazy.compactMap { $0.leaves.first { $0.pushed == target }?.choices }.first
    }
}
