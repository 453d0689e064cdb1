import FlowModel

/// The tab set of a tab flow instance, as a value in its ``InstanceRecord``.
///
/// The selected tab's instances and routes are part of the chain and the path, like any child's; the
/// other started tabs are kept aside here, whole, until they are selected again. A step that does not
/// select a tab never reads them, so its cost does not depend on them.
struct TabSetRecord: Hashable {
    /// The position (in the flow's `tabs`) of the selected tab.
    var selected: Int
    /// The started tabs that are not selected, by position.
    var parked: [Int: ParkedTab] = [:]

    // Speed: PERFORMANCE.md, "Round 14, the runtime step": a closure written in nonisolated code is not
    // checked for the main actor at each call, as one written in the coordinator's code is.
    /// The kept tabs, by position (ascending).
    var parkedInTabOrder: [(key: Int, value: ParkedTab)] { parked.sorted { $0.key < $1.key } }
}

/// A started tab that is not selected: the part of the chain from the tab's instance down, and their
/// routes, exactly as they were when another tab was selected (same instances, same tokens).
struct ParkedTab: Hashable {
    /// The tab's instance first, then its live descendants (the chain positions after the tab flow's).
    var chain: [InstanceRecord]
    /// Their routes, bottom to top.
    var path: [Route]

    /// After the layers presented over this tab were cut off its chain (a tab is kept without them): when its
    /// top instance is a tab set whose own layer was one of them (a tab-bar item presented over it), the tab
    /// that set kept under that layer is shown again, as it is when the layer goes by back or dismissal. A
    /// tab set always shows its selected tab unless its own layer is over it.
    mutating func showSelectedTabUncovered() {
        guard let top = chain.indices.last, var set = chain[top].tabs,
            let under = set.parked.removeValue(forKey: set.selected)
        else { return }
        chain[top].tabs = set
        chain += under.chain
        path += under.path
    }
}
