import FlowModel

/// The host-facing views of the navigation tree, derived from the one state on demand: nothing is stored
/// twice, and a step pays nothing for them.
extension FlowCoordinator {
    /// The stacks shown, bottom to top: the root's (or the selected tabs'), then each presented layer.
    /// Stacks without routes (a tab flow's own, which shows only its tabs) are left out, except a tab bar
    /// presented as a sheet or cover: its `sheet`/`cover` entry has no routes and comes before its tabs'. Reading it
    /// registers observation of ``path``.
    package var stacks: [FlowStack] {
        access(ObservedKeyPaths.path)
        return Self.stacks(of: state.chain, at: 0, path: state.path, bundle: bundle, parentFlow: nil)
    }

    /// The shown stack that begins with instance `id`, if any.
    package func stack(_ id: FlowInstanceID) -> FlowStack? { stacks.first { $0.id == id } }

    /// The tab sets shown, outermost first (a tab set inside a tab that is not selected is not shown).
    package var tabSets: [FlowTabSet] {
        access(ObservedKeyPaths.path)
        var sets: [FlowTabSet] = []
        let chain = state.chain
        for depth in chain.indices {
            guard let tabs = chain[depth].tabs else { continue }
            let graph = bundle.flows[chain[depth].flow]
            var kept: [String: FlowStack] = [:]
            for (tab, parked) in tabs.parked {
                if let bottom = Self.stacks(
                    of: parked.chain, at: depth + 1, path: parked.path, bundle: bundle,
                    parentFlow: chain[depth].flow, tabSet: chain[depth].id
                ).first {
                    kept[graph.children[graph.tabs[tab].child].name] = bottom
                }
            }
            sets.append(
                FlowTabSet(
                    id: chain[depth].id, flow: graph.name, tabs: graph.tabs.map { graph.children[$0.child].name },
                    selected: graph.children[graph.tabs[tabs.selected].child].name, keptStacks: kept))
        }
        return sets
    }

    /// The stacks of a run of the chain (`records` at chain positions from `base` on) and their routes
    /// (``StackShape``), without the stacks that have no routes (but with a presented tab bar's layer).
    // Speed: nonisolated (it reads only its arguments), so its closure is not checked for the main actor at
    // each stack (PERFORMANCE.md, "Round 14, the runtime step").
    nonisolated static func stacks(
        of records: [InstanceRecord], at base: Int, path: [Route], bundle: FlowBundle, parentFlow: Int?,
        tabSet: FlowInstanceID? = nil
    ) -> [FlowStack] {
        StackShape.shapes(of: records, at: base, path: path, bundle: bundle, parentFlow: parentFlow, tabSet: tabSet)
            .compactMap { stack($0, of: path) }
    }

    /// The stack of `shape` (read from `path`), nil for a stack ``stacks(of:at:path:bundle:parentFlow:tabSet:)``
    /// leaves out: one without routes, unless a presented tab bar's layer.
    nonisolated static func stack(_ shape: StackShape, of path: [Route]) -> FlowStack? {
        // A tab bar presented as a sheet or cover has no routes of its own but is a layer the host
        // presents: its entry stays, empty, before its tabs' stacks.
        shape.routes.isEmpty && !(shape.tabSet != nil && shape.kind.isPresentedLayer)
            ? nil : FlowStack(id: shape.id, kind: shape.kind, routes: Array(path[shape.routes]))
    }

    // MARK: Observable objects

    /// The root stack of the tree as an observable object (``FlowStackModel``), nil when not running: the
    /// way in for a host that binds each stack, layer and tab set on its own (docs/HOSTING.md). Reading it
    /// registers observation of the root stack's identity only (it changes when the coordinator starts,
    /// stops or restores); each object's properties are observed on their own.
    ///
    /// The objects exist once a host asks for one: until then a step pays nothing for them.
    public var rootStack: FlowStackModel? {
        access(ObservedKeyPaths.rootStack)
        return treeObjects().shown.first
    }

    /// The live stack object beginning with instance `id` (shown, or in a tab that is not selected), if any.
    /// The same object for as long as the stack lives.
    public func stackModel(_ id: FlowInstanceID) -> FlowStackModel? { treeObjects().stack(id) }

    /// The live tab set object of tab flow instance `id`, if any. The same object for as long as it lives.
    public func tabSetModel(_ id: FlowInstanceID) -> FlowTabSetModel? { treeObjects().tabSet(id) }

    /// The shown stacks as objects, bottom to top (as `stacks`, stacks that show a tab set included).
    /// Reading it registers observation of ``path``.
    package var shownStackModels: [FlowStackModel] {
        access(ObservedKeyPaths.path)
        return treeObjects().shown
    }
}

extension FlowCoordinator {
    /// Whether instance `id` is alive in a kept (unselected) tab. Searches the kept tabs: only a completion of
    /// an instance that is not shown asks.
    package func isInKeptTab(_ id: FlowInstanceID) -> Bool {
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

    /// The live instance tree, as trace lines write it: the shown chain, and beside each tab flow's selected
    /// tab its kept tabs (marked `kept`), with their own children and kept tabs, at every depth; each
    /// instance with its presentation and the deep links it holds. Children are in id order. Nil when no
    /// instance is live. Recursion follows only kept tabs, each a tab set deeper in the chain, so it is
    /// bounded by the nesting limit of child flows.
    package func instanceTree() -> InstanceTreeEntry? {
        treeEntry(of: state.chain[...], parentFlow: nil, kept: false)
    }

    /// The entry of the first of `records` (a run of the chain, the first a child of `parentFlow`), with the
    /// others nested below it.
    private func treeEntry(of records: ArraySlice<InstanceRecord>, parentFlow: Int?, kept: Bool) -> InstanceTreeEntry? {
        var below: InstanceTreeEntry?
        for position in records.indices.reversed() {
            let record = records[position]
            let parent = position == records.startIndex ? parentFlow : records[position - 1].flow
            var children = below.map { [$0] } ?? []
            if let tabs = record.tabs {
                for parked in tabs.parked.values {
                    if let entry = treeEntry(of: parked.chain[...], parentFlow: record.flow, kept: true) {
                        children.append(entry)
                    }
                }
                children.sort { $0.id < $1.id }
            }
            let graph = bundle.flows[record.flow]
            var entry = InstanceTreeEntry(
                id: record.id.rawValue, flow: graph.name,
                child: record.declaration.flatMap { declaration in
                    parent.map { bundle.flows[$0].children[declaration].name }
                },
                arguments: graph.parameters.named(record.values).mapValues(JSONArgument.init),
                children: children,
                presentation: record.presentation.isPresented ? record.presentation.rawValue : nil,
                kept: kept ? true : nil)
            if !record.queuedLinks.isEmpty { entry.queuedLinks = record.queuedLinks }
            entry.pendingLink = record.pendingLink.map {
                FlowSnapshot.PendingLinkEntry(url: $0.url, continueOn: $0.outcomeName)
            }
            below = entry
        }
        return below
    }
}
