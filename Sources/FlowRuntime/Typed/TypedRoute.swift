import FlowModel

/// A generated route enum of a root flow (`ReadingFlow.Route`): one case per screen, holding its
/// ``ScreenRoute``, and one per child flow, holding the child's route enum. Stack objects offer their
/// routes typed (``FlowStackModel/typedRoutes(_:)``).
public protocol TypedRoute: Hashable, Sendable {
    /// The content hash of the bundle the type was generated from.
    static var contentHash: String { get }
    /// The root flow the type types routes of (`reading`).
    static var rootFlow: String { get }
    /// The typed route at `address`, for the flow instance `depth` child declarations below the root.
    /// - Throws: ``GeneratedFlowError/unknownRoute(_:)`` for a route of other flows than the type's.
    init(_ address: RouteAddress, at depth: Int) throws(GeneratedFlowError)
    /// The runtime route.
    var route: Route { get }
}
