import FlowModel

/// A kept tab a step drops (``Transition/droppedKeptTabs(from:)``): its tab flow, its position, what was kept
/// of it, and the instance of the tab flow that kept it.
typealias DroppedKeptTab = (tabFlow: Int, tab: Int, parked: ParkedTab, owner: FlowInstanceID)

/// Tab selection inside a step. A tab flow instance at chain position `d` has no routes of its own; its
/// selected tab's instance is at `d + 1`. Selecting another tab moves the shown tab's part of the chain
/// and path aside (``ParkedTab``) and puts the selected one's back, or starts it the first time: the cost is
/// that of the two tabs involved, never of the others.
extension Transition {
    /// `select: TAB` run by the instance at `depth`: it selects TAB in the nearest enclosing tab set that has
    /// it — the instance's own, or that of the nearest instance below it on the chain whose flow lists TAB —
    /// so a flow pushed inside a tab, or a page of a nested tab set, selects a tab of an outer set
    /// (docs/FORMAT.md, "Tabs"). A presented child hides the tab bars below it: the search stops there.
    /// - Throws: ``FlowRuntimeError/unknownTab(flow:tab:)`` when the nearest tab set found lacks TAB and no
    ///   outer one has it; ``FlowRuntimeError/noTabSet(flow:)`` when no tab set encloses the instance;
    ///   ``FlowRuntimeError/tabBarCovered(flow:layer:)`` when a layer is presented over the tab bar.
    mutating func select(_ name: String, from depth: Int) throws(FlowRuntimeError) {
        var nearest: Int?
        var position = depth
        while position >= 0 {
            // Read in place: `let graph = bundle.flows[…]` would copy the whole graph.
            let flow = flowIndex(at: position)
            if !bundle.flows[flow].tabs.isEmpty {
                if nearest == nil { nearest = position }
                if let tab = bundle.tabIndex(named: name, inFlow: flow) {
                    try selectTab(tab, at: position)
                    return
                }
            }
            // A presented instance (a sheet or cover) hides every tab bar below it.
            if state.chain.presentation(at: position).isPresented { break }
            position -= 1
        }
        guard let nearest else { throw .noTabSet(flow: bundle.flows[flowIndex(at: depth)].name) }
        throw .unknownTab(flow: bundle.flows[flowIndex(at: nearest)].name, tab: name)
    }

    /// Selects tab `tab` of the tab flow instance at `depth`: parks the shown tab, then brings the selected
    /// one back or starts it with its declared arguments. Selecting the shown tab changes nothing.
    mutating func selectTab(_ tab: Int, at depth: Int) throws(FlowRuntimeError) {
        let flow = flowIndex(at: depth)
        // Read in place: `let graph = bundle.flows[flow]` would copy the whole graph.
        // A tab-bar item that presents (format 1.3) is never selected: it presents its child over the tab set.
        if bundle.tabPresents(tab, inFlow: flow) {
            try presentTabBarItem(tab, at: depth)
            return
        }
        var set = state.chain.tabs(at: depth) ?? TabSetRecord(selected: tab)
        if state.chain.count > depth + 1 {
            // The chain above the tab flow must be the selected tab (a child the tab flow presented itself
            // covers the tab bar), and nothing in it presented: a sheet or cover from inside the tab hides the
            // tab bar too. An event from a route under a layer is refused (`routeCovered`), so the `select:`
            // action of an event never finds one; a handler's can (a child's outcome, a layer above it).
            try checkTabBarUncovered(at: depth)
            if set.selected == tab { return }
            setShownTabAside(at: depth, in: &set)
        }
        set.selected = tab
        let parked = set.parked.removeValue(forKey: tab)
        state.chain[depth].tabs = set
        if let parked {
            keptTabs[parked.chain[0].id] = nil
            for record in parked.chain { state.chain.append(record) }
            for route in parked.path { state.path.append(route) }
            return
        }
        let node = bundle.flows[flow].tabs[tab]
        let values = try bind(
            node.arguments, for: .child(node.child), in: flow, scope: ArgumentScope(instanceFrame(at: depth)))
        try startChild(node.child, values: values, at: depth, restoringDraft: false)
    }

    /// Refuses a change of the tab set at `depth` while anything is above its shown tab's chain: a child the
    /// tab flow presented itself, or a sheet or cover from inside the tab, hides the tab bar.
    /// - Precondition: the chain goes on above `depth`.
    func checkTabBarUncovered(at depth: Int) throws(FlowRuntimeError) {
        // Read in place: `let graph = bundle.flows[…]` would copy the whole graph.
        let flow = flowIndex(at: depth)
        // The refusal names the layer the person sees: the topmost presented one (a cover over a sheet).
        var topmost: Int?
        for position in (depth + 1)..<state.chain.count where state.chain.presentation(at: position).isPresented {
            topmost = position
        }
        guard let set = state.chain.tabs(at: depth),
            state.chain.declaration(at: depth + 1) == bundle.flows[flow].tabs[set.selected].child
        else {
            throw .tabBarCovered(
                flow: bundle.flows[flow].name, layer: bundle.flows[flowIndex(at: topmost ?? depth + 1)].name)
        }
        if let topmost, topmost >= depth + 2 {
            throw .tabBarCovered(flow: bundle.flows[flow].name, layer: bundle.flows[flowIndex(at: topmost)].name)
        }
    }

