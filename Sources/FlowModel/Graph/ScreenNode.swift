/// A compiled screen: its parameters, the events it reports and its removal policy.
public struct ScreenNode: Hashable, Sendable, Codable {
    public var name: String
    public var parameters: [ParameterNode]
    public var events: [EventNode]
    /// What interactive back does with a route of this screen.
    public var removal: RemovalPolicy
    /// For ``RemovalPolicy/confirm``: the prompt identifier the host is asked about.
    public var confirmPrompt: String?
    /// For ``RemovalPolicy/confirm``: the index (in the flow's outcomes) the flow is cancelled with on confirmation.
    public var confirmOutcome: Int?
    /// For ``RemovalPolicy/confirm``, `when:` (format 1.2): the index (in the flow's conditions) of the host
    /// condition that must hold for the removal to ask; while it does not, the route is removed as `discard`
    /// removes it. Nil: always ask.
    public var confirmCondition: Int?

    public init(
        name: String, parameters: [ParameterNode] = [], events: [EventNode] = [],
        removal: RemovalPolicy = .discard, confirmPrompt: String? = nil, confirmOutcome: Int? = nil
    ) {
        self.name = name
        self.parameters = parameters
        self.events = events
        self.removal = removal
        self.confirmPrompt = confirmPrompt
        self.confirmOutcome = confirmOutcome
    }

    /// The index of the event named `name`, if the screen declares it (screens declare few events).
    public func eventIndex(named name: String) -> Int? { events.firstIndex { $0.name == name } }
}

/// A compiled event: the arguments it carries and the action it triggers.
public struct EventNode: Hashable, Sendable, Codable {
    public var name: String
    public var parameters: [ParameterNode]
    public var action: ActionNode

    public init(name: String, parameters: [ParameterNode] = [], action: ActionNode) {
        self.name = name
        self.parameters = parameters
        self.action = action
    }
}
