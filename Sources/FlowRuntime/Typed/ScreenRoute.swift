import FlowModel

/// The typed route of one screen, as a case of a generated route enum carries it
/// (`ReadingFlow.Route.details(ScreenRoute<ReadingFlow.DetailsEvent>, bookID: Int)`): the runtime ``Route``
/// it was made from and `send` typed to that screen's own events, so an event of another screen does not
/// compile and no token is paired with an event by hand.
///
/// ```swift
/// switch stack.typed(route, as: ReadingFlow.Route.self) {
/// case .details(let details, let bookID):
///     Button("Edit \(bookID)") { details.send(.edit) }
/// …
/// }
/// ```
///
/// `Event` is the screen's generated event enum (`Never` for a screen that declares none: nothing to
/// send). Two screen routes are equal when their routes are (``Route/==(_:_:)``).
public struct ScreenRoute<Event: Sendable>: Hashable, Sendable {
    /// The runtime route: token, instance, flow, screen and arguments.
    public let route: Route
    private let sender: RouteSender

    /// The screen route of the route at `address` (made by a stack object or ``RouteAddress``'s
    /// coordinator initializer).
    /// - Throws: ``GeneratedFlowError/unknownRoute(_:)`` for an address made by hand, without a route.
    public init(_ address: RouteAddress) throws(GeneratedFlowError) {
        guard let route = address.route else {
            throw .unknownRoute("\(address): the address names no route of a coordinator")
        }
        self.route = route
        sender = address.sender
    }

    public static func == (lhs: ScreenRoute, rhs: ScreenRoute) -> Bool { lhs.route == rhs.route }
    public func hash(into hasher: inout Hasher) { hasher.combine(route) }
}

extension ScreenRoute where Event: ScreenEventConvertible {
    /// Reports `event` from this route: one coordinator step (the event by name, after the checks of a
    /// typed event: the same bundle, the route's screen).
    /// - Returns: the step's result; stale when the route is gone; rejected with
    ///   ``FlowRuntimeError/notRunning`` when the coordinator is gone.
    @MainActor
    @discardableResult
    public func send(_ event: Event) -> StepResult { sender.send(event, from: route) }
}
