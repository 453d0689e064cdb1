import FlowModel

/// `select: TAB` with `routes:` (since format 1.3; docs/FORMAT.md, "Tabs"): a handler selects a tab of its
/// flow's own tab set and says what the tab's stack shows, as a deep link's routes after a tab do — so a
/// child's outcome data (an order's id) reaches another tab's stack. The tab's stack is replaced, as a link
/// with `tabs: keep` replaces the stack of its tab: a kept one goes (reported in ``StepResult/droppedTabs``,
/// through the removal guard), a shown one is removed; the other tabs keep theirs. A route naming a tab of a
/// tab flow on the way selects that tab, as a link's route does.
extension Transition {
    /// Selects the tab `routes[0]` names, of the tab flow instance at `depth`, started afresh with its declared
    /// arguments, then shows each further route on it: a screen is pushed on the flow the routes address, a
    /// child is started (its start implied) and the routes after it address its flow.
    /// - Parameter scope: where the routes' `$name` arguments resolve (in a handler: the outcome's values first).
    /// - Throws: ``FlowRuntimeError/unknownTab(flow:tab:)`` when `routes[0]` names no tab with a stack of the
    ///   instance's flow; ``FlowRuntimeError/tabBarCovered(flow:layer:)`` while a layer covers the tab bar; the
    ///   errors of binding the routes' arguments and of starting their children.
    mutating func select(showing routes: [LinkRouteNode], at depth: Int, scope: ArgumentScope)
        throws(FlowRuntimeError)
    {
        let graph = bundle.flows[flowIndex(at: depth)]
        guard case .child(let child)? = routes.first?.target, let tab = graph.stackTabIndex(ofChild: child) else {
            throw .unknownTab(flow: graph.name, tab: routes.first.map { "\($0.target)" } ?? "")
        }
        // What the tab shows or keeps now: the part the routes share with it stays (``shareExisting``).
        var existing: ParkedTab?
        var wasKept = false
        if var set = state.chain[depth].tabs {
            if let kept = set.parked.removeValue(forKey: tab) {
                existing = kept
                wasKept = true
                state.chain[depth].tabs = set
            } else if set.selected == tab, state.chain.count > depth + 1, state.chain[depth + 1].declaration == child {
                let first = state.routeRange(ofDepth: depth + 1).lowerBound
                existing = ParkedTab(chain: Array(state.chain[(depth + 1)...]), path: Array(state.path[first...]))
                noteRemoval(above: depth, including: depth + 1, as: .select)
                state.removeRoutes(from: first)
                state.removeInstances(from: depth + 1)
            }
        }
        try selectTab(tab, at: depth)
        var addressed = depth + 1
        for route in routes.dropFirst() {
            let flow = flowIndex(at: addressed)
            let values = try bind(route.arguments, for: route.target, in: flow, scope: scope)
            switch route.target {
            case .screen(let screen):
                appendRoute(screen: screen, values: values, at: addressed)
            case .child(let child):
                // A route naming a tab of a tab flow the routes started selects it, as a link's does.
                if bundle.flows[flow].stackTabIndex(ofChild: child) != nil {
                    dropTabStartedOnTheWay(at: addressed, unless: child)
                }
                try show(route.target, values: values, at: addressed)
                addressed += 1
            }
        }
        if let existing { shareExisting(existing, wasKept: wasKept, at: depth) }
    }

    /// After the routes were built afresh in the tab of the tab set at `depth`: the part of what the tab showed
    /// or kept (`existing`) that they share, instance by instance and route by route from the tab's own
    /// (``FlowCoordinator/sharedPart(of:and:above:)``, as a link's), stays as it was, with its instances and
    /// tokens; only what lies above the first difference is the new one. A kept tab that shares nothing is
    /// dropped (``StepResult/droppedTabs``); what a kept tab does not share goes as a kept tab's routes go (the
    /// removal guard asks about them) and its instances are reported removed.
    private mutating func shareExisting(_ shown: ParkedTab, wasKept: Bool, at depth: Int) {
        let first = state.routeRange(ofDepth: depth + 1).lowerBound
        let built = ParkedTab(chain: Array(state.chain[(depth + 1)...]), path: Array(state.path[first...]))
        var existing = shown
        let shared = FlowCoordinator.sharedPart(keepingTabsOf: &existing, and: built, above: depth, switchingTabs: true)
        for aside in shared.switched + (shared.aside.map { [$0] } ?? []) {
            keptTabs[aside.chain[0].id] = aside.chain.map(\.id)
        }
        guard shared.levels > 0 else {
            if wasKept {
                droppedTabs.append(existing.chain[0].id)
                removalCauses[existing.chain[0].id] = .select
            }
            return
        }
        if wasKept {
            keptTabs[existing.chain[0].id] = nil
            keptRemovals += existing.path[shared.routes...]
            if shared.levels < existing.chain.count {
                var removed = removedInKeptTabs
                report(
                    existing.chain[shared.levels...], parentFlow: existing.chain[shared.levels - 1].flow,
                    cause: .select, withKeptTabs: true, into: &removed)
                removedInKeptTabs = removed
            }
        }
        state.removeRoutes(from: first)
        state.removeInstances(from: depth + 1)
        for record in existing.chain[..<shared.levels] { state.chain.append(record) }
        for route in existing.path[..<shared.routes] { state.path.append(route) }
        for record in built.chain.dropFirst(shared.levels) { state.chain.append(record) }
        for route in built.path.dropFirst(shared.routes) {
            state.path.append(route.owned(by: state.chain.id(at: route.depth)))
        }
    }

    /// A route that names a tab starts that tab only ("the other tabs start afresh when selected"): when
    /// the tab flow's own start already selected and started another tab on the way (the tab flow was
    /// started by the previous route, or by its parent's start), that tab goes again, with the ids and
    /// tokens it took, as if it had never started. Used where the tab flow was started in this step (a link
    /// builds a fresh state; `select` with `routes` starts its tab afresh), so no tab there was chosen by the
    /// person.
    mutating func dropTabStartedOnTheWay(at depth: Int, unless child: Int) {
        guard let set = state.chain[depth].tabs, set.parked.isEmpty, state.chain.count > depth + 1,
            state.chain[depth + 1].declaration != child
        else { return }
        let first = state.routeRange(ofDepth: depth + 1).lowerBound
        if first < state.path.count {
            state.nextToken = state.path[first].token.rawValue
        }
        state.nextInstance = state.chain[depth + 1].id.rawValue
        state.removeRoutes(from: first)
        state.removeInstances(from: depth + 1)
        state.chain[depth].tabs = nil
    }
}
