/// A flow instance a step removed without finishing it (``StepResult/removed``), so that a host that keeps
/// per-flow resources (a draft, a network task) hears of every instance that leaves: an instance leaves a
/// step either finished (``StepResult/finished``) or removed, never without a word (docs/RUNNING.md,
/// "Guarantees", 8).
public struct RemovedFlow: Hashable, Sendable, CustomStringConvertible {
    /// Why a step removed an instance it did not finish.
    public enum Cause: String, Hashable, Sendable, CaseIterable {
        /// Interactive back (also on a kept tab's stack), the routes above an event's sender, or an event's
        /// `pop`/`popTo`.
        case back
        /// The person dismissed the sheet it is in (``FlowCoordinator/dismiss(_:)``).
        case dismissal
        /// A deep link (or the link fallback) replaced the part of the tree it was in.
        case link
        /// A `replaceRoot` of an instance it ran under replaced it.
        case replaceRoot
        /// ``FlowCoordinator/stop()``.
        case stop
        /// ``FlowCoordinator/restore(_:)`` replaced the tree.
        case restore
        /// An instance it ran under finished (its parent's outcome took its descendants with it).
        case finish
        /// A handler's `select` with `routes` (format 1.3) replaced the stack of the tab it was in.
        case select
    }

    /// The instance removed (it is gone after the step).
    public var instance: FlowInstanceID
    /// The flow it ran.
    public var flow: String
    /// Its child declaration in its parent's flow; nil for the root flow's instance.
    public var child: String?
    /// Why it was removed.
    public var cause: Cause

    public init(instance: FlowInstanceID, flow: String, child: String?, cause: Cause) {
        self.instance = instance
        self.flow = flow
        self.child = child
        self.cause = cause
    }

    /// `edit (#2, child edit): back`.
    public var description: String {
        "\(flow) (#\(instance.rawValue)\(child.map { ", child \($0)" } ?? "")): \(cause.rawValue)"
    }
}
