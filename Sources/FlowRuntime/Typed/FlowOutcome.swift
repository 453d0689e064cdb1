import FlowModel

/// A typed outcome of one flow (generated code's `EditFlow.Outcome`): its name and, since format 1.1,
/// the typed values it passes to the parent's handler.
public protocol FlowOutcome: Sendable {
    /// The name of the flow that declares the outcome.
    var flowName: String { get }
    /// The outcome's name.
    var name: String { get }
    /// The outcome's arguments, by parameter name (empty for an outcome without parameters).
    var arguments: [String: Value] { get }
}

extension FlowInstance {
    /// Finishes the flow with a typed outcome, as ``finish(_:arguments:)`` does with its name and arguments.
    /// - Returns: as ``finish(_:arguments:)``; rejected with ``FlowRuntimeError/unknownOutcome(flow:outcome:)``
    ///   (and nothing changes) when the outcome belongs to another flow than this instance runs.
    @discardableResult
    public func finish(_ outcome: some FlowOutcome) -> StepResult {
        guard outcome.flowName == flow else {
            return StepResult(.rejected, .unknownOutcome(flow: flow, outcome: "\(outcome.flowName).\(outcome.name)"))
        }
        return finish(outcome.name, arguments: outcome.arguments)
    }
}

extension FinishedFlow {
    /// The outcome argument `name`, typed (generated `Outcome(_:)` initializers read them).
    /// - Throws: ``GeneratedFlowError/unknownOutcome(_:)`` when the outcome has no such argument or it is
    ///   of another type (an outcome of other flows than the typed code was generated from).
    public func argument<T: FlowValueConvertible>(_ name: String, as type: T.Type = T.self) throws(GeneratedFlowError)
        -> T
    {
        guard let value = arguments[name], let typed = T(flowValue: value) else {
            throw .unknownOutcome(
                "flow '\(flow)' finished with '\(outcome)' without a \(T.parameterType.rawValue) argument '\(name)'")
        }
        return typed
    }

    /// The error for an outcome that the typed code of flow `expected` does not know.
    public func unknown(in expected: String) -> GeneratedFlowError {
        guard flow == expected else {
            return .unknownOutcome("flow '\(flow)' finished, not flow '\(expected)'")
        }
        return .unknownOutcome("flow '\(flow)' has no outcome '\(outcome)'")
    }
}

/// A generated outcome type (`EditFlow.Outcome`): the outcomes of one flow, made from a ``FinishedFlow``.
public protocol TypedOutcome: FlowOutcome {
    /// The flow that declares the outcomes.
    static var flow: String { get }
    /// The typed outcome of a flow of that flow that finished.
    /// - Throws: ``GeneratedFlowError/unknownOutcome(_:)`` for another flow's, or an outcome or arguments the
    ///   type does not know.
    init(_ finished: FinishedFlow) throws(GeneratedFlowError)
}

extension StepResult {
    /// The outcome of the first instance of `Outcome`'s flow that finished in the step, typed:
    /// `result.outcome(EditFlow.Outcome.self)`; nil when none did. Other flows that finished in the same
    /// step (a parent finishing after its child) are passed over, in ``finished`` order.
    /// - Throws: ``GeneratedFlowError/unknownOutcome(_:)`` when that flow finished with an outcome or
    ///   arguments `Outcome` does not know (a bundle other than the one it was generated from).
    public func outcome<Outcome: TypedOutcome>(_ type: Outcome.Type) throws(GeneratedFlowError) -> Outcome? {
        guard let finished = finished.first(where: { $0.flow == type.flow }) else { return nil }
        return try Outcome(finished)
    }
}
