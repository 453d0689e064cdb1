import FlowModel

/// Tab selection inside a step. A tab flow instance at chain position `d` has no routes of its own; its
/// selected tab's instance is at `d + 1`. Selecting another tab moves the shown tab's part of the chain
/// and path aside (``ParkedTab``) and puts the selected one's back, or starts it the first time: the cost is
/// that of the two tabs involved, never of the others.
extension Transition {
    /// `select: TAB` run by the instance at `depth`: the tab set is the instance's own, or the one it is a
    /// tab of.
    mutating func select(_ name: String, from depth: Int) throws(FlowRuntimeError) {
        var setDepth = depth
        if bundle.flows[flowIndex(at: depth)].tabs.isEmpty {
            guard depth > 0, let declaration = state.chain[depth].declaration,
                bundle.flows[flowIndex(at: depth - 1)].tabs.index(ofChild: declaration) != nil else {
                throw .noTabSet(flow: bundle.flows[flowIndex(at: depth)].name)
            }
            setDepth = depth - 1
        }
        let graph = bundle.flows[flowIndex(at: setDepth)]
        guard let tab = graph.tabIndex(named: name) else { throw .unknownTab(flow: graph.name, tab: name) }
        try selectTab(tab, at: setDepth)
    }

    /// Selects tab `tab` of the tab flow instance at `depth`: parks the shown tab, then brings the selected
    /// one back or starts it with its declared arguments. Selecting the shown tab changes nothing.
    mutating func selectTab(_ tab: Int, at depth: Int) throws(FlowRuntimeError) {
        let flow = flowIndex(at: depth)
        let graph = bundle.flows[flow]
        var set = state.chain[depth].tabs ?? TabSetRecord(selected: tab)
        if state.chain.count > depth + 1 {
            // The chain below the tab flow must be the selected tab: a child the tab flow presented itself
            // covers the tab bar.
            guard state.chain[depth].tabs != nil, state.chain[depth + 1].declaration == graph.tabs[set.selected].child else {
                throw .tabBarCovered(flow: graph.name)
            }
            if set.selected == tab { return }
            let first = state.routeRange(ofDepth: depth + 1).lowerBound
            let kept = ParkedTab(chain: Array(state.chain[(depth + 1)...]), path: Array(state.path[first...]))
            keptTabs[kept.chain[0].id] = kept.chain.map(\.id)
            set.parked[set.selected] = kept
            state.removeRoutes(from: first)
            state.removeInstances(from: depth + 1)
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
        let node = graph.tabs[tab]
        let values = try bind(node.arguments, for: .child(node.child), in: flow, scope: ArgumentScope(instanceFrame(at: depth)))
        try startChild(node.child, values: values, at: depth, restoringDraft: false)
    }

    /// After a child of the instance at `depth` finished and its handler ran: when the instance is a tab
    /// flow left showing no tab (its selected tab's flow finished, the handler stayed), the selected tab
    /// starts afresh.
    mutating func restartSelectedTab(ofDepth depth: Int) throws(FlowRuntimeError) {
        guard state.chain.count == depth + 1, let set = state.chain[depth].tabs else { return }
        let flow = flowIndex(at: depth)
        let node = bundle.flows[flow].tabs[set.selected]
        let values = try bind(node.arguments, for: .child(node.child), in: flow, scope: ArgumentScope(instanceFrame(at: depth)))
        try startChild(node.child, values: values, at: depth, restoringDraft: false)
    }

    /// The `confirm` routes of kept tabs that this step drops (their tab flow removed, or its `replaceRoot`),
    /// not yet decided: the removal guard asks about them as about routes on the path.
    /// - Parameter old: the chain before the step.
    func droppedKeptRoutes(from old: [InstanceRecord], granted: Set<RouteToken>) -> [Route] {
        let kept = state.chain.keptCount
        guard kept < old.count else { return [] }
        var pending: [ParkedTab] = []
        for depth in kept..<old.count {
            guard let tabs = old[depth].tabs, !tabs.parked.isEmpty else { continue }
            let survivor = depth < state.chain.count && state.chain[depth].id == old[depth].id ? state.chain[depth].tabs : nil
            for (tab, parked) in tabs.parked {
                let root = parked.chain[0].id
                if survivor?.parked[tab]?.chain.first?.id == root { continue }
                if survivor?.selected == tab, depth + 1 < state.chain.count, state.chain[depth + 1].id == root { continue }
                pending.append(parked)
            }
        }
        var dropped: [Route] = []
        while let parked = pending.popLast() {
            for route in parked.path where removal(of: route) == .confirm && !granted.contains(route.token) { dropped.append(route) }
            for record in parked.chain { if let tabs = record.tabs { pending += tabs.parked.values } }
        }
        return dropped.sorted { $0.token < $1.token }
    }
}
