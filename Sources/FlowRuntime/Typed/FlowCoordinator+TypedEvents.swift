import FlowModel

extension FlowCoordinator {
    /// Reports a typed event (generated code's `ReadingFlow.Event.details(.edit)`) from the route `token`
    /// (nil: the top route).
    ///
    /// Before it sends the event by name (``send(_:from:arguments:)``), it checks what the name alone
    /// cannot: that the event was generated from this coordinator's bundle, and that the sending route shows
    /// the event's screen (another screen may declare an event of the same name with another action).
    /// - Returns: rejected with ``FlowRuntimeError/bundleMismatch(expected:found:)`` or
    ///   ``FlowRuntimeError/eventOfAnotherScreen(event:route:)``; otherwise as ``send(_:from:arguments:)``.
    @discardableResult
    package func send(_ event: some ScreenEventConvertible, from token: RouteToken? = nil) -> StepResult {
        let event = event.screenEvent
        guard event.contentHash == bundle.contentHash else {
            return StepResult(.rejected, .bundleMismatch(expected: event.contentHash, found: bundle.contentHash))
        }
        let path = self.path
        let sender = token.map { token in path.last { $0.token == token } } ?? path.last
        if let sender, sender.flow != event.flow || sender.screen != event.screen {
            return StepResult(.rejected, .eventOfAnotherScreen(event: event.description, route: sender.description))
        }
        return send(event.event, from: token, arguments: event.arguments)
    }
}
