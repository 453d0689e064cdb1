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
        guard var set = old.chain[depth].tabs, let linkTab = fresh.chain.tabs(at: depth)?.selected else {
            return built
        }
        var kept = Transition(context: context, state: makeEdit(), cause: .link)
        let firstAbove = old.path.routeRange(ofDepth: depth + 1).lowerBound
        if old.chain.count > depth + 1, set.selected != linkTab,
            old.chain[depth + 1].declaration == bundle.flows[old.chain[depth].flow].tabs[set.selected].child
        {
            // The shown tab is kept aside, as selecting another tab keeps it: without what is presented over it.
            let layer =
                ((depth + 2)..<old.chain.count).first { old.chain[$0].presentation.isPresented } ?? old.chain.count
            let end = layer < old.chain.count ? old.path.routeRange(ofDepth: layer).lowerBound : old.path.count
            let parked = ParkedTab(
                chain: Array(old.chain[(depth + 1)..<layer]), path: Array(old.path[firstAbove..<end]))
            set.parked[set.selected] = parked
            kept.keptTabs[parked.chain[0].id] = parked.chain.map(\.id)
        }
        if let replaced = set.parked.removeValue(forKey: linkTab) { kept.droppedTabs.append(replaced.chain[0].id) }
        set.selected = linkTab
        kept.state.removeRoutes(from: firstAbove)
        kept.state.removeInstances(from: depth + 1)
        kept.state.chain[depth].tabs = set
        // A guarded link's continuation waits on the instance that guards it, kept or new.
        for position in 0...depth {
            if let pending = fresh.chain[position].pendingLink { kept.state.chain[position].pendingLink = pending }
        }
        for position in (depth + 1)..<fresh.chain.count { kept.state.chain.append(fresh.chain[position]) }
        for index in fresh.path.indices where fresh.path[index].depth > depth {
            kept.state.path.append(fresh.path[index])
        }
        kept.state.nextInstance = fresh.nextInstance
        kept.state.nextToken = fresh.nextToken
        return kept
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
