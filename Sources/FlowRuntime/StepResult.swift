/// What became of one intent given to a coordinator.
public enum StepStatus: String, Hashable, Sendable, Codable {
    /// The step ran; the state changed (or was already as asked).
    case applied
    /// The step was refused; the state is unchanged. ``StepResult/reason`` says why.
    case rejected
    /// The intent came from a route or flow instance that is gone; nothing happened.
    case stale
    /// Interactive back crossed a `confirm` route: nothing changed, a ``PendingConfirmation`` waits for the host.
    case pending
    /// A deep link was held by the active flow's `queue` policy; it opens when that flow finishes.
    case queued
    /// A deep link was replaced by the active flow's `redirect` screen.
    case redirected
}

/// The result of one coordinator step.
public struct StepResult: Hashable, Sendable, CustomStringConvertible {
    public var status: StepStatus
    /// Why the step was rejected or stale; for an applied step, what it skipped or went to instead
    /// (a deep link that went to the fallback screen, an outcome handler that did not run).
    public var reason: FlowRuntimeError?
    /// The flow instances that finished in the step, in order, with their outcomes and outcome arguments.
    public var finished: [FinishedFlow] = []
    /// Deep links the step dropped, and those opened after it (queued links of a flow that finished,
    /// a pending guarded link whose outcome came), with what became of each, in order.
    public var deferredLinks: [DeferredLink] = []

    public init(_ status: StepStatus, _ reason: FlowRuntimeError? = nil) {
        self.status = status
        self.reason = reason
    }

    /// A step that applied with nothing to report. Built where it is used: a stored `static let` would
    /// cost a lazy-initialization check and a copy on every step.
    public static var applied: StepResult { StepResult(.applied) }
    static func rejected(_ reason: FlowRuntimeError) -> StepResult { StepResult(.rejected, reason) }
    static func stale(_ reason: FlowRuntimeError) -> StepResult { StepResult(.stale, reason) }

    /// Results compare by status and reason: ``finished`` and ``deferredLinks`` report what the step did, so that
    /// `result == .applied` holds for any applied step without a reason.
    public static func == (lhs: StepResult, rhs: StepResult) -> Bool {
        lhs.status == rhs.status && lhs.reason == rhs.reason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(reason)
    }

    /// `applied`, or `rejected: reason`.
    public var description: String { reason.map { "\(status.rawValue): \($0)" } ?? status.rawValue }
}
