import FlowModel

/// The observable objects of a coordinator's navigation tree (``FlowStackModel``, ``FlowTabSetModel``),
/// kept in step with its state by every commit.
///
/// One object per live stack and tab set, shown or in a tab that is not selected, found by id: a step
/// finds the objects of the stacks it shows again (the same objects, also for a tab selected again) and
/// writes a property only when its value changed. Objects of stacks that left the tree are marked dead and
/// forgotten, with everything kept under them. A step reads the shown stacks and the kept tabs it set aside
/// or changed (``Transition/keptTabs``), never the other kept tabs, so its cost does not grow with them.
@MainActor
final class TreeObjects {
    /// The shown stacks, bottom to top: each one's presented layer or selected tab's stack is the next.
    private(set) var shown: [FlowStackModel] = []
    /// Every live stack object, shown or kept in an unselected tab, by the id of the instance beginning it.
    private var stacks: [FlowInstanceID: FlowStackModel] = [:]
    /// Every live tab set object, by the id of its tab flow instance.
    private var tabSets: [FlowInstanceID: FlowTabSetModel] = [:]
    /// The tab sets created since the last ``buildKeptTabs()``, with their chain positions: their kept
    /// tabs (a restored or newly shown tab set's) need objects too.
    private var createdTabSets: [(record: InstanceRecord, depth: Int)] = []
    private let bundle: FlowBundle
    /// What the stack objects type their routes with (``FlowStackModel/typedRoutes(_:)``).
    private let typing: RouteTyping

    /// The objects of the whole tree of `state`, kept tabs included; `coordinator` is the one whose state it
    /// is (its typed routes send to it).
    init(state: RuntimeState, bundle: FlowBundle, coordinator: FlowCoordinator) {
        self.bundle = bundle
        typing = RouteTyping(
            contentHash: bundle.contentHash, rootFlow: coordinator.flowName, sender: RouteSender(coordinator))
        let shapes = StackShape.shapes(of: state.chain, at: 0, path: state.path, bundle: bundle, parentFlow: nil)
        shown = objects(for: shapes, records: state.chain, base: 0, path: state.path)
        buildKeptTabs()
    }

    /// The live stack object with this id, shown or kept.
    func stack(_ id: FlowInstanceID) -> FlowStackModel? { stacks[id] }

    /// The live tab set object with this id.
    func tabSet(_ id: FlowInstanceID) -> FlowTabSetModel? { tabSets[id] }

    /// Brings the objects in step with `state`, which a step just committed.
    /// - Parameters:
    ///   - keptTabs: the tabs the step set aside or changed while aside, by the id of the tab's instance
    ///     (``Transition/keptTabs``): their objects stay alive and follow their kept chain.
    ///   - droppedTabs: kept tabs the step dropped while their tab flow stays.
    func sync(_ state: RuntimeState, keptTabs: [FlowInstanceID: [FlowInstanceID]], droppedTabs: [FlowInstanceID]) {
        let shapes = StackShape.shapes(of: state.chain, at: 0, path: state.path, bundle: bundle, parentFlow: nil)
        let new = objects(for: shapes, records: state.chain, base: 0, path: state.path)
        // Most steps show the same stacks and set no tab aside: nothing to remove, no kept tab to read.
        let same = new.count == shown.count && zip(new, shown).allSatisfy { $0 === $1 }
        if !same || !keptTabs.isEmpty || !droppedTabs.isEmpty {
            var live = Set(new.map(\.id))
            for ids in keptTabs.values { live.formUnion(ids) }
            for old in shown where !live.contains(old.id) { remove(old, keeping: live) }
            for root in droppedTabs { if let dropped = stacks[root] { remove(dropped, keeping: live) } }
            for root in keptTabs.keys.sorted() where !new.contains(where: { $0.id == root }) {
                syncKeptTab(root, shapes: shapes, state: state, live: live)
            }
        }
        if !createdTabSets.isEmpty { buildKeptTabs() }
        shown = new
    }

    // MARK: Building

    /// The objects of `shapes` (read from `records`, at chain positions from `base` on, and `path`), found
    /// or created, with their routes, tab sets and links written where they changed.
    /// - Parameters:
    ///   - prefix: the child declaration names of chain positions 1 to `base - 1` (a kept tab's: its tab set's
    ///     ``FlowTabSetModel/lineage``), and `parentFlow` the flow at `base - 1`.
    private func objects(
        for shapes: [StackShape], records: some RandomAccessCollection<InstanceRecord>, base: Int,
        path: some RandomAccessCollection<Route>, prefix: [String] = [], parentFlow: Int? = nil
    ) -> [FlowStackModel] {
        var objects: [FlowStackModel] = []
        objects.reserveCapacity(shapes.count)
        // The names of the run's chain positions, read only when a stack's routes changed or a tab set is new.
        var names: [String]?
        func lineage() -> [String] {
            if let names { return names }
            var read = prefix
            var parent = parentFlow
            for (position, record) in records.enumerated() {
                if let parent, let declaration = record.declaration {
                    read.append(bundle.flows[parent].children[declaration].name)
                } else if base + position > 0 {
                    read.append("")
                }
                parent = record.flow
            }
            names = read
            return read
        }
        for shape in shapes {
            let object = stacks[shape.id] ?? created(shape)
            let first = path.index(path.startIndex, offsetBy: shape.routes.lowerBound)
            object.update(routes: path[first..<path.index(first, offsetBy: shape.routes.count)], lineage: lineage)
            var tabSet: FlowTabSetModel?
            if let depth = shape.tabSet {
                let record = records[records.index(records.startIndex, offsetBy: depth - base)]
                if tabSets[record.id] == nil, record.tabs?.parked.isEmpty == false {
                    createdTabSets.append((record, depth))
                }
                tabSet = tabSetObject(for: record, lineage: { Array(lineage().prefix(depth)) })
            }
            if let old = object.tabSet, old !== tabSet { remove(old, keeping: []) }
            object.update(tabSet: tabSet)
            objects.append(object)
        }
        // Each stack's next is its presented layer, or the selected tab of the tab set it shows.
        for index in objects.indices {
            let next = index + 1 < objects.count ? objects[index + 1] : nil
            if let next, case .tab(let name, let set) = next.kind, let tabSet = objects[index].tabSet, tabSet.id == set
            {
                tabSet.update(stack: next, forTab: name)
                objects[index].update(presented: nil)
            } else {
                objects[index].update(presented: next)
            }
        }
        return objects
    }

