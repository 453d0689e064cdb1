import FlowModel

/// `select: TAB` with `routes:` (since format 1.3; docs/FORMAT.md, "Tabs"): a handler selects a tab of its
/// flow's own tab set and says what the tab's stack shows, as a deep link's routes after a tab do — so a
/// child's outcome data (an order's id) reaches another tab's stack. The tab's stack is replaced, as a link
/// with `tabs: keep` replaces the stack of its tab: a kept one goes (reported in ``StepResult/droppedTabs``,
/// through the removal guard), a shown one is removed; the other tabs keep theirs.
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
        if var set = state.chain[depth].tabs {
            if let kept = set.parked.removeValue(forKey: tab) {
                droppedTabs.append(kept.chain[0].id)
                removalCauses[kept.chain[0].id] = .select
                state.chain[depth].tabs = set
            } else if set.selected == tab, state.chain.count > depth + 1, state.chain[depth + 1].declaration == child {
                noteRemoval(above: depth, including: depth + 1, as: .select)
                state.removeRoutes(from: state.routeRange(ofDepth: depth + 1).lowerBound)
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
                try startChild(child, values: values, at: addressed, restoringDraft: false)
                addressed += 1
            }
        }
    }
}
