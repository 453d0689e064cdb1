import FlowModel
import FlowRuntime

/// Explores what a flow's coordinator can reach: breadth first from a new coordinator, every step a
/// person, the host or the system can take in each state (``ExplorationActions``), run by the runtime's
/// own step exactly as `flowc run` runs the script line, and every ``Guarantee`` checked on every step.
///
/// A state is the coordinator's state copied (``FlowRuntime/CoordinatorStateCopy``) with the host's
/// answers: a step restores the copy and runs once, so it costs one runtime step, not a replay. States are
/// compared up to route tokens and instance ids. Each reached state keeps its parent and the step from
/// it, so the shortest script to any state (``ExplorationReport/witness(of:)``) is rebuilt on demand, and
/// each finding's witness is a script `flowc run` reproduces. Bounds: ``ExplorationBounds``; the report
/// says whether the exploration was complete.
@MainActor
package enum FlowExplorer {
    /// Explores the root flow `flow` of `bundle`.
    /// - Throws: ``FlowRuntimeError`` when the flow cannot be a root flow (unknown, or with parameters
    ///   that have no default).
    /// - Parameter observe: called for every step, in breadth-first order, with the step's script, result
    ///   and trace line on demand (``ExploredStep``; `flowc paths` reads them). The trace line is built from
    ///   the coordinator the step ran on (``FlowScript/TraceLine/init(line:text:result:coordinator:)``, as
    ///   `flowc run` builds it) when the observer asks for it: nothing is replayed.
    package static func explore(
        _ bundle: FlowBundle, flow: String, bounds: ExplorationBounds = ExplorationBounds(),
        observe: ((ExploredStep) -> Void)? = nil
    ) throws(FlowRuntimeError) -> ExplorationReport {
        guard bundle.flowIndex(named: flow) != nil else { throw .unknownFlow(flow) }
        var exploration = try Exploration(bundle: bundle, flow: flow, bounds: bounds)
        exploration.observe = observe
        return exploration.run()
    }

    /// The flows of `bundle` that can be explored as roots: those no other flow runs as a child, whose
    /// parameters all have defaults, in bundle order.
    package static func rootFlows(of bundle: FlowBundle) -> [String] {
        let children = Set(bundle.flows.flatMap { $0.children.map(\.flow) })
        return bundle.flows.indices.filter { index in
            !children.contains(index) && bundle.flows[index].parameters.allSatisfy { $0.defaultValue != nil }
        }.map { bundle.flows[$0].name }
    }
}
