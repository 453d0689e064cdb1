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
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// The reason and the lists, behind one reference; nil when the step reports none.
    private var report: Report?

    /// Why the step was rejected or stale; for an applied step, what it skipped or went to instead
    /// (a deep link that went to the fallback screen, an outcome handler that did not run).
    public var reason: FlowRuntimeError? {
        get { report?.reason }
        set { update { $0.reason = newValue } }
    }
    /// The flow instances that finished in the step, in order, with their outcomes and outcome arguments: by
    /// their `finish`, or by a confirmed removal that delivered their `confirm` screen's declared outcome to
    /// the parent's handler (docs/RUNNING.md, "Finishing"). An instance is here or in ``removed``, not both.
    public var finished: [FinishedFlow] {
        get { report?.finished ?? [] }
        set { update { $0.finished = newValue } }
    }
    /// Deep links the step dropped, and those opened after it (queued links of a flow that finished,
    /// a pending guarded link whose outcome came), with what became of each, in order.
    public var deferredLinks: [DeferredLink] {
        get { report?.deferredLinks ?? [] }
        set { update { $0.deferredLinks = newValue } }
    }

    /// For a restore of a snapshot from another bundle: the declared renames it applied before its checks,
    /// and the names no declaration has or had (``SnapshotRenaming``); nil when it renamed nothing.
    public var renaming: SnapshotRenaming? {
        get { report?.renaming }
        set { update { $0.renaming = newValue } }
    }

    /// The kept (unselected) tabs the step dropped with their stacks, in tab order per tab set.
    public var droppedTabs: [DroppedTab] {
        get { report?.droppedTabs ?? [] }
        set { update { $0.droppedTabs = newValue } }
    }

    /// The flow instances the step removed without finishing them, in chain order, then those of kept tabs
    /// (with the instances inside them): with ``finished``, every instance that left in the step
    /// (docs/RUNNING.md, "Guarantees", 8).
    public var removed: [RemovedFlow] {
        get { report?.removed ?? [] }
        set { update { $0.removed = newValue } }
    }

    /// For a step that opened a deep link now (``FlowCoordinator/open(_:)``, or the step that waited for a
    /// confirmation and opens one, confirmed): what the link equals of what its tab showed or kept before the
    /// step, read from the very link the step built (``FlowCoordinator/linkShownAgain(_:)`` reads it so);
    /// nil when it equals nothing, or when the coordinator does not record it
    /// (``FlowCoordinator/recordsLinksShownAgain``). Not compared: results compare by status and reason.
    package var linkShownAgain: LinkShownAgain? {
        get { report?.fields.linkShownAgain }
        set { update { $0.linkShownAgain = newValue } }
    }

    public init(_ status: StepStatus, _ reason: FlowRuntimeError? = nil) {
        self.status = status
        if let reason { report = Report(reason: reason) }
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// An applied step's result with its lists, in one report made only when a list is not empty (setting
    /// the lists one by one makes a report for each).
    init(
        appliedFinishing finished: [FinishedFlow], deferredLinks: [DeferredLink], droppedTabs: [DroppedTab],
        removed: [RemovedFlow]
    ) {
        status = .applied
        if !finished.isEmpty || !deferredLinks.isEmpty || !droppedTabs.isEmpty || !removed.isEmpty {
            report = Report(
                Report.Fields(
                    finished: finished, deferredLinks: deferredLinks, droppedTabs: droppedTabs, removed: removed))
        }
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// A step that applied with nothing to report.
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

    /// Replaces the report with a changed copy: a report is immutable, so copies of a result never share a change.
    private mutating func update(_ change: (inout Report.Fields) -> Void) {
        var fields = report?.fields ?? Report.Fields()
        change(&fields)
        report = fields.isEmpty ? nil : Report(fields)
    }

    /// What a step reports besides its status.
    private final class Report: Sendable {
        struct Fields: Sendable {
            var reason: FlowRuntimeError?
            var finished: [FinishedFlow] = []
            var deferredLinks: [DeferredLink] = []
            var renaming: SnapshotRenaming?
            var droppedTabs: [DroppedTab] = []
            var removed: [RemovedFlow] = []
            var linkShownAgain: LinkShownAgain?

            var isEmpty: Bool {
                reason == nil && finished.isEmpty && deferredLinks.isEmpty && renaming == nil && droppedTabs.isEmpty
                    && removed.isEmpty && linkShownAgain == nil
            }
        }

        let fields: Fields
        var reason: FlowRuntimeError? { fields.reason }
        var finished: [FinishedFlow] { fields.finished }
        var deferredLinks: [DeferredLink] { fields.deferredLinks }
        var renaming: SnapshotRenaming? { fields.renaming }
        var droppedTabs: [DroppedTab] { fields.droppedTabs }
        var removed: [RemovedFlow] { fields.removed }

        init(_ fields: Fields) { self.fields = fields }
        convenience init(reason: FlowRuntimeError) { self.init(Fields(reason: reason)) }
    }
}
