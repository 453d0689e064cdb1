/// A compiled deep link: a URL path pattern and the complete route list it opens.
public struct LinkNode: Hashable, Sendable, Codable {
    /// The pattern as written (`/books/{bookID:int}`), for display.
    public var pattern: String
    /// The pattern's `/`-separated segments.
    public var segments: [LinkPatternSegment]
    /// The routes, first to last. Each addresses the flow in effect at that point: the flow that
    /// declares the link, or the flow of the nearest child route before it.
    public var routes: [LinkRouteNode]
    /// `when:` (format 1.1): host conditions, by name, that must all hold for `routes` to open; nil when none.
    public var guardConditions: [String]?
    /// `otherwise:` (format 1.1): what opens while a guard condition does not hold.
    public var otherwise: LinkOtherwiseNode?
    /// `tabs:` (format 1.2): what the link does to a shown tab set its routes pass through; nil is
    /// ``LinkTabsPolicy/keep``.
    public var tabs: LinkTabsPolicy?

    public init(
        pattern: String, segments: [LinkPatternSegment], routes: [LinkRouteNode],
        guardConditions: [String]? = nil, otherwise: LinkOtherwiseNode? = nil
    ) {
        self.pattern = pattern
        self.segments = segments
        self.routes = routes
        self.guardConditions = guardConditions
        self.otherwise = otherwise
    }
}

/// A guarded link's `otherwise` (format 1.1): the route list opened instead, and the outcome of the
/// guarding flow (the flow of the last child route) after which the original link opens again.
public struct LinkOtherwiseNode: Hashable, Sendable, Codable {
    /// The routes, relative to the flow in effect, like a link's.
    public var routes: [LinkRouteNode]
    /// The index, in the guarding flow's outcomes, of the outcome that continues the link; nil drops it.
    public var continueOn: Int?

    public init(routes: [LinkRouteNode], continueOn: Int? = nil) {
        self.routes = routes
        self.continueOn = continueOn
    }
}

/// One route of a compiled deep link: a screen to show or a child flow to start, with arguments
/// whose ``ArgumentSource/parameter(_:)`` sources name the pattern's placeholders.
public struct LinkRouteNode: Hashable, Sendable, Codable {
    public var target: TargetNode
    public var arguments: [ArgumentNode]

    public init(target: TargetNode, arguments: [ArgumentNode] = []) {
        self.target = target
        self.arguments = arguments
    }
}
