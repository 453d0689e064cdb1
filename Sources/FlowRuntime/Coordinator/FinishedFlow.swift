import FlowModel

/// A flow instance that finished in a step: its outcome and the values it passed with it
/// (`finish: created` with `with: { postID: … }`, since format 1.1), or the declared outcome a confirmed
/// removal of its `confirm` screen delivered to its parent's handler. ``StepResult/finished`` lists them.
public struct FinishedFlow: Hashable, Sendable {
    /// The instance that finished (it is gone after the step).
    public var instance: FlowInstanceID
    /// The flow it ran.
    public var flow: String
    /// The outcome it finished with.
    public var outcome: String
    /// The outcome's arguments, by parameter name (defaults filled in); empty for an outcome without parameters.
    public var arguments: [String: Value]

    public init(instance: FlowInstanceID, flow: String, outcome: String, arguments: [String: Value] = [:]) {
        self.instance = instance
        self.flow = flow
        self.outcome = outcome
        self.arguments = arguments
    }
}
