import FlowModel

/// A tab set's own layer (since format 1.3; docs/FORMAT.md, "Tabs"): a tab-bar item whose child declaration
/// is presented (`presentation: sheet` or `cover`) presents its child over the whole tab set instead of
/// showing a stack of its own. The tab shown when it is presented is set aside whole, as selecting another
/// tab keeps it, and the selection stays; when the layer goes (its flow finishes, back, dismissal) the
/// selected tab is shown again as it was, with the same instances and tokens, and every other tab keeps its
/// stack. A child the tab flow's handler presents over its tab bar is such a layer too.
extension Transition {
    /// Presents tab-bar item `tab` of the tab flow instance at `depth`: sets the shown tab aside (the
    /// selection stays) and starts the item's child with its declared arguments. A tab flow that shows no
    /// tab yet (a deep link's route naming the item) first shows the tab its `start` selects.
    /// - Throws: ``FlowRuntimeError/tabBarCovered(flow:layer:)`` when a layer is presented over the tab bar;
    ///   the errors of binding the item's arguments and of starting its child.
    mutating func presentTabBarItem(_ tab: Int, at depth: Int) throws(FlowRuntimeError) {
        let flow = flowIndex(at: depth)
        let graph = bundle.flows[flow]
        if state.chain[depth].tabs == nil, state.chain.count == depth + 1 {
            // A tab set of items alone has no tab to show under the layer (the bundle check refuses it).
            guard let first = firstTab(of: flow) else {
                throw .unknownTab(flow: graph.name, tab: graph.children[graph.tabs[tab].child].name)
            }
            try selectTab(first, at: depth)
        }
        if state.chain.count > depth + 1 {
            try checkTabBarUncovered(at: depth)
            if var set = state.chain[depth].tabs {
                setShownTabAside(at: depth, in: &set)
                state.chain[depth].tabs = set
            }
        }
        let node = graph.tabs[tab]
        let values = try bind(
            node.arguments, for: .child(node.child), in: flow, scope: ArgumentScope(instanceFrame(at: depth)))
        try startChild(node.child, values: values, at: depth, restoringDraft: true)
    }

    /// The tab the `start` of tab flow `flow` selects now (its conditional branches chosen by the host), or
    /// the first tab with a stack when the start names none (a bundle the validator did not check, FC370);
    /// nil when every tab is an item.
    private func firstTab(of flow: Int) -> Int? {
        let graph = bundle.flows[flow]
        var action = graph.start
        while case .conditional(let condition, let then, let otherwise) = action {
            action = host.condition(graph.conditions[condition]) ? then : otherwise
        }
        if case .show(.child(let child), _) = action, let tab = graph.stackTabIndex(ofChild: child) { return tab }
        return graph.tabs.indices.first { !graph.tabPresents($0) }
    }

    /// After the layer over the whole tab set of the instance at `depth` went (its flow finished and the
    /// handler ran, or back or dismissal removed it): when the instance is a tab flow left showing no tab,
    /// its selected tab is shown again — the kept one as it was, or, when the tab's own flow finished (the
    /// handler stayed or presented a layer that is gone now), started afresh with its declared arguments.
    mutating func showSelectedTab(ofDepth depth: Int) throws(FlowRuntimeError) {
        guard state.chain.count == depth + 1, var set = state.chain.tabs(at: depth) else { return }
        if let kept = set.parked.removeValue(forKey: set.selected) {
            state.chain[depth].tabs = set
            keptTabs[kept.chain[0].id] = nil
            for record in kept.chain { state.chain.append(record) }
            for route in kept.path { state.path.append(route) }
            return
        }
        let flow = flowIndex(at: depth)
        let node = bundle.flows[flow].tabs[set.selected]
        let values = try bind(
            node.arguments, for: .child(node.child), in: flow, scope: ArgumentScope(instanceFrame(at: depth)))
        try startChild(node.child, values: values, at: depth, restoringDraft: false)
    }

    /// After routes were removed as back removes them: the tab flow whose own layer went (the cut keeps it,
    /// ``StateEdit/cut(at:)``) shows its selected tab again.
    mutating func showTabSetUncovered() throws(FlowRuntimeError) {
        guard let last = state.chain.count.checkedPredecessor, state.chain.tabs(at: last) != nil else { return }
        try showSelectedTab(ofDepth: last)
    }
}

/// How many instances a cut of the path at a route index keeps (``StateEdit/cut(at:)``), read the same way by
/// the cut and by the checks that refuse a removal before it (a cover's or a tab's first route).
enum LayerCut {
    /// The instances a cut to the path's first `index` routes keeps: those up to the new top route's (none for
    /// the empty path), and, when the cut removes the own layer of a tab flow above them (a presented child over
    /// its whole tab bar), that tab flow and those below it too, to show its selected tab again. That tab flow
    /// stays only while the route that started it does: a cut that removes a route of an instance below it
    /// (the new top route's instance, or any for the empty path) removes it and its layer too.
    static func keptInstances<Path: RandomAccessCollection<Route>, Chain: RandomAccessCollection<InstanceRecord>>(
        cuttingAt index: Int, path: Path, chain: Chain
    ) -> Int where Path.Index == Int, Chain.Index == Int {
        let top = index > 0 ? path[index - 1].depth : nil
        let end = top.map { $0 + 1 } ?? 0
        var depth = end
        while depth + 1 < chain.count {
            if chain[depth].tabs != nil, chain[depth + 1].presentation.isPresented {
                if (index..<path.count).contains(where: { path[$0].depth < depth }) { return end }
                return depth + 1
            }
            depth += 1
        }
        return end
    }
}

extension Int {
    /// The number before this one, nil for zero or less.
    fileprivate var checkedPredecessor: Int? { self > 0 ? self - 1 : nil }
}
