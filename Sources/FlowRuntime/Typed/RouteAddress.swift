import FlowModel

/// Where a route of a coordinator's tree sits in its flows, by name: the child declarations from the root
/// flow instance down to the route's instance, then the route's flow, screen and arguments, and the route
/// itself with the sender its typed route sends through.
///
/// Generated typed routes are built from it: `[edit]` + `edit.editor(bookID: 7)` is
/// `ReadingFlow.Route.edit(.editor(EditFlow.EditorRoute))` whose `bookID` is 7, in a coordinator whose
/// root flow is `reading`.
public struct RouteAddress: Hashable, Sendable, CustomStringConvertible {
    /// The coordinator's root flow.
    public var rootFlow: String
    /// The child declarations from the root instance down to the route's instance (empty for a route of
    /// the root flow); `app` → `main` → `posts` is `["main", "posts"]`.
    public var children: [String]
    /// The route's flow.
    public var flow: String
    /// The route's screen.
    public var screen: String
    /// The route's arguments, by parameter name, defaults filled in.
    public var arguments: [String: Value]
    /// The runtime route the address was made from; nil for an address made by hand.
    public var route: Route?
    /// Where the typed route sends its events (``RouteSender/none`` for an address made by hand).
    public var sender: RouteSender

    public init(
        rootFlow: String, children: [String], flow: String, screen: String, arguments: [String: Value],
        route: Route? = nil, sender: RouteSender = .none
    ) {
        self.rootFlow = rootFlow
        self.children = children
        self.flow = flow
        self.screen = screen
        self.arguments = arguments
        self.route = route
        self.sender = sender
    }

    /// The address of `route`, a route of a stack of `coordinator`'s tree: shown, or in a kept tab
    /// (``FlowStackModel/typedRoutes(_:)`` offers them cached). It reads the state without observing it.
    ///
    /// - Throws: ``GeneratedFlowError/bundleMismatch(expected:found:)`` when `contentHash` is not the
    ///   coordinator's bundle's; ``GeneratedFlowError/otherRootFlow(expected:found:)`` when the coordinator's
    ///   root flow is not `rootFlow`; ``GeneratedFlowError/routeNotOnPath(_:)`` when no stack of the tree
    ///   holds the route (removed, or another coordinator's).
    @MainActor
    public init(_ route: Route, in coordinator: FlowCoordinator, contentHash: String, rootFlow: String)
        throws(GeneratedFlowError)
    {
        try Self.check(coordinator, contentHash: contentHash, rootFlow: rootFlow)
        guard let lineage = coordinator.lineage(of: route) else { throw .routeNotOnPath(route.description) }
        self.init(route, lineage: lineage, rootFlow: rootFlow, sender: RouteSender(coordinator))
    }

    /// The address of `route`, whose instance chain's child declarations are `lineage` (chain positions 1 on).
    init(_ route: Route, lineage: [String], rootFlow: String, sender: RouteSender) {
        self.init(
            rootFlow: rootFlow, children: Array(lineage.prefix(route.depth)), flow: route.flow,
            screen: route.screen, arguments: route.arguments, route: route, sender: sender)
    }

    /// Checks that typed code generated from the bundle `contentHash` with root flow `rootFlow` types the
    /// routes of `coordinator`.
    @MainActor
    static func check(_ coordinator: FlowCoordinator, contentHash: String, rootFlow: String)
        throws(GeneratedFlowError)
    {
        guard contentHash == coordinator.bundle.contentHash else {
            throw .bundleMismatch(expected: contentHash, found: coordinator.bundle.contentHash)
        }
        guard coordinator.flowName == rootFlow else {
            throw .otherRootFlow(expected: rootFlow, found: coordinator.flowName)
        }
    }

    /// The child declaration at `depth` (0: the one the root instance started), or nil when the route
    /// belongs to the instance at `depth`.
    public func child(at depth: Int) -> String? { depth < children.count ? children[depth] : nil }

    /// The argument `name`, typed.
    /// - Throws: ``GeneratedFlowError/unknownRoute(_:)`` when the route has no such argument or it is of
    ///   another type (a route of other flows than the typed code was generated from).
    public func argument<T: FlowValueConvertible>(_ name: String, as type: T.Type = T.self) throws(GeneratedFlowError)
        -> T
    {
        guard let value = arguments[name], let typed = T(flowValue: value) else {
            throw .unknownRoute("\(self): no \(T.parameterType.rawValue) argument '\(name)'")
        }
        return typed
    }

    /// The error for a child declaration or screen at `depth` that the typed code does not know.
    public func unknown(at depth: Int, in flow: String) -> GeneratedFlowError {
        if let child = child(at: depth) {
            return .unknownRoute("\(self): flow '\(flow)' declares no child '\(child)'")
        }
        return .unknownRoute("\(self): flow '\(flow)' has no screen '\(screen)'")
    }

    /// `root/child/…: flow.screen(name: value, …)`, arguments sorted by name.
    public var description: String {
        let list = arguments.keys.sorted().map { "\($0): \(arguments[$0]!)" }.joined(separator: ", ")
        let route = "\(flow).\(screen)" + (list.isEmpty ? "" : "(\(list))")
        return ([rootFlow] + children).joined(separator: "/") + ": " + route
    }
}
