import FlowModel

/// What a typed route (``ScreenRoute``) sends its events through: a weak reference to the coordinator
/// whose tree holds the route, so a typed route kept by a view never keeps its coordinator alive.
///
/// Every sender compares equal (and hashes alike): two typed routes are equal when their routes are.
public struct RouteSender: Hashable, Sendable {
    private let reference: CoordinatorReference?

    /// A sender that sends to no coordinator: every event is rejected with ``FlowRuntimeError/notRunning``.
    public static let none = RouteSender(nil)

    init(_ reference: CoordinatorReference?) { self.reference = reference }

    /// A sender to `coordinator`.
    @MainActor
    init(_ coordinator: FlowCoordinator) { self.init(CoordinatorReference(coordinator)) }

    /// Sends `event` from `route`: `send(_:from:)`.
    /// - Returns: rejected with ``FlowRuntimeError/notRunning`` when the coordinator is gone; otherwise as
    ///   that method (rejected for an event of another screen or bundle, stale for a removed route).
    @MainActor
    func send(_ event: some ScreenEventConvertible, from route: Route) -> StepResult {
        guard let coordinator = reference?.coordinator else { return StepResult(.rejected, .notRunning) }
        return coordinator.send(event, from: route.token)
    }

    public static func == (lhs: RouteSender, rhs: RouteSender) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

/// A weak reference to a coordinator, shared by the typed routes of its stack objects.
@MainActor
final class CoordinatorReference: Sendable {
    weak var coordinator: FlowCoordinator?
    init(_ coordinator: FlowCoordinator) { self.coordinator = coordinator }
}

/// What a coordinator's stack objects type their routes with: the bundle's content hash, the root flow's
/// name and the sender to the coordinator.
struct RouteTyping {
    let contentHash: String
    let rootFlow: String
    let sender: RouteSender
}
