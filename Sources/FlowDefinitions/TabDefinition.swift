import FlowModel

/// One tab of a flow's tab set (`tabs:`, since format 1.1): a child declaration of the flow, shown as
/// a tab with its own stack, and the arguments it is started with.
///
/// `tabs: [feed, { search: { scope: all } }, profile]` declares three tabs; each name is a child
/// declared under `children:`. Since format 1.2 a tab may be written out in full, with the label a host
/// shows: `{ tab: search, title: Search, icon: magnifyingglass, with: { scope: all } }`.
public struct TabDefinition: Hashable, Sendable {
    /// The tab's name: the child declaration it runs.
    public var name: Located<String>
    /// The arguments its child flow is started with (`$name` refers to the tab flow's parameters).
    public var arguments: [ArgumentDefinition]
    /// The tab's label (`title:`, since format 1.2); generated code falls back to the tab's name.
    public var title: Located<String>?
    /// The tab's icon (`icon:`, since format 1.2): a name the host resolves (an SF Symbol, an asset).
    public var icon: Located<String>?

    public init(
        name: Located<String>, arguments: [ArgumentDefinition] = [], title: Located<String>? = nil,
        icon: Located<String>? = nil
    ) {
        self.name = name
        self.arguments = arguments
        self.title = title
        self.icon = icon
    }
}
