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

/// What a deep link does to the tab set it opens into when that tab set is shown (since format 1.2).
public enum LinkTabsPolicy: String, Hashable, Sendable, Codable, CaseIterable {
    /// Keep the shown tab flow and its other tabs' stacks: select the link's tab and replace only that tab's
    /// stack (the default).
    case keep
    /// Build the whole state from the link's routes: every other tab starts afresh when next selected.
    case replace
}

/// What interactive back does at the first route of a tab that is not the tab set's first (since format 1.2).
public enum TabBackPolicy: String, Hashable, Sendable, Codable, CaseIterable {
    /// Back is refused (``FlowRuntimeError/tabFirstRoute(tab:)``): a tab lives as long as its tab flow (the default).
    case refuse
    /// Back selects the tab set's first tab; the tab left keeps its stack (Material's back behaviour).
    case selectFirstTab
}

/// One `/`-separated segment of a deep-link pattern.
public enum LinkPatternSegment: Hashable, Sendable, Codable {
    /// Must equal the URL's segment exactly.
    case literal(String)
    /// Binds the URL's segment, parsed as `type`, to `name`.
    case placeholder(name: String, type: ParameterType)
}
