/// A compiled deep link: a URL path pattern and the complete route list it opens.
public struct LinkNode: Hashable, Sendable, Codable {
    /// The pattern as written (`/books/{bookID:int}`), for display.
    public var pattern: String
    /// The pattern's `/`-separated segments.
    public var segments: [LinkPatternSegment]
    /// The routes, first to last. Each addresses the flow in effect at that point: the flow that
    /// declares the link, or the flow of the nearest child route before it.
    public var routes: [LinkRouteNode]

    public init(pattern: String, segments: [LinkPatternSegment], routes: [LinkRouteNode]) {
        self.pattern = pattern
        self.segments = segments
        self.routes = routes
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
