import FlowModel

/// An event a screen reports (a user intent), with its parameters and the action it triggers.
public struct EventDefinition: Hashable, Sendable {
    public var name: Located<String>
    public var parameters: [ParameterDefinition]
    public var action: ActionDefinition

    public init(name: Located<String>, parameters: [ParameterDefinition], action: ActionDefinition) {
        self.name = name
        self.parameters = parameters
        self.action = action
    }
}

/// What happens to unsaved work when interactive back removes a screen's route, as written.
///
/// `removal: discard` (the default), `removal: preserve`, or
/// `removal: { policy: confirm, ask: discardDraft, outcome: discarded }`.
public struct RemovalPolicyDefinition: Hashable, Sendable {
    public var policy: Located<RemovalPolicy>
    /// For `confirm`: the question the host is asked (an identifier the host maps to text).
    public var ask: Located<String>?
    /// For `confirm`: the outcome the screen's flow is finished with when the removal is confirmed.
    public var outcome: Located<String>?
    /// For `confirm` (since format 1.2): the host condition that must hold for the removal to ask
    /// (`when: hasUnsavedChanges`); while it does not, the route goes as a `discard` route does.
    public var when: Located<String>?

    public init(
        policy: Located<RemovalPolicy>, ask: Located<String>? = nil, outcome: Located<String>? = nil,
        when: Located<String>? = nil
    ) {
        self.policy = policy
        self.ask = ask
        self.outcome = outcome
        self.when = when
    }
}

/// A screen of a flow: its parameters, the events it reports and its removal policy.
public struct ScreenDefinition: Hashable, Sendable {
    public var name: Located<String>
    public var parameters: [ParameterDefinition]
    public var events: [EventDefinition]
    /// `formerly:` (since format 1.2): the names the screen had in earlier versions of the app.
    public var formerNames: [Located<String>] = []
    public var removal: RemovalPolicyDefinition? {
        get { writtenRemoval?.value }
        set { writtenRemoval = newValue.map(OutOfLine.init) }
    }

    // The rarely written removal policy lives behind one shared, immutable reference (nil when none is written).
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    private var writtenRemoval: OutOfLine<RemovalPolicyDefinition>?

    public init(
        name: Located<String>, parameters: [ParameterDefinition], events: [EventDefinition],
        removal: RemovalPolicyDefinition? = nil
    ) {
        self.name = name
        self.parameters = parameters
        self.events = events
        self.writtenRemoval = removal.map(OutOfLine.init)
    }

    public static func == (lhs: ScreenDefinition, rhs: ScreenDefinition) -> Bool {
        lhs.name == rhs.name && lhs.parameters == rhs.parameters && lhs.events == rhs.events
            && lhs.removal == rhs.removal && lhs.formerNames == rhs.formerNames
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(parameters)
        hasher.combine(events)
        hasher.combine(removal)
        hasher.combine(formerNames)
    }
}
