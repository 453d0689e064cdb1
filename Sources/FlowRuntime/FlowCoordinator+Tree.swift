import FlowModel

/// The host-facing views of the navigation tree, derived from the one state on demand: nothing is stored
/// twice, and a step pays nothing for them.
extension FlowCoordinator {
    /// The stacks shown, bottom to top: the root's (or the selected tabs'), then each presented layer.
    /// Stacks without routes (a tab flow's own, which shows only its tabs) are left out. Reading it
    /// registers observation of ``path``.
    public var stacks: [FlowStack] {
        access(keyPath: ObservedKeyPaths.path)
        return Self.stacks(of: state.chain, at: 0, path: state.path, bundle: bundle, parentFlow: nil)
    }

    /// The shown stack that begins with instance `id`, if any.
    public func stack(_ id: FlowInstanceID) -> FlowStack? { stacks.first { $0.id == id } }

    /// The tab sets shown, outermost first (a tab set inside a tab that is not selected is not shown).
    public var tabSets: [FlowTabSet] {
        access(keyPath: ObservedKeyPaths.path)
        var sets: [FlowTabSet] = []
        let chain = state.chain
        for depth in chain.indices {
            guard let tabs = chain[depth].tabs else { continue }
            let graph = bundle.flows[chain[depth].flow]
            var kept: [String: FlowStack] = [:]
            for (tab, parked) in tabs.parked {
                if let bottom = Self.stacks(of: parked.chain, at: depth + 1, path: parked.path, bundle: bundle,
                                            parentFlow: chain[depth].flow, tabSet: chain[depth].id).first {
                    kept[graph.children[graph.tabs[tab].child].name] = bottom
                }
            }
            sets.append(FlowTabSet(
                id: chain[depth].id, flow: graph.name, tabs: graph.tabs.map { graph.children[$0.child].name },
                selected: graph.children[graph.tabs[tabs.selected].child].name, keptStacks: kept))
        }
        return sets
    }

    /// The stacks of a run of the chain (`records` at chain positions from `base` on) and their routes.
    static func stacks(of records: [InstanceRecord], at base: Int, path: [Route], bundle: FlowBundle, parentFlow: Int?,
                       tabSet: FlowInstanceID? = nil) -> [FlowStack] {
        var result: [FlowStack] = []
        var current: (begin: Int, routes: [Route])?
        func close() {
            guard let open = current, !open.routes.isEmpty else { return }
            let record = records[open.begin - base]
            let kind: FlowStack.Kind
            switch record.presentation {
            case .sheet: kind = .sheet
            case .cover: kind = .cover
            case .push:
                if open.begin == 0 {
                    kind = .root
                } else {
                    let parent = open.begin - 1 - base >= 0 ? records[open.begin - 1 - base] : nil
                    let parentFlowIndex = parent?.flow ?? parentFlow
                    let tabSetID = parent?.id ?? tabSet
                    if let parentFlowIndex, let tabSetID, let declaration = record.declaration {
                        kind = .tab(name: bundle.flows[parentFlowIndex].children[declaration].name, tabSet: tabSetID)
                    } else {
                        kind = .root
                    }
                }
            }
            result.append(FlowStack(id: record.id, kind: kind, routes: open.routes))
        }
        for route in path {
            let begin = records[route.depth - base].stackDepth
            if current?.begin != begin {
                close()
                current = (begin, [])
            }
            current?.routes.append(route)
        }
        close()
        return result
    }
}

extension FlowCoordinator {
    /// Whether instance `id` is alive in a kept (unselected) tab. Searches the kept tabs: only a completion of
    /// an instance that is not shown asks.
    func isInKeptTab(_ id: FlowInstanceID) -> Bool {
        var pending: [ParkedTab] = []
        for record in state.chain { if let tabs = record.tabs { pending += tabs.parked.values } }
        while let parked = pending.popLast() {
            for record in parked.chain {
                if record.id == id { return true }
                if let tabs = record.tabs { pending += tabs.parked.values }
            }
        }
        return false
    }

    /// Whether instance `id` is in the shown chain (not in a kept tab, not gone).
    func isShown(_ id: FlowInstanceID) -> Bool { state.depth(of: id) != nil }

    /// How the shown instance `id` was presented, when it is a sheet or a cover (for traces).
    func presentation(of id: FlowInstanceID) -> Presentation? {
        guard let depth = state.depth(of: id) else { return nil }
        let presentation = state.chain[depth].presentation
        return presentation.isPresented ? presentation : nil
    }

    /// The instances of the kept (unselected) tabs of the shown tab flow instance `id`, each tab's chain as
    /// nested trace entries (a kept tab's own kept tabs are not listed).
    func keptTabEntries(of id: FlowInstanceID) -> [TraceLine.InstanceEntry] {
        guard let depth = state.depth(of: id), let tabs = state.chain[depth].tabs else { return [] }
        var entries: [TraceLine.InstanceEntry] = []
        for parked in tabs.parked.values {
            var child: TraceLine.InstanceEntry?
            var parentFlows = [state.chain[depth].flow] + parked.chain.map(\.flow)
            parentFlows.removeLast()
            for (record, parentFlow) in zip(parked.chain, parentFlows).reversed() {
                let graph = bundle.flows[record.flow]
                child = TraceLine.InstanceEntry(
                    id: record.id.rawValue, flow: graph.name,
                    child: record.declaration.map { bundle.flows[parentFlow].children[$0].name },
                    arguments: graph.parameters.named(record.values).mapValues(JSONArgument.init),
                    children: child.map { [$0] } ?? [],
                    presentation: record.presentation.isPresented ? record.presentation.rawValue : nil, kept: true)
            }
            if let child { entries.append(child) }
        }
        return entries
    }
}
