/// A kept tab a step dropped: a tab that was not selected, with its own stack, which the step removed (its
/// tab flow left or was replaced, a `replaceRoot` in the tab flow, or a deep link that rebuilt that tab).
/// ``StepResult/droppedTabs`` lists each, so no stack goes without a word (docs/RUNNING.md, "Guarantees").
public struct DroppedTab: Hashable, Sendable, CustomStringConvertible {
    /// The tab flow's name.
    public var flow: String
    /// The tab's name (its child declaration in the tab flow).
    public var tab: String
    /// The tab's flow instance, gone with it.
    public var instance: FlowInstanceID
    /// The screens of the tab's stack, bottom to top.
    public var routes: [String]

    public init(flow: String, tab: String, instance: FlowInstanceID, routes: [String]) {
        self.flow = flow
        self.tab = tab
        self.instance = instance
        self.routes = routes
    }

    /// `social.search (#4): query › results`.
    public var description: String { "\(flow).\(tab) (#\(instance.rawValue)): \(routes.joined(separator: " › "))" }
}
