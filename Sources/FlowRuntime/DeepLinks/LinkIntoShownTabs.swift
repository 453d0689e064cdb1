import FlowModel

/// A deep link into a tab set that is shown (docs/RUNNING.md, "Deep links into shown tabs"; since format 1.2).
///
/// A link is first built whole on a fresh state and checked there, as every link is. When its routes pass
/// through a tab flow instance the coordinator shows now — every instance and route below that tab flow is
/// the one shown now, with the same arguments — and the link does not declare `tabs: replace`, the link
/// keeps that instance and what lies below it, selects the link's tab, and puts the link's routes for that
/// tab in place of the tab's stack. The other tabs keep their stacks (go_router's StatefulShellRoute keeps
/// its branches the same way). The shown tab, when the link selects another, is kept aside as a selection
/// keeps it, without the layers presented over it (a kept tab has none); those layers, and the stack the
/// link's own tab had, go, under the removal guard, and every kept tab the link drops is reported in
/// ``StepResult/droppedTabs``.
extension FlowCoordinator {
    /// The built link's state with the shown tab flow instance kept, or `built` unchanged when the link
    /// passes through no shown tab flow (or the coordinator is not running).
    /// - Parameter built: the link's transition, built on ``freshState()``, so its ids and tokens are new.
    func keepingShownTabs(_ built: Transition) -> Transition {
        guard currentStatus == .running, let depth = shownTabFlowPassed(by: built.state) else { return built }
        let old = state
        let fresh = built.state
        guard var set = old.chain[depth].tabs, let freshTab = fresh.chain.tabs(at: depth)?.selected else {
            return built
        }
        // A link that presents a tab-bar item (format 1.3) over the tab set keeps the selection: the shown tab
        // is kept aside under the item's layer, as presenting it from the tab bar keeps it.
        let presents = fresh.chain.count > depth + 1 && fresh.chain[depth + 1].presentation.isPresented
        let linkTab = presents ? set.selected : freshTab
        var kept = Transition(context: context, state: makeEdit(), cause: .link)
        let firstAbove = old.path.routeRange(ofDepth: depth + 1).lowerBound
        if old.chain.count > depth + 1, presents || set.selected != linkTab,
            old.chain[depth + 1].declaration == bundle.flows[old.chain[depth].flow].tabs[set.selected].child
        {
            // The shown tab is kept aside, as selecting another tab keeps it: without what is presented over it.
            let layer =
                ((depth + 2)..<old.chain.count).first { old.chain[$0].presentation.isPresented } ?? old.chain.count
            let end = layer < old.chain.count ? old.path.routeRange(ofDepth: layer).lowerBound : old.path.count
            var parked = ParkedTab(
                chain: Array(old.chain[(depth + 1)..<layer]), path: Array(old.path[firstAbove..<end]))
            parked.showSelectedTabUncovered()
            set.parked[set.selected] = parked
            kept.keptTabs[parked.chain[0].id] = parked.chain.map(\.id)
        }
        // What the link's tab shows now: its stack when it is the shown tab, or what is kept of it.
        // (None when the link presents a tab-bar item: the shown tab was kept aside under it just above.)
        var existing: ParkedTab?
        var parkedBefore: ParkedTab?
        if !presents {
            if set.selected == linkTab, old.chain.count > depth + 1 {
                existing = ParkedTab(chain: Array(old.chain[(depth + 1)...]), path: Array(old.path[firstAbove...]))
            }
            parkedBefore = set.parked.removeValue(forKey: linkTab)
            if let parkedBefore { existing = parkedBefore }
        }
        let linked = ParkedTab(
            chain: Array(fresh.chain[(depth + 1)...]), path: fresh.path.filter { $0.depth > depth })
        // A link that shows what is already shown changes nothing below it: the part of the tab it shares
        // stays, with its instances and tokens; only what lies above it is replaced.
        let shared = existing.map { Self.sharedPart(of: $0, and: linked, above: depth) } ?? (levels: 0, routes: 0)
        if let parkedBefore {
            if shared.levels == 0 {
                kept.droppedTabs.append(parkedBefore.chain[0].id)
            } else {
                // What the link replaces in the kept tab goes as a kept tab's routes go (the removal guard asks),
                // and so do the kept instances it does not share.
                kept.keptRemovals += parkedBefore.path[shared.routes...]
                let gone = shared.levels
                if gone < parkedBefore.chain.count {
                    var removed = kept.removedInKeptTabs
                    kept.report(
                        parkedBefore.chain[gone...], parentFlow: parkedBefore.chain[gone - 1].flow, cause: .link,
                        withKeptTabs: true, into: &removed)
                    kept.removedInKeptTabs = removed
                }
            }
        }
        set.selected = linkTab
        kept.state.removeRoutes(from: firstAbove)
        kept.state.removeInstances(from: depth + 1)
        kept.state.chain[depth].tabs = set
        // A guarded link's continuation waits on the instance that guards it, kept or new.
        for position in 0...depth {
            if let pending = fresh.chain[position].pendingLink { kept.state.chain[position].pendingLink = pending }
        }
        // The shared instances and routes as they are, then the link's own from where it differs: its routes
        // on a shared instance go on that instance.
        if let existing {
            for level in 0..<shared.levels {
                var record = existing.chain[level]
                if let pending = linked.chain[level].pendingLink { record.pendingLink = pending }
                kept.state.chain.append(record)
            }
            for route in existing.path[..<shared.routes] { kept.state.path.append(route) }
        }
        for record in linked.chain.dropFirst(shared.levels) { kept.state.chain.append(record) }
        for route in linked.path.dropFirst(shared.routes) {
            kept.state.path.append(route.owned(by: kept.state.chain.id(at: route.depth)))
        }
        kept.state.nextInstance = fresh.nextInstance
        kept.state.nextToken = fresh.nextToken
        return kept
    }

