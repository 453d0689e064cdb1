import FlowModel

extension FlowCoordinator {
    /// The flow (its index in the bundle) of instance `id` when it is on the shown chain: exactly when
    /// ``instance(_:)`` gives a handle of it. Nil otherwise (a kept tab's instance, one that is gone, an id
    /// never made).
    package func shownInstanceFlow(_ id: FlowInstanceID) -> Int? {
        guard let depth = state.depth(of: id) else { return nil }
        return state.chain[depth].flow
    }

    /// `instance(id)!.finish(outcome, arguments: arguments)` for an instance on the shown chain
    /// (``shownInstanceFlow(_:)`` is not nil), without creating the handle when the host never asked for
    /// it: the same step and result. The explorer finishes instances this way: creating the handle (and
    /// cancelling it when the next state is restored) cost it about 5% of `flowc check Flows`'s
    /// instructions. Speed: PERFORMANCE.md, "Round 16, explorer".
    package func finishShownInstance(
        _ id: FlowInstanceID, outcome: String, arguments: [String: Value]
    ) -> StepResult {
        // An id not on the shown chain (a kept tab's, one gone, one never made): the completion's own refusal.
        if let depth = state.depth(of: id), let object = instances.existing(at: depth) {
            return object.finish(outcome, arguments: arguments)
        }
        return complete(id, outcome: outcome, arguments: arguments)
    }

    /// Whether the coordinator holds a handle of any instance (``instance(_:)`` made one that is not
    /// cancelled): which of ``finishShownInstance(_:outcome:arguments:)``'s two courses a finish takes.
    package var holdsInstanceHandles: Bool { instances.hasObjects }
}
