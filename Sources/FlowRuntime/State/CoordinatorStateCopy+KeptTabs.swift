/// A copy's kept tabs apart from the rest of it: what the explorer's kept-tab independence rests on
/// (docs/RUNNING.md, "Reductions", "Kept tabs"). A state is its kept tabs' contents, by slot (the tab set's
/// position in the shown chain and the tab's position in its flow's `tabs`), and everything else. A kept
/// tab is a started tab that is not the selected one; the selected tab a tab set keeps under a layer its
/// tab-bar item presented is not one (it is the tab shown when the layer goes, part of everything else).
extension CoordinatorStateCopy {
    /// One tab set of the shown chain: where it is, which instance it is, which tab it shows and which
    /// tabs it keeps aside.
    package struct TabSetSlot: Hashable, Sendable {
        /// The tab flow instance's position in the shown chain.
        package var position: Int
        /// The tab flow instance's id.
        package var instance: Int
        /// The position (in the flow's `tabs`) of the selected tab.
        package var selected: Int
        /// The positions of the kept tabs (started, not selected), in order.
        package var kept: [Int]
    }

    /// The tab sets of the shown chain, root first. A tab set inside a kept tab is part of that tab's
    /// contents, not listed. O(chain).
    package var tabSets: [TabSetSlot] {
        state.chain.indices.compactMap { position in
            guard let tabs = state.chain[position].tabs else { return nil }
            return TabSetSlot(
                position: position, instance: state.chain[position].id.rawValue, selected: tabs.selected,
                kept: tabs.parked.keys.filter { $0 != tabs.selected }.sorted())
        }
    }

    /// Whether `other` keeps the very same tabs: the same tab sets at the same positions of the shown chain
    /// (same instances, same selected tabs, same tabs kept), and each kept tab's instances and routes in
    /// the same storage. A copy taken after a step that wrote no kept tab keeps them in the storage of
    /// the copy before it (the arrays are shared until written), so this tells, in O(tab sets + kept tabs)
    /// and without reading a kept tab, that the step left every kept tab as it was. Equal kept tabs in new
    /// storage count as different.
    package func keepsTheSameTabs(as other: CoordinatorStateCopy) -> Bool {
        var positions = 0
        for position in state.chain.indices {
            guard let tabs = state.chain[position].tabs else { continue }
            positions += 1
            guard position < other.state.chain.count, other.state.chain[position].id == state.chain[position].id,
                let others = other.state.chain[position].tabs, others.selected == tabs.selected,
                others.parked.count - (others.parked[others.selected] == nil ? 0 : 1)
                    == tabs.parked.count - (tabs.parked[tabs.selected] == nil ? 0 : 1)
            else { return false }
            for (tab, kept) in tabs.parked where tab != tabs.selected {
                guard let otherKept = others.parked[tab], Self.sameStorage(kept.chain, otherKept.chain),
                    Self.sameStorage(kept.path, otherKept.path)
                else { return false }
            }
        }
        return positions == other.state.chain.lazy.filter { $0.tabs != nil }.count
    }

    /// The copy with no tab kept: every tab set of the shown chain keeps its selected tab (shown, or kept
    /// under a layer its tab-bar item presented) and forgets the others, as if they had never been started
    /// (a tab not started is started afresh when selected). Ids, tokens and counters stay as they are, so a
    /// step that reads no kept tab takes the same course from it, handing out the same ids and tokens, as
    /// from the copy. The copy itself when no tab is kept.
    package var withoutKeptTabs: CoordinatorStateCopy {
        guard state.chain.contains(where: { $0.tabs.map(Self.keepsATab) ?? false }) else { return self }
        var stripped = state
        for position in stripped.chain.indices where stripped.chain[position].tabs.map(Self.keepsATab) ?? false {
            let selected = stripped.chain[position].tabs!.selected
            stripped.chain[position].tabs!.parked = stripped.chain[position].tabs!.parked.filter { $0.key == selected }
        }
        return CoordinatorStateCopy(state: stripped, status: status, confirmation: confirmation)
    }

    private static func keepsATab(_ tabs: TabSetRecord) -> Bool {
        tabs.parked.keys.contains { $0 != tabs.selected }
    }
}