    /// How much of a tab's chain and routes `existing` (what the tab shows or keeps now) shares with
    /// `linked` (what a link shows in it): the instances from the tab's own, level by level, with the same
    /// flow, child declaration, presentation, arguments (and selected tab, for a tab flow), and on each of
    /// them the same screens with the same arguments, bottom up. Sharing stops at the first instance or
    /// route that differs; the routes shared are a prefix of both paths.
    static func sharedPart(of existing: ParkedTab, and linked: ParkedTab, above base: Int) -> (
        levels: Int, routes: Int
    ) {
        var (levels, routes) = (0, 0)
        while levels < existing.chain.count, levels < linked.chain.count {
            let (shown, link) = (existing.chain[levels], linked.chain[levels])
            guard shown.flow == link.flow, shown.declaration == link.declaration,
                shown.presentation == link.presentation, shown.values == link.values,
                shown.tabs?.selected == link.tabs?.selected
            else { break }
            levels += 1
            // This level's routes in each path (both are in chain order, and equal up to `routes`).
            let depth = base + levels
            let own = existing.path[routes...].prefix { $0.depth == depth }.count
            let linkOwn = linked.path[routes...].prefix { $0.depth == depth }.count
            var same = 0
            while same < min(own, linkOwn) {
                let (shownRoute, linkRoute) = (existing.path[routes + same], linked.path[routes + same])
                guard shownRoute.screenIndex == linkRoute.screenIndex, shownRoute.values == linkRoute.values else {
                    break
                }
                same += 1
            }
            routes += same
            guard same == own, same == linkOwn else { break }
        }
        return (levels, routes)
    }

    /// The chain position of the deepest tab flow instance that both the shown state and the link's state
    /// `fresh` have, with the same instances and routes below it: the same flows, child declarations,
    /// presentations and arguments, and below each the same screens with the same arguments.
    private func shownTabFlowPassed(by fresh: StateEdit) -> Int? {
        let old = state
        var found: Int?
        var depth = 0
        while depth < old.chain.count, depth < fresh.chain.count {
            let (shown, linked) = (old.chain[depth], fresh.chain[depth])
            guard shown.flow == linked.flow, shown.declaration == linked.declaration,
                shown.presentation == linked.presentation, shown.values == linked.values
            else { break }
            if shown.tabs != nil, fresh.chain.tabs(at: depth) != nil { found = depth }
            let ownShown = old.path.routeRange(ofDepth: depth)
            let ownLinked = fresh.path.routeRange(ofDepth: depth)
            guard ownShown.count == ownLinked.count,
                zip(ownShown, ownLinked).allSatisfy({
                    old.path[$0].screenIndex == fresh.path[$1].screenIndex
                        && old.path[$0].values == fresh.path[$1].values
                })
            else { break }
            depth += 1
        }
        return found
    }
}
