import FlowModel

/// A guarded deep link held by its guarding flow instance until that instance finishes (format 1.1):
/// `otherwise: { routes: [signIn], continueOn: signedIn }` opened the sign-in flow, and the original
/// link opens when it finishes with `signedIn`. Another outcome, or removal, drops it.
public struct PendingLink: Hashable, Sendable {
    /// The URL as it was opened.
    public var url: String
    /// The index, in the holding instance's flow's outcomes, of the outcome that opens the link.
    var outcome: Int
    /// The outcome's name.
    public var outcomeName: String
}

/// What became of a deep link that a step deferred: a queued or pending link opened after the step
/// (with that open's status and reason), or dropped (status rejected, reason ``FlowRuntimeError/linkDropped(url:because:)``).
public struct DeferredLink: Hashable, Sendable {
    public var url: String
    public var status: StepStatus
    public var reason: FlowRuntimeError?

    public init(url: String, status: StepStatus, reason: FlowRuntimeError? = nil) {
        self.url = url
        self.status = status
        self.reason = reason
    }
}
