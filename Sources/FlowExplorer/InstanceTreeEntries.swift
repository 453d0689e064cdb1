import FlowRuntime

extension ExplorationActions {
    /// Every entry of an instance tree (a trace line's `instances`), parents before their children, as
    /// `flowc paths` reads the traces it observes.
    nonisolated static func entries(of tree: InstanceTreeEntry) -> [InstanceTreeEntry] {
        var all: [InstanceTreeEntry] = []
        var pending = [tree]
        while let entry = pending.popLast() {
            all.append(entry)
            pending += entry.children.reversed()
        }
        return all
    }
}