    private func created(_ shape: StackShape) -> FlowStackModel {
        let object = FlowStackModel(id: shape.id, kind: shape.kind, typing: typing)
        stacks[shape.id] = object
        return object
    }

    /// The object of the tab set that the tab flow instance `record` runs, found or created (with the child
    /// declaration names down to it, `lineage`), its selection written.
    private func tabSetObject(for record: InstanceRecord, lineage: () -> [String]) -> FlowTabSetModel {
        let graph = bundle.flows[record.flow]
        let selected = record.tabs.map { graph.children[graph.tabs[$0.selected].child].name } ?? ""
        if let object = tabSets[record.id] {
            object.update(selected: selected)
            return object
        }
        let object = FlowTabSetModel(
            id: record.id, flow: graph.name, tabs: graph.tabs.map { graph.children[$0.child].name },
            selected: selected, lineage: lineage())
        tabSets[record.id] = object
        return object
    }

    /// Creates the objects of the kept tabs of the tab sets created since the last call, and of theirs in turn.
    private func buildKeptTabs() {
        while let (record, depth) = createdTabSets.popLast() {
            guard let tabs = record.tabs else { continue }
            for position in tabs.parked.keys.sorted() {
                if let kept = tabs.parked[position] { _ = keptTabObjects(kept, tabFlow: record, at: depth) }
            }
        }
    }

    /// The objects of kept tab `kept` of the tab flow instance `record` (at chain position `depth`), found or
    /// created and written, the first one recorded as the tab's stack.
    private func keptTabObjects(_ kept: ParkedTab, tabFlow record: InstanceRecord, at depth: Int)
        -> [FlowStackModel]
    {
        let shapes = StackShape.shapes(
            of: kept.chain, at: depth + 1, path: kept.path, bundle: bundle,
            parentFlow: record.flow, tabSet: record.id)
        guard let tabSet = tabSets[record.id] else { return [] }
        let objects = objects(
            for: shapes, records: kept.chain, base: depth + 1, path: kept.path, prefix: tabSet.lineage,
            parentFlow: record.flow)
        if let first = objects.first, case .tab(let name, _) = first.kind {
            tabSet.update(stack: first, forTab: name)
        }
        return objects
    }

    /// Brings the objects of the kept tab whose instance is `root` in step with its kept chain (a tab set
    /// aside by the step, or changed while aside).
    private func syncKeptTab(
        _ root: FlowInstanceID, shapes: [StackShape], state: RuntimeState, live: Set<FlowInstanceID>
    ) {
        for shape in shapes {
            guard let depth = shape.tabSet, let tabs = state.chain[depth].tabs,
                let kept = tabs.parked.values.first(where: { $0.chain.first?.id == root })
            else { continue }
            let old = stacks[root].map(spine(from:)) ?? []
            let new = keptTabObjects(kept, tabFlow: state.chain[depth], at: depth)
            for object in old where !new.contains(where: { $0 === object }) { remove(object, keeping: live) }
            return
        }
    }

    /// `stack` and the stacks shown above it when it is shown: its presented layers and selected tabs.
    private func spine(from stack: FlowStackModel) -> [FlowStackModel] {
        var spine = [stack]
        while let last = spine.last, let next = last.presented ?? last.tabSet?.selectedStack,
            spine.count <= ChildNesting.limit + 1
        {
            spine.append(next)
        }
        return spine
    }

    // MARK: Removing

    /// Marks `stack` dead and forgets it, with what is kept under it (its tab set's kept tabs, its layers),
    /// except objects of instances in `live`.
    private func remove(_ stack: FlowStackModel, keeping live: Set<FlowInstanceID>) {
        guard stacks[stack.id] === stack else { return }
        stacks[stack.id] = nil
        stack.isAlive = false
        if case .tab(let name, let set) = stack.kind, let owner = tabSets[set], owner.stacks[name] === stack {
            owner.update(stack: nil, forTab: name)
        }
        if let tabSet = stack.tabSet { remove(tabSet, keeping: live) }
        if let presented = stack.presented, !live.contains(presented.id) { remove(presented, keeping: live) }
    }

    private func remove(_ tabSet: FlowTabSetModel, keeping live: Set<FlowInstanceID>) {
        guard tabSets[tabSet.id] === tabSet else { return }
        tabSets[tabSet.id] = nil
        tabSet.isAlive = false
        for name in tabSet.tabs {
            if let stack = tabSet.stacks[name], !live.contains(stack.id) { remove(stack, keeping: live) }
        }
    }
}
