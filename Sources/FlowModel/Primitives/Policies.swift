/// What interactive back does with a route that holds unsaved work.
public enum RemovalPolicy: String, Hashable, Sendable, Codable, CaseIterable {
    /// Remove the route; its work is dropped (the default).
    case discard
    /// Ask the host first; remove only when the person confirms.
    case confirm
    /// Remove the route but keep its draft, so starting the same flow again restores it.
    case preserve
}

/// What a flow does with a deep link that arrives while it is active.
public enum LinkPolicy: String, Hashable, Sendable, Codable, CaseIterable {
    /// Open the link at once (the default).
    case allow
    /// Hold the link until the flow finishes, then open it.
    case queue
    /// Refuse the link.
    case reject
    /// Show the flow's redirect screen instead.
    case redirect
}

/// One `/`-separated segment of a deep-link pattern.
public enum LinkPatternSegment: Hashable, Sendable, Codable {
    /// Must equal the URL's segment exactly.
    case literal(String)
    /// Binds the URL's segment, parsed as `type`, to `name`.
    case placeholder(name: String, type: ParameterType)
}