    /// Sets the shown tab of the tab set at `depth` aside whole into `set` (its instances and routes leave the
    /// chain and the path, same ids and tokens); `set.selected` is left as it is. A nested tab set at the top
    /// of that tab whose own layer went in this step (its item's flow finished and the handler selects an
    /// outer tab) is kept showing its selected tab again (``ParkedTab/showSelectedTabUncovered()``), so it is
    /// shown as it was when the outer tab is selected again.
    mutating func setShownTabAside(at depth: Int, in set: inout TabSetRecord) {
        let first = state.routeRange(ofDepth: depth + 1).lowerBound
        var kept = ParkedTab(chain: Array(state.chain[(depth + 1)...]), path: Array(state.path[first...]))
        kept.showSelectedTabUncovered()
        keptTabs[kept.chain[0].id] = kept.chain.map(\.id)
        set.parked[set.selected] = kept
        state.removeRoutes(from: first)
        state.removeInstances(from: depth + 1)
    }

    /// The kept (unselected) tabs that were aside in `old`, the chain before the step, and that this step
    /// drops: their tab flow removed or replaced, its `replaceRoot`, or a deep link that rebuilt the tab. Only
    /// the outermost are listed; the tabs kept inside them go with them. A tab flow the step set aside whole
    /// (an outer tab selected from a page of an inner tab set: the inner set goes aside with the outer tab
    /// shown before) keeps its kept tabs: they are not dropped. Last, the kept tabs inside kept tabs that a
    /// restore drops (``droppedInKeptTabs``).
    /// The coordinator computes it once per step and hands it to ``droppedKeptRoutes(_:granted:)``,
    /// ``droppedTabReports(_:)`` and ``removedInstances(from:droppedKept:)``.
    func droppedKeptTabs(from old: [InstanceRecord]) -> [DroppedKeptTab] {
        let kept = state.chain.keptCount
        guard kept < old.count else { return droppedInKeptTabs }
        var dropped: [DroppedKeptTab] = []
        for depth in kept..<old.count {
            guard let tabs = old[depth].tabs, !tabs.parked.isEmpty, !isKept(old[depth].id) else { continue }
            let id = old[depth].id
            let survivor =
                depth < state.chain.count && state.chain.id(at: depth) == id ? state.chain.tabs(at: depth) : nil
            // Speed: PERFORMANCE.md, "Round 16, rtcommit": the dropped ones are put in tab order, not every
            // kept tab first (`parkedInTabOrder` sorts into a new array on each call).
            let first = dropped.count
            for (tab, parked) in tabs.parked {
                let root = parked.chain[0].id
                if survivor?.parked[tab]?.chain.first?.id == root { continue }
                if survivor?.selected == tab, depth + 1 < state.chain.count, state.chain.id(at: depth + 1) == root {
                    continue
                }
                dropped.append((old[depth].flow, tab, parked, id))
            }
            if dropped.count - first > 1 { dropped[first...].sort { $0.tab < $1.tab } }
        }
        let inKeptTabs = droppedInKeptTabs
        if !inKeptTabs.isEmpty { dropped += inKeptTabs }
        return dropped
    }

    /// The `confirm` routes of kept tabs that this step drops (``droppedKeptTabs(from:)``, and the tabs kept
    /// inside them), not yet decided: the removal guard asks about them as about routes on the path.
    /// - Parameter droppedKept: ``droppedKeptTabs(from:)`` of the chain before the step.
    func droppedKeptRoutes(_ droppedKept: [DroppedKeptTab], granted: GrantedRemovals) -> [Route] {
        if droppedKept.isEmpty { return [] }
        var pending = droppedKept.map(\.parked)
        var dropped: [Route] = []
        while let parked = pending.popLast() {
            for route in parked.path where removal(of: route) == .confirm && !granted.contains(route.token) {
                dropped.append(route)
            }
            for record in parked.chain { if let tabs = record.tabs { pending += tabs.parked.values } }
        }
        return dropped.sorted { $0.token < $1.token }
    }

    /// What ``StepResult/droppedTabs`` says of the kept tabs this step drops: each outermost one, followed
    /// by the tabs kept inside it (a tab set within the dropped tab), at any depth.
    /// - Parameter outermost: ``droppedKeptTabs(from:)`` of the chain before the step.
    func droppedTabReports(_ outermost: [DroppedKeptTab]) -> [DroppedTab] {
        // Most steps drop no kept tab.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        if outermost.isEmpty { return [] }
        return tabReports(outermost.map { ($0.tabFlow, $0.tab, $0.parked) })
    }

