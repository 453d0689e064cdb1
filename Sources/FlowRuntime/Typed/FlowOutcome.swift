import FlowModel

/// A typed outcome of one flow (generated code's `EditFlow.Outcome`): its raw value is the outcome's name.
public protocol FlowOutcome: RawRepresentable, Sendable where RawValue == String {
    /// The name of the flow that declares the outcome.
    var flowName: String { get }
}

extension FlowInstance {
    /// Finishes the flow with a typed outcome, as ``finish(_:)-(String)`` does with its name.
    /// - Returns: as ``finish(_:)-(String)``; rejected with ``FlowRuntimeError/unknownOutcome(flow:outcome:)``
    ///   (and nothing changes) when the outcome belongs to another flow than this instance runs.
    @discardableResult
    public func finish(_ outcome: some FlowOutcome) -> StepResult {
        guard outcome.flowName == flow else {
            return StepResult(.rejected, .unknownOutcome(flow: flow, outcome: "\(outcome.flowName).\(outcome.rawValue)"))
        }
        return finish(outcome.rawValue)
    }
}
