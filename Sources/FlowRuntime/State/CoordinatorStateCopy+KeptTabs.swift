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
                kept: Self.keptTabs(of: tabs))
        }
    }

    /// Whether this copy keeps the very tabs `other` kept: every tab set of `other`'s shown chain is at the
    /// same position here (same instance, same selected tab, same tabs kept), each kept tab's instances and
    /// routes in the same storage. A copy taken after a step that wrote no kept tab keeps them in the
    /// storage of the copy before it (the arrays are shared until written), so this tells, in O(tab sets +
    /// kept tabs) and without reading a kept tab, that the step left every kept tab as it was. Equal kept
    /// tabs in new storage count as different. Tab sets this copy adds (started, or shown again from under
    /// a layer with the tabs they kept there) are not compared.
    package func keepsTheSameTabs(as other: CoordinatorStateCopy) -> Bool {
        keepsTabs(as: other) { Self.sameStorage($0.chain, $1.chain) && Self.sameStorage($0.path, $1.path) }
    }

    /// Whether this copy keeps tabs equal to those `other` kept: as ``keepsTheSameTabs(as:)``, each kept
    /// tab's instances and routes equal (ids and tokens included) where they need not share storage.
    package func keepsEqualTabs(as other: CoordinatorStateCopy) -> Bool {
        keepsTabs(as: other) { $0 == $1 }
    }

    private func keepsTabs(as other: CoordinatorStateCopy, alike: (ParkedTab, ParkedTab) -> Bool) -> Bool {
        for position in other.state.chain.indices {
            guard let before = other.state.chain[position].tabs else { continue }
            guard position < state.chain.count, state.chain[position].id == other.state.chain[position].id,
                let now = state.chain[position].tabs, now.selected == before.selected,
                Self.keptTabs(of: now) == Self.keptTabs(of: before)
            else { return false }
            for (tab, kept) in before.parked where tab != before.selected {
                guard let still = now.parked[tab], alike(kept, still) else { return false }
            }
        }
        return true
    }

    /// The copy with no tab kept: every tab set of the shown chain keeps its selected tab (shown, or kept
    /// under a layer its tab-bar item presented) and forgets the others, as if they had never been started
    /// (a tab not started is started afresh when selected). Ids, tokens and counters stay as they are, so a
    /// step that reads no kept tab takes the same course from it, handing out the same ids and tokens, as
    /// from the copy. The copy itself when no tab is kept.
    package var withoutKeptTabs: CoordinatorStateCopy { withoutTabs(keptIn: self) }

    /// The copy without the tabs `other` kept: at each tab set of `other`'s shown chain that is at the same
    /// position here (the same instance), the tabs `other` kept there are forgotten; tabs kept by tab sets
    /// this copy adds stay. The copy itself when it keeps none of them.
    package func withoutTabs(keptIn other: CoordinatorStateCopy) -> CoordinatorStateCopy {
        var stripped = state
        var changed = false
        for position in other.state.chain.indices {
            guard let before = other.state.chain[position].tabs, position < stripped.chain.count,
                stripped.chain[position].id == other.state.chain[position].id,
                let now = stripped.chain[position].tabs
            else { continue }
            let forgotten = Self.keptTabs(of: before).filter { now.parked[$0] != nil && $0 != now.selected }
            guard !forgotten.isEmpty else { continue }
            for tab in forgotten { stripped.chain[position].tabs!.parked[tab] = nil }
            changed = true
        }
        return changed ? CoordinatorStateCopy(state: stripped, status: status, confirmation: confirmation) : self
    }

    /// The copy with the tabs `other` kept put back where `other` kept them: at each tab set of `other`'s
    /// shown chain that keeps a tab, this copy's record there must be the same instance showing the same
    /// tab and keeping none; the record becomes `other`'s (its kept tabs in their very storage) with the
    /// selected tab kept under a layer taken from this copy. The inverse of ``withoutTabs(keptIn:)`` for a
    /// step that keeps the tab sets (docs/RUNNING.md, "Reductions", "Kept tabs"); nil when this copy does
    /// not have that shape.
    package func withTabs(keptIn other: CoordinatorStateCopy) -> CoordinatorStateCopy? {
        var filled = state
        var changed = false
        for position in other.state.chain.indices {
            guard var record = other.state.chain[position].tabs, Self.keptTabs(of: record).count > 0 else { continue }
            guard position < filled.chain.count, filled.chain[position].id == other.state.chain[position].id,
                let now = filled.chain[position].tabs, now.selected == record.selected, Self.keptTabs(of: now).isEmpty
            else { return nil }
            let under = now.parked[now.selected]
            if under != nil || record.parked[record.selected] != nil { record.parked[record.selected] = under }
            filled.chain[position].tabs = record
            changed = true
        }
        return changed ? CoordinatorStateCopy(state: filled, status: status, confirmation: confirmation) : self
    }

    /// Whether the copy keeps a tab: some tab set of its shown chain has a started tab that is not selected.
    package var keepsATab: Bool {
        for record in state.chain {
            if let tabs = record.tabs, tabs.parked.keys.contains(where: { $0 != tabs.selected }) { return true }
        }
        return false
    }

    /// Whether `other` is this copy exactly: equal (`==`) and numbered alike — the same instance ids and
    /// route tokens everywhere (kept tabs' included), the same counters and owner. A step from either
    /// takes the same course and hands out the same ids and tokens.
    package func isExactly(_ other: CoordinatorStateCopy) -> Bool {
        state.owner == other.state.owner && state.nextInstance == other.state.nextInstance
            && state.nextToken == other.state.nextToken && self == other && state.chain == other.state.chain
            && state.path == other.state.path
    }

    /// A hash of the copy that also reads what `==` leaves out: the ids of the shown chain, the tokens of
    /// the path and the counters that hand out the next ones. Two copies with the same one are, but for
    /// chance, the same state numbered the same way (so a step from either hands out the same ids).
    package var numberedHash: Int {
        var hasher = Hasher()
        hasher.combine(self)
        for record in state.chain { hasher.combine(record.id.rawValue) }
        for route in state.path { hasher.combine(route.token.rawValue) }
        hasher.combine(state.nextInstance)
        hasher.combine(state.nextToken)
        return hasher.finalize()
    }

    /// The positions of a tab set's kept tabs (started, not selected), in order.
    private static func keptTabs(of tabs: TabSetRecord) -> [Int] {
        tabs.parked.keys.filter { $0 != tabs.selected }.sorted()
    }
}
