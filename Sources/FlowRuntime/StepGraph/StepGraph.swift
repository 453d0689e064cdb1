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
