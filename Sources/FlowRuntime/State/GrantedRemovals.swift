// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// The `confirm` routes the person decided to remove (``FlowCoordinator/confirmRemoval()``), as the removal
/// guard asks about them while the waiting step runs again.
///
/// A few routes are compared one by one; past eight, a set answers each question in constant time.
struct GrantedRemovals {
    private var routes: [Route] = []
    private var tokens: Set<RouteToken>?

    /// Nothing granted.
    init() {}

    /// `routes` granted.
    init(_ routes: [Route]) {
        self.routes = routes
        if routes.count > 8 { tokens = Set(routes.map(\.token)) }
    }

    /// The routes granted, as given.
    var granted: [Route] { routes }

    /// Whether the route `token` names was granted.
    func contains(_ token: RouteToken) -> Bool {
        if let tokens { return tokens.contains(token) }
        for route in routes where route.token == token { return true }
        return false
    }
}
