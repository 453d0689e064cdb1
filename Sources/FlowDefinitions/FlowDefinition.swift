import FlowModel

/// One flow as written in a flow file, every part located. See docs/FORMAT.md.
public struct FlowDefinition: Hashable, Sendable {
    /// `flow: NAME`.
    public var name: Located<String>
    /// `description:`: free text about the flow (generated Swift copies it into doc comments).
    public var description: String?
    /// Typed input parameters (`params:`), passed by the parent that starts the flow.
    public var parameters: [ParameterDefinition]
    /// Declared host conditions (`conditions: [isLoggedIn]`), evaluated by the host at run time.
    public var conditions: [Located<String>]
    /// `start:`: a screen or child name, or a conditional choice between them.
    public var start: ActionDefinition
    /// The outcomes the flow can finish with (`outcomes: [saved, discarded]`).
    public var outcomes: [Located<String>]
    /// The parameters of the outcomes that declare some (`outcomes: { created: { params: { postID: int } } }`,
    /// since format 1.1), by outcome name: what a `finish` with that outcome passes to the parent's handler.
    public var outcomeParameters: [String: [ParameterDefinition]]
    public var screens: [ScreenDefinition] { didSet { screenIndex = Self.firstIndexes(screens, \.name.value) } }
    public var children: [ChildDefinition] { didSet { childIndex = Self.firstIndexes(children, \.name.value) } }
    public var links: [LinkDefinition]
    /// What happens to a deep link that arrives while this flow is active (`linkPolicy:`).
    public var linkPolicy: LinkPolicyDefinition?
    /// Where a deep link that fails validation goes instead (`linkFallback: SCREEN`); nil leaves the state untouched.
    public var linkFallback: Located<String>?
    /// `backAtTabRoot:` (since format 1.2), for a tab flow: what back at the first route of a tab other than
    /// the first does; nil refuses it (``TabBackPolicy/refuse``).
    public var backAtTabRoot: Located<TabBackPolicy>?
    /// The flow's tab set (`tabs:`, since format 1.1), in display order; empty for a flow without tabs.
    public var tabs: [TabDefinition] { didSet { tabIndex = Self.firstIndexes(tabs, \.name.value) } }
    /// Where `tabs:` is written, when it is.
    public var tabsLocation: SourceLocation?
    /// `formerly:` (since format 1.2): the names the flow had in earlier versions of the app.
    public var formerNames: [Located<String>] = []
    /// The former names of the outcomes that declare some (`outcomes: { created: { formerly: [made] } }`,
    /// since format 1.2), by outcome name.
    public var outcomeFormerNames: [String: [Located<String>]] = [:]
    /// Parameters of the flow, its screens and outcomes whose declaration did not decode (an error was
    /// reported there); rules do not report an argument passed for one as naming no parameter.
    public var unreadableParameters: Set<UnreadableParameter> = []
    /// Name → position of the first screen, child declaration and tab with that name, kept in step with the
    /// arrays so `screen(named:)`, `child(named:)` and `tab(named:)` take constant time (flows may hold
    /// thousands of each, looked up once per link route or event).
    private var screenIndex: [String: Int]
    private var childIndex: [String: Int]
    private var tabIndex: [String: Int]

    public init(
        name: Located<String>, parameters: [ParameterDefinition] = [], conditions: [Located<String>] = [],
        start: ActionDefinition, outcomes: [Located<String>] = [],
        outcomeParameters: [String: [ParameterDefinition]] = [:], screens: [ScreenDefinition] = [],
        children: [ChildDefinition] = [], links: [LinkDefinition] = [],
        linkPolicy: LinkPolicyDefinition? = nil, linkFallback: Located<String>? = nil,
        tabs: [TabDefinition] = [], tabsLocation: SourceLocation? = nil, description: String? = nil
    ) {
        self.name = name
        self.description = description
        self.parameters = parameters
        self.conditions = conditions
        self.start = start
        self.outcomes = outcomes
        self.outcomeParameters = outcomeParameters
        self.screens = screens
        self.children = children
        self.links = links
        self.linkPolicy = linkPolicy
        self.linkFallback = linkFallback
        self.tabs = tabs
        self.tabsLocation = tabsLocation
        screenIndex = Self.firstIndexes(screens, \.name.value)
        childIndex = Self.firstIndexes(children, \.name.value)
        tabIndex = Self.firstIndexes(tabs, \.name.value)
    }

    /// Name → position of the first element with that name (later duplicates are reported by rules, not found).
    private static func firstIndexes<Element>(_ elements: [Element], _ name: KeyPath<Element, String>) -> [String: Int]
    {
        var indexes: [String: Int] = [:]
        indexes.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() where indexes[element[keyPath: name]] == nil {
            indexes[element[keyPath: name]] = position
        }
        return indexes
    }

    /// Whether the flow declares a tab set.
    public var hasTabs: Bool { !tabs.isEmpty }

    /// The tab named `name`, if declared.
    public func tab(named name: String) -> TabDefinition? { tabIndex[name].map { tabs[$0] } }

    /// The file the flow was read from.
    public var file: String { name.location.file }

    /// The screen named `name`, if declared.
    public func screen(named name: String) -> ScreenDefinition? { screenIndex[name].map { screens[$0] } }

    /// Name → position in `screens` of the first screen with that name (the table `screen(named:)` reads;
    /// shared, so indexes built over the flow need not build their own).
    public var screenPositions: [String: Int] { screenIndex }

    /// Name → position in `children` of the first child declaration with that name.
    public var childPositions: [String: Int] { childIndex }

    /// The parameters of the outcome named `outcome` (none for an outcome that declares none).
    public func parameters(ofOutcome outcome: String) -> [ParameterDefinition] { outcomeParameters[outcome] ?? [] }

    /// The child declaration named `name`, if declared.
    public func child(named name: String) -> ChildDefinition? { childIndex[name].map { children[$0] } }
}

/// `linkPolicy: allow | queue | reject | { redirect: SCREEN }`, as written.
public struct LinkPolicyDefinition: Hashable, Sendable {
    public var policy: LinkPolicy
    /// For `redirect`: the screen of this flow that links go to while it is active.
    public var redirect: Located<String>?
    /// Where the policy is written: the policy word, or the `{ redirect: SCREEN }` mapping.
    public var location: SourceLocation

    public init(policy: LinkPolicy, redirect: Located<String>? = nil, location: SourceLocation) {
        self.policy = policy
        self.redirect = redirect
        self.location = location
    }
}
