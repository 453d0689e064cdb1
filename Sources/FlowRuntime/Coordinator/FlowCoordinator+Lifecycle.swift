import FlowModel

/// Starting and stopping: each one step through the one commit.
extension FlowCoordinator {
    /// Runs the root flow's start. Also restarts a stopped or finished coordinator.
    /// - Returns: rejected with ``FlowRuntimeError/alreadyRunning`` while running, or with the start's error.
    @discardableResult
    public func start() -> StepResult { step(startNow) }

    private func startNow() -> StepResult {
        guard currentStatus != .running else { return .rejected(.alreadyRunning) }
        var transition = Transition(context: context, state: freshState())
        do throws(FlowRuntimeError) {
            try transition.run(bundle.flows[rootFlow].start, at: 0, scope: ArgumentScope(rootFrame))
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        setStatus(.running)
        return commit(&transition)
    }

    /// Empties the path and cancels every flow instance (their completions become inert). Always applies.
    @discardableResult
    public func stop() -> StepResult { step { stopNow() } }

    /// Ends every flow instance through the one commit: the emptied state keeps the token and id counters,
    /// and the links the instances held are reported dropped because the coordinator stopped.
    /// - Parameter cause: `stop`, or `back` when back emptied the path (``StepResult/removed``).
    func stopNow(cause: RemovedFlow.Cause = .stop) -> StepResult {
        var transition = Transition(context: context, state: emptiedState(), cause: cause)
        let result = commit(&transition, droppingLinksBecause: "the coordinator stopped")
        if currentStatus == .running { setStatus(.stopped) }
        return result
    }
}
