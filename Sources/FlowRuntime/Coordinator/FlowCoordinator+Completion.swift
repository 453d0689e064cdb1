import FlowModel

/// A flow instance's completion (``FlowInstance/finish(_:arguments:)``), delivered once.
extension FlowCoordinator {
    /// A flow instance's completion: finishes it unless it is gone; re-arms it when the step is rejected
    /// (also when it was called from a host closure in the middle of another step).
    func complete(_ id: FlowInstanceID, outcome: String, arguments: [String: Value]) -> StepResult {
        let result = step { completeNow(id, outcome: outcome, arguments: arguments) }
        if result.status == .rejected || result.status == .pending {
            if let depth = state.depth(of: id) {
                instances.existing(at: depth)?.rearm()
            } else {
                instances.kept(id)?.rearm()
            }
        }
        return result
    }

    private func completeNow(_ id: FlowInstanceID, outcome: String, arguments: [String: Value]) -> StepResult {
        guard currentStatus == .running, let depth = state.depth(of: id) else {
            if currentStatus == .running, isInKeptTab(id) { return .rejected(.instanceInKeptTab(id)) }
            return .stale(.instanceNotAlive(id))
        }
        let flow = state.chain[depth].flow
        var transition = Transition(context: context, state: makeEdit())
        do throws(FlowRuntimeError) {
            guard let index = bundle.flows[flow].outcomes.firstIndex(of: outcome) else {
                throw FlowRuntimeError.unknownOutcome(flow: bundle.flows[flow].name, outcome: outcome)
            }
            // Read in place: `let graph = bundle.flows[flow]` would copy the whole graph, and so does a call of
            // the graph's `parameters(ofOutcome:)` (PERFORMANCE.md, "Round 16, rtcommit").
            let values = try transition.binding.bind(
                values: arguments, to: transition.outcomeParameters(of: flow, outcome: index),
                receiver: Transition.outcomeReceiver(bundle, flow: flow, outcome: index))
            try transition.finish(at: depth, outcome: index, values: values)
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        return conclude(
            &transition, sender: nil, note: nil, replay: { $0.completeNow(id, outcome: outcome, arguments: arguments) })
    }
}
