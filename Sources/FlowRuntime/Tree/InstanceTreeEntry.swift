import FlowModel

/// One live flow instance and its live children, as `flowc run` traces write the instance tree
/// (``FlowCoordinator/instanceTree()``; docs/RUNNING.md, "Trace lines").
package struct InstanceTreeEntry: Encodable, Equatable {
    package var id: Int
    package var flow: String
    /// The child declaration it runs as; absent for the root.
    package var child: String?
    package var arguments: [String: JSONArgument]
    package var children: [InstanceTreeEntry]
    /// `sheet` or `cover` for a presented child; absent for a pushed one.
    package var presentation: String?
    /// true for an instance in a tab that is not selected (kept with its stack); absent otherwise.
    package var kept: Bool?
    /// Deep links held by the flow's `queue` policy; absent when none.
    package var queuedLinks: [String]?
    /// A guarded link waiting for this instance to finish (format 1.1); absent when none.
    package var pendingLink: FlowSnapshot.PendingLinkEntry?
}
