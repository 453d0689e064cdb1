extension YAMLDocument {
    /// The ``YAMLNode`` tree of `node`: aliases copied out (each copy's nodes carrying the alias's use),
    /// as ``YAMLLoader/load(_:limits:)-([UInt8],_)`` returns it. Iterative (an explicit stack), so depth is
    /// not limited by the call stack; linear in the size of the tree it builds, which
    /// `YAMLLimits.maxNodes` bounds, aliases expanded.
    public func node(_ node: YAMLNodeRef) -> YAMLNode {
        struct Frame {
            var node: YAMLNodeRef
            var next = 0
            var items: [YAMLNode] = []
            var entries: [YAMLMapEntry] = []
            var key: YAMLNode?

            /// Adds a finished child: an item, or a mapping's key and then its value.
            mutating func add(_ child: YAMLNode, isMapping: Bool) {
                guard isMapping else { return items.append(child) }
                if let waiting = key {
                    entries.append(YAMLMapEntry(key: waiting, value: child))
                    key = nil
                } else {
                    key = child
                }
            }
        }
        func leaf(_ node: YAMLNodeRef, content: YAMLNode.Content) -> YAMLNode {
            var leaf = YAMLNode(content: content, start: start(of: node), end: end(of: node), tag: tag(of: node))
            leaf.alias = alias(of: node)
            return leaf
        }
        func scalarLeaf(_ node: YAMLNodeRef) -> YAMLNode {
            leaf(node, content: .scalar(scalar(of: node) ?? "", style(of: node) ?? .plain))
        }
        if kind(of: node) == .scalar { return scalarLeaf(node) }
        var stack = [Frame(node: node)]
        while true {
            let top = stack.count - 1
            let current = stack[top].node
            let isMapping = kind(of: current) == .mapping
            let slots = count(of: current) * (isMapping ? 2 : 1)
            if stack[top].next < slots {
                let slot = stack[top].next
                stack[top].next += 1
                let child =
                    isMapping
                    ? (slot % 2 == 0 ? key(slot / 2, of: current) : value(slot / 2, of: current))
                    : item(slot, of: current)
                if kind(of: child) == .scalar {
                    stack[top].add(scalarLeaf(child), isMapping: isMapping)
                } else {
                    stack.append(Frame(node: child))
                }
                continue
            }
            let finished = stack.removeLast()
            let built = leaf(
                current, content: isMapping ? .mapping(finished.entries) : .sequence(finished.items))
            guard !stack.isEmpty else { return built }
            let parent = stack.count - 1
            stack[parent].add(built, isMapping: kind(of: stack[parent].node) == .mapping)
        }
    }
}
