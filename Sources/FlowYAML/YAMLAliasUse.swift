/// Where a node copied by an alias came from: the alias's use (`*base`) and the anchored content.
///
/// Every node of an alias's copy carries one (``YAMLNode/alias``), so a problem found in copied
/// content can be reported at the alias the person wrote there, with a note at the anchor, where the
/// content itself is written. With nested aliases, the outermost use wins.
public struct YAMLAliasUse: Sendable, Hashable {
    /// The anchor's name, without `&` or `*`.
    public var anchor: String
    /// Where the alias (`*name`) starts.
    public var start: YAMLMark
    /// Where the alias ends (exclusive).
    public var end: YAMLMark
    /// Where the anchored node's text starts (for the copy's root, whose own `start` is the alias's).
    public var anchorStart: YAMLMark

    /// Creates an alias use.
    public init(anchor: String, start: YAMLMark, end: YAMLMark, anchorStart: YAMLMark) {
        self.anchor = anchor
        self.start = start
        self.end = end
        self.anchorStart = anchorStart
    }

    /// Where the content of `node` (a node of this alias's copy) is written: its own start, or the
    /// anchor's for the copy's root.
    public func contentStart(of node: YAMLNode) -> YAMLMark {
        node.start == start ? anchorStart : node.start
    }
}