    /// What ``StepResult/droppedTabs`` would say of every tab kept in `chain` (each outermost one, followed
    /// by the tabs kept inside it), should a later step drop it: the kept tabs that a step shows again
    /// before a held link opens and removes them (``FlowCoordinator/step(_:)``).
    func keptTabReports(of chain: [InstanceRecord]) -> [DroppedTab] {
        var outermost: [(Int, Int, ParkedTab)] = []
        for record in chain {
            guard let tabs = record.tabs else { continue }
            for (tab, parked) in tabs.parkedInTabOrder {
                outermost.append((record.flow, tab, parked))
            }
        }
        return outermost.isEmpty ? [] : tabReports(outermost)
    }

    /// The reports of the kept tabs `outermost` and of the tabs kept inside each, at any depth, in order.
    private func tabReports(_ outermost: [(tabFlow: Int, tab: Int, parked: ParkedTab)]) -> [DroppedTab] {
        var pending = outermost.reversed().map { ($0.tabFlow, $0.tab, $0.parked) }
        var reports: [DroppedTab] = []
        while let (tabFlow, tab, parked) = pending.popLast() {
            // Read in place: `let flow = bundle.flows[tabFlow]` would copy the whole graph.
            reports.append(
                DroppedTab(
                    flow: bundle.flows[tabFlow].name,
                    tab: bundle.flows[tabFlow].children[bundle.flows[tabFlow].tabs[tab].child].name,
                    instance: parked.chain[0].id, routes: parked.path.map(\.screen)))
            for record in parked.chain.reversed() {
                guard let tabs = record.tabs else { continue }
                for (inner, kept) in tabs.parkedInTabOrder.reversed() {
                    pending.append((record.flow, inner, kept))
                }
            }
        }
        return reports
    }
}

/// Interactive back on a kept (unselected) tab: the person's per-tab stack changed while another tab is
/// shown (a host's `NavigationStack` of that tab, or ``FlowCoordinator/back(_:onStack:)``). The kept chain is
/// changed where it lies, as back changes a shown one: the selection, the shown tab and the path stay.
extension Transition {
    /// Removes the routes of kept tab `tab` of the tab flow instance at `depth` from its bottom stack's route
    /// `keep` on, as ``removeAsBack(keeping:before:sender:skippingHandlersBecause:)``
    /// does on the path: a child removed across a `preserve` route leaves its draft, a `confirm` route is
    /// reported in ``keptRemovals`` for the removal guard, and instances left without routes are removed.
    /// No handler runs in a tab that is not shown: a confirmed `confirm` screen's outcome handler is skipped.
    /// - Precondition: `0 < keep <` the kept tab's bottom stack's route count.
    /// - Returns: ``FlowRuntimeError/handlerSkipped(flow:outcome:because:)`` when a handler did not run.
    mutating func removeInKeptTab(_ tab: Int, ofTabSetAt depth: Int, keeping keep: Int) -> FlowRuntimeError? {
        guard var set = state.chain[depth].tabs, let parked = set.parked[tab] else { return nil }
        // The kept tab as if it were shown: the chain and routes below the tab set, then the kept ones. Only
        // they are copied, like selecting the tab would move them.
        let below = state.routeRange(ofDepth: depth + 1).lowerBound
        var shown = RuntimeState()
        shown.owner = state.owner
        shown.path = Array(state.path[..<below]) + parked.path
        shown.chain = Array(state.chain[...depth]) + parked.chain
        shown.nextInstance = state.nextInstance
        shown.nextToken = state.nextToken
        var removal = Transition(context: context, state: StateEdit(shown))
        let name = bundle.flows[flowIndex(at: depth)].children[bundle.flows[flowIndex(at: depth)].tabs[tab].child].name
        let note = removal.removeAsBack(
            keeping: below + keep, before: shown, sender: nil,
            skippingHandlersBecause: "tab '\(name)' is not selected")
        let kept = ParkedTab(
            chain: Array(removal.state.chain[(depth + 1)...]), path: Array(removal.state.path[below...]))
        keptRemovals += parked.path[keep...]
        for record in parked.chain[kept.chain.count...] { keptRemovals += Self.keptRoutes(under: record) }
        if kept.chain.count < parked.chain.count {
            var removed = removedInKeptTabs
            report(
                parked.chain[kept.chain.count...], parentFlow: parked.chain[kept.chain.count - 1].flow, cause: .back,
                withKeptTabs: true, into: &removed)
            removedInKeptTabs = removed
        }
        set.parked[tab] = kept
        state.chain[depth].tabs = set
        keptTabs[kept.chain[0].id] = kept.chain.map(\.id)
        return note
    }

    /// The routes of every tab kept under `record` (a tab flow's instance), at any depth.
    static func keptRoutes(under record: InstanceRecord) -> [Route] {
        var routes: [Route] = []
        var pending = record.tabs.map { Array($0.parked.values) } ?? []
        while let parked = pending.popLast() {
            routes += parked.path
            for inner in parked.chain { if let tabs = inner.tabs { pending += tabs.parked.values } }
        }
        return routes
    }
}
