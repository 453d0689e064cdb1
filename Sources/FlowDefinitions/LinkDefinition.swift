import FlowModel

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

/// Where a guarded link goes while its `when:` conditions do not hold (since format 1.1):
/// `otherwise: { routes: [signIn], continueOn: signedIn }`, or a bare route list.
public struct LinkOtherwiseDefinition: Hashable, Sendable {
    /// The route list opened instead (a complete back stack, like a link's).
    public var routes: [LinkRouteDefinition]
    /// The outcome of the guarding flow (the flow of the last child route of `routes`) after which the
    /// original link is opened again; nil drops the original link.
    public var continueOn: Located<String>?
    /// Where `otherwise` is written (its key).
    public var location: SourceLocation

    public init(routes: [LinkRouteDefinition], continueOn: Located<String>? = nil, location: SourceLocation) {
        self.routes = routes
        self.continueOn = continueOn
        self.location = location
    }
}

/// A deep-link entry: a URL path pattern mapped to a complete route list (an explicit back stack).
///
/// `"/books/{bookID:int}": [library, { details: { bookID: $bookID } }]`, or (since format 1.1) a guarded
/// link: `{ when: isSignedIn, routes: [...], otherwise: { routes: [signIn], continueOn: signedIn } }`.
public struct LinkDefinition: Hashable, Sendable {
    /// The pattern as written.
    public var pattern: Located<String>
    /// The pattern split at `/`, placeholders typed.
    public var segments: [LinkSegment]
    public var routes: [LinkRouteDefinition]
    /// `when:`: host conditions that must all hold for `routes` to open (since format 1.1).
    public var guardConditions: [Located<String>]
    /// `otherwise:`: what opens while a guard condition does not hold (since format 1.1).
    public var otherwise: LinkOtherwiseDefinition?
    /// `aliases:` (since format 1.2): the link's former URL patterns, which open it too.
    public var aliases: [LinkAliasDefinition] = []
    /// `tabs:` (since format 1.2): what the link does to a shown tab set its routes pass through; nil keeps
    /// the other tabs (``LinkTabsPolicy/keep``).
    public var tabs: Located<LinkTabsPolicy>?

    public init(
        pattern: Located<String>, segments: [LinkSegment], routes: [LinkRouteDefinition],
        guardConditions: [Located<String>] = [], otherwise: LinkOtherwiseDefinition? = nil
    ) {
        self.pattern = pattern
        self.segments = segments
        self.routes = routes
        self.guardConditions = guardConditions
        self.otherwise = otherwise
    }

    /// The route lists the link can open, each as a link with this pattern: the link itself, then its
    /// `otherwise` routes (so that the route rules check both the same way).
    public var routeLists: [LinkDefinition] {
        guard let otherwise else { return [self] }
        return [self, LinkDefinition(pattern: pattern, segments: segments, routes: otherwise.routes)]
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

/// A former URL pattern of a link (`aliases: ["/article/{id:int}"]`, since format 1.2).
public struct LinkAliasDefinition: Hashable, Sendable {
    /// The pattern as written.
    public var pattern: Located<String>
    /// The pattern split at `/`, placeholders typed.
    public var segments: [LinkSegment]

    public init(pattern: Located<String>, segments: [LinkSegment]) {
        self.pattern = pattern
        self.segments = segments
    }

    /// The placeholders of the pattern, in order.
    public var placeholders: [LinkPlaceholder] {
        LinkDefinition(pattern: pattern, segments: segments, routes: []).placeholders
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
