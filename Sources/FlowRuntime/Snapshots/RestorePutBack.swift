import FlowModel

/// What a restore puts back (docs/RUNNING.md, "Snapshots"): a restore that shows an instance or a route at the
/// same place as the state before it keeps its identity, as a link that shows what is already shown keeps it
/// (issue 32, item 6). So the restore reports only what really leaves — in ``StepResult/removed``,
/// ``StepResult/droppedTabs`` and its dropped links — the removal guard asks only about the `confirm` routes
/// it really removes, and a host's ``FlowInstance`` handle of an instance put back stays live.
///
/// "The same place" is ``FlowCoordinator/sharedPart(keepingTabsOf:and:above:)``, the one notion links use: from
/// the root (and in each tab both states keep, at any depth, from the tab's instance), level by level, the same
/// flow, child declaration, presentation, arguments and selected tab, and on each level the same screens with
/// the same arguments, bottom up, with a tab set's item layer read as the person sees it; sharing stops at the
/// first instance or route that differs. A restore keeps the same-selected-tab rule (it reads without
/// `switchingTabs`, which links and a `select` with routes use): a tab set whose selection the restore changes
/// is not put back, since the restored state says what each of its tabs keeps.
extension Transition {
    /// Gives the instances and routes of the restored state (this transition's, built with fresh ids and
    /// tokens) that put back those of `old` (the state before the restore) the ids and tokens they had, and
    /// records what leaves inside the kept tabs both keep: the instances and routes a kept tab no longer has
    /// (``removedInKeptTabs``, ``keptRemovals``) and the kept tabs inside kept tabs it drops
    /// (``droppedInKeptTabs``). The kept tabs of the chain's own instances are judged by
    /// ``droppedKeptTabs(from:)``, by id, as for every step.
    mutating func keepIdentities(putBackFrom old: RuntimeState) {
        var restored = ParkedTab(chain: Array(state.chain), path: Array(state.path))
        putBack(ParkedTab(chain: old.chain, path: old.path), into: &restored, above: -1, inKeptTab: false)
        state.removeAll()
        for record in restored.chain { state.chain.append(record) }
        for route in restored.path { state.path.append(route) }
        // The kept tabs of the chain's own tab sets that the restore drops while it keeps their tab set: their
        // instance objects are cancelled and the tree forgets their stacks, as for a `replaceRoot` in a tab flow.
        let nested = droppedInKeptTabs.count
        for dropped in droppedKeptTabs(from: old.chain).dropLast(nested)
        where state.chain.contains(where: { $0.id == dropped.owner }) {
            droppedTabs.append(dropped.parked.chain[0].id)
        }
    }

    /// Gives `restored` (a part of the restored state: the whole chain, or a kept tab's) the ids and tokens of
    /// the part of `shown` (the same part before the restore) it shares, then does the same in each tab both
    /// keep under a shared instance. `base` is the chain position below the part; `inKeptTab` tells a kept
    /// tab's part from the chain.
    /// Recursion follows kept tabs inside kept tabs, which a restore refuses deeper than
    /// ``FlowCoordinator/maximumSnapshotTabNesting`` (``FlowCoordinator/checkShape(of:)``), so its depth is bounded.
    /// - Returns: how many instances of `shown` the restore puts back.
    @discardableResult
    private mutating func putBack(_ shown: ParkedTab, into restored: inout ParkedTab, above base: Int, inKeptTab: Bool)
        -> Int
    {
        // A tab set's own layer is read as the person sees it, as a link reads it: where one state shows the
        // set's item layer and the other its selected tab, the tab kept under the layer is what is compared.
        var old = shown
        let part = FlowCoordinator.sharedPart(keepingTabsOf: &old, and: restored, above: base)
        let shared = (levels: part.levels, routes: part.routes)
        for level in 0..<shared.levels { restored.chain[level].id = old.chain[level].id }
        for index in 0..<shared.routes { restored.path[index] = old.path[index] }
        for index in shared.routes..<restored.path.count {
            let level = restored.path[index].depth - base - 1
            if level < shared.levels { restored.path[index] = restored.path[index].owned(by: restored.chain[level].id) }
        }
        for level in 0..<shared.levels {
            guard let was = old.chain[level].tabs, var now = restored.chain[level].tabs else { continue }
            for (tab, kept) in was.parked.sorted(by: { $0.key < $1.key }) {
                var keptAgain = false
                if var again = now.parked[tab] {
                    keptAgain = putBack(kept, into: &again, above: base + 1 + level, inKeptTab: true) > 0
                    now.parked[tab] = again
                }
                // A kept tab inside a kept tab that the restore does not put back is dropped; the chain's own
                // tab sets' kept tabs are judged by `droppedKeptTabs(from:)`, by id, as for every step.
                if !keptAgain, inKeptTab {
                    droppedInKeptTabs.append((old.chain[level].flow, tab, kept, old.chain[level].id))
                    droppedTabs.append(kept.chain[0].id)
                }
            }
            restored.chain[level].tabs = now
        }
        // The selected tab the restore sets aside under the set's item layer is kept, with what it puts back.
        if let aside = part.aside, let set = restored.chain[shared.levels - 1].tabs,
            let now = set.parked[set.selected]
        {
            keptTabs[aside.chain[0].id] = now.chain.map(\.id)
        }
        if inKeptTab, shared.levels > 0, restored != old {
            noteKeptTab(old, sharedWith: shared, now: restored.chain.map(\.id))
        }
        return shared.levels
    }

    /// Records what leaves of the kept tab `old`, which the restore keeps (its instance at least: a tab kept not
    /// even so is dropped whole, ``putBack``) with other content, when it shares the part `shared` of it: the
    /// routes past the shared ones, which the removal guard asks about, and the instances past the shared
    /// ones, reported removed. The kept tab (its instances now: `now`) changed: its instance objects keep the
    /// shared part, and the tree shows its new stack.
    private mutating func noteKeptTab(
        _ old: ParkedTab, sharedWith shared: (levels: Int, routes: Int), now: [FlowInstanceID]
    ) {
        if shared.routes < old.path.count { keptRemovals += old.path[shared.routes...] }
        if shared.levels < old.chain.count {
            var removed = removedInKeptTabs
            report(
                old.chain[shared.levels...], parentFlow: old.chain[shared.levels - 1].flow, cause: cause,
                withKeptTabs: true, into: &removed)
            removedInKeptTabs = removed
        }
        keptTabs[old.chain[0].id] = now
    }
}
