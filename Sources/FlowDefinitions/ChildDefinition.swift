import FlowModel

/// What the parent does when its child flow finishes with one outcome.
public struct OutcomeHandler: Hashable, Sendable {
    public var outcome: Located<String>
    public var action: ActionDefinition

    public init(outcome: Located<String>, action: ActionDefinition) {
        self.outcome = outcome
        self.action = action
    }
}

/// A child flow a flow may start: `children: { edit: { flow: edit, on: { saved: stay } } }`.
///
/// The child's routes (and its descendants') are always removed when it finishes;
/// the handler for its outcome then runs in the parent.
public struct ChildDefinition: Hashable, Sendable {
    /// The declaration's name, used by `start:` actions in the parent.
    public var name: Located<String>
    /// The name of the flow that runs as the child.
    public var flow: Located<String>
    /// One handler for each outcome of the child flow.
    public var handlers: [OutcomeHandler]
    /// `presentation: push | sheet | cover` (since format 1.1); nil when not written (`push`).
    public var presentation: Located<Presentation>?
    /// `formerly:` (since format 1.2): the names the declaration had in earlier versions of the app.
    public var formerNames: [Located<String>] = []

    public init(
        name: Located<String>, flow: Located<String>, handlers: [OutcomeHandler],
        presentation: Located<Presentation>? = nil
    ) {
        self.name = name
        self.flow = flow
        self.handlers = handlers
        self.presentation = presentation
    }

    /// How the child is shown (`push` when not written).
    public var presentationStyle: Presentation { presentation?.value ?? .push }
}
