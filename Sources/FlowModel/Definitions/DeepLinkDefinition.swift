/// A typed placeholder of a deep-link URL pattern: `{bookID:int}` (a bare `{name}` is a `string`).
public struct LinkPlaceholder: Hashable, Sendable {
    public var name: Located<String>
    public var type: ParameterType

    public init(name: Located<String>, type: ParameterType) {
        self.name = name
        self.type = type
    }
}

/// One route of a deep link's route list: a screen of the current flow or a child flow to start,
/// with its arguments. Routes after a child address that child's screens.
public struct LinkRouteDefinition: Hashable, Sendable {
    public var name: Located<String>
    public var arguments: [ArgumentDefinition]

    public init(name: Located<String>, arguments: [ArgumentDefinition]) {
        self.name = name
        self.arguments = arguments
    }
}

/// A deep-link entry: a URL path pattern mapped to a complete route list (an explicit back stack).
///
/// `"/books/{bookID:int}": [library, { details: { bookID: $bookID } }]`.
public struct DeepLinkDefinition: Hashable, Sendable {
    /// The pattern as written.
    public var pattern: Located<String>
    /// The pattern split at `/`, placeholders typed.
    public var segments: [LinkSegment]
    public var routes: [LinkRouteDefinition]

    public init(pattern: Located<String>, segments: [LinkSegment], routes: [LinkRouteDefinition]) {
        self.pattern = pattern
        self.segments = segments
        self.routes = routes
    }

    /// The placeholders of the pattern, in order.
    public var placeholders: [LinkPlaceholder] {
        segments.compactMap { segment in
            if case .placeholder(let name, let type) = segment.kind {
                return LinkPlaceholder(name: Located(name, at: segment.location), type: type)
            }
            return nil
        }
    }
}

/// One `/`-separated segment of a link pattern, with its location inside the pattern.
public struct LinkSegment: Hashable, Sendable {
    public var kind: LinkPatternSegment
    public var location: SourceLocation

    public init(_ kind: LinkPatternSegment, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}
