import FlowModel

/// One tab of a flow's tab set (`tabs:`, since format 1.1): a child declaration of the flow, shown as
/// a tab with its own stack, and the arguments it is started with.
///
/// `tabs: [feed, { search: { scope: all } }, profile]` declares three tabs; each name is a child
/// declared under `children:`.
public struct TabDefinition: Hashable, Sendable {
    /// The tab's name: the child declaration it runs.
    public var name: Located<String>
    /// The arguments its child flow is started with (`$name` refers to the tab flow's parameters).
    public var arguments: [ArgumentDefinition]

    public init(name: Located<String>, arguments: [ArgumentDefinition] = []) {
        self.name = name
        self.arguments = arguments
    }
}
