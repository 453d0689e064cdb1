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

extension YAMLNode {
    /// `self` with every node under an alias's copy marked with that alias's use (the loader sets
    /// `alias` on the root of each copy only, in constant time, and calls this once the document is
    /// complete, so failing input such as an alias bomb costs nothing extra). The outermost alias wins.
    /// Iterative (an explicit stack), so depth is not limited by the call stack; linear in the
    /// document's size, which `YAMLLimits.maxNodes` bounds, aliases expanded.
    func propagatingAliases() -> YAMLNode {
        struct Frame {
            var node: YAMLNode
            /// The alias use of an enclosing copy, which this node and its children take.
            var inherited: YAMLAliasUse?
            var next = 0
            var items: [YAMLNode] = []
            var entries: [YAMLMapEntry] = []
        }
        var stack = [Frame(node: self, inherited: nil)]
        while true {
            let top = stack.removeLast()
            let use = top.inherited ?? top.node.alias
            var child: YAMLNode?
            switch top.node.content {
            case .scalar:
                break
            case .sequence(let items):
                if top.next < items.count { child = items[top.next] }
            case .mapping(let entries):
                if top.next < entries.count { child = entries[top.next].value }
            }
            if let child {
                stack.append(top)
                stack.append(Frame(node: child, inherited: use))
                continue
            }
            var finished = top.node
            finished.alias = use
            switch finished.content {
            case .scalar: break
            case .sequence: finished.content = .sequence(top.items)
            case .mapping: finished.content = .mapping(top.entries)
            }
            guard !stack.isEmpty else { return finished }
            let parent = stack.count - 1
            switch stack[parent].node.content {
            case .sequence:
                stack[parent].items.append(finished)
            case .mapping(let entries):
                var key = entries[stack[parent].next].key
                if let inherited = stack[parent].inherited ?? stack[parent].node.alias { key.alias = inherited }
                stack[parent].entries.append(YAMLMapEntry(key: key, value: finished))
            case .scalar:
                break
            }
            stack[parent].next += 1
        }
    }
}
