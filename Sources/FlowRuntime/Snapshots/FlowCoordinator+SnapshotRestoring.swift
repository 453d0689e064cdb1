import FlowModel

/// Restoring a snapshot: its shape, then each instance rebuilt as steps would build it (the root or a
/// child, its held links, its routes, its tab set's kept tabs), checked against the step graph
/// (``SnapshotSteps``) and the host's answers now (``LinkConditions``). Taking one is
/// `FlowCoordinator+SnapshotTaking.swift`.
extension FlowCoordinator {
    /// How many tab sets a snapshot may nest inside the kept (unselected) tabs of others; deeper ones are
    /// refused by ``restore(_:)``, so restoring never recurses to a depth the input chooses.
    public nonisolated static let maximumSnapshotTabNesting = 16

    /// Rebuilds the state a snapshot describes, with fresh instances and tokens, through the same validation
    /// as deep links (types, constraints, host checks, and the host's conditions now: a conditional `start`
    /// must show the instance's first route, an `if` on the way must take the branch that pushes the next);
    /// nothing is taken on trust.
    /// Replacing a path that holds a `confirm` route asks first (pending), as interactive back does.
    /// A snapshot whose ``FlowSnapshot/bundleHash`` is not this bundle's (another version of the app, or no
    /// hash recorded) is first renamed by the names the flows declare they had (`formerly:`;
    /// ``SnapshotRenaming``), then checked as above: the result's ``StepResult/renaming`` says what was
    /// renamed and which names no declaration has or had.
    /// - Returns: applied; pending; or rejected (state untouched) with ``FlowRuntimeError/invalidSnapshot(_:)`` or an
    ///   argument error.
    @discardableResult
    public func restore(_ snapshot: FlowSnapshot) -> StepResult {
        guard snapshot.bundleHash != bundle.contentHash else { return step { restoreNow(snapshot) } }
        let (renamed, renaming) = SnapshotRenaming.rename(snapshot, into: bundle, rootFlow: rootFlow)
        var result = step { restoreNow(renamed) }
        if !renaming.isEmpty { result.renaming = renaming }
        return result
    }

    private func restoreNow(_ snapshot: FlowSnapshot) -> StepResult {
        var transition = Transition(context: context, state: emptiedState(), cause: .restore)
        let steps = SnapshotSteps(context: context, rootFlow: rootFlow)
        do throws(FlowRuntimeError) {
            guard !snapshot.instances.isEmpty else {
                throw FlowRuntimeError.invalidSnapshot("it has no flow instances")
            }
            try Self.checkShape(of: snapshot)
            try restoreInstances(snapshot.instances, at: 0, into: &transition, steps: steps, nesting: 0)
        } catch {
            return .rejected(error)
        }
        // What the restore puts back keeps its identity; only what really leaves is reported (RestorePutBack.swift).
        if currentStatus == .running { transition.keepIdentities(putBackFrom: state) }
        let result = conclude(&transition, sender: nil, note: nil, replay: { $0.restoreNow(snapshot) })
        if result.status == .applied { setStatus(.running) }
        return result
    }

    /// Checks the shape of a snapshot before anything else, so that a malformed one is refused with what is
    /// wrong with it: only the first instance is the root (every next one, and every instance of a kept
    /// tab, names its child declaration), and no kept tab lists no instances. Kept tabs are walked with a
    /// list, not recursion; nesting deeper than ``maximumSnapshotTabNesting`` is refused.
    /// The format has no parent links (an instance's parent is the one before it), so no cycle can be written.
    static func checkShape(of snapshot: FlowSnapshot) throws(FlowRuntimeError) {
        // Each list of instances with how to name its members in messages and how deep in kept tabs it is.
        var pending: [(entries: [FlowSnapshot.Instance], tab: String?, nesting: Int)] = [(snapshot.instances, nil, 0)]
        while let (entries, tab, nesting) = pending.popLast() {
            guard nesting <= maximumSnapshotTabNesting else {
                throw .invalidSnapshot("tab sets are nested more than \(maximumSnapshotTabNesting) deep in kept tabs")
            }
            for (offset, entry) in entries.enumerated() {
                let position = tab.map { "instance \(offset + 1) of kept tab '\($0)'" } ?? "instance \(offset + 1)"
                if offset > 0, entry.child == nil {
                    let rule =
                        tab == nil
                        ? "only the first instance is the root flow, and each next one is a child of the one before it"
                        : "each instance after a kept tab's first is a child of the one before it"
                    throw .invalidSnapshot("\(position) (flow '\(entry.flow)') names no child declaration; \(rule)")
                }
                for (name, segment) in (entry.otherTabs ?? [:]).sorted(by: { $0.key < $1.key }) {
                    guard !segment.isEmpty else {
                        throw .invalidSnapshot(
                            "kept tab '\(name)' of \(position) (flow '\(entry.flow)') lists no instances")
                    }
                    pending.append((segment, name, nesting + 1))
                }
            }
        }
    }

    /// Appends the instances `entries` describe to the chain from position `base` on (0: the root), with
    /// their routes, and the kept tabs of their tab sets (each built on top, then set aside).
    /// Each instance must be one steps can build (``SnapshotSteps``, which reads the step graph): it begins with something its flow shows
    /// first, each next route is one step from the route below it, and a child runs on a route that starts it;
    /// and one steps could build now: the conditional choices on the way are evaluated with the host's answers,
    /// as for a deep link (``LinkConditions``).
    private func restoreInstances(
        _ entries: [FlowSnapshot.Instance], at base: Int, into transition: inout Transition,
        steps: SnapshotSteps, nesting: Int
    ) throws(FlowRuntimeError) {
        guard base + entries.count <= ChildNesting.limit + 1 else {
            throw FlowRuntimeError.invalidSnapshot(
                "its \(base + entries.count) instances nest child flows more than \(ChildNesting.limit) levels deep")
        }
        let conditions = LinkConditions(context: context)
        for (offset, entry) in entries.enumerated() {
            let depth = base + offset
            let next = entries.indices.contains(offset + 1) ? entries[offset + 1] : nil
            var record =
                depth == 0
                ? try restoredRoot(entry, in: &transition)
                : try restoredChild(entry, at: depth, in: &transition, steps: steps, conditions: conditions)
            let graph = bundle.flows[record.flow]
            let ancestry =
                (0..<depth).dropFirst().compactMap { transition.state.chain[$0].declaration }
                + [record.declaration].compactMap { $0 }
            try restoreHeldLinks(of: entry, in: graph, into: &record, declarations: ancestry)
            transition.state.chain.append(record)
            try restoreRoutes(of: entry, at: depth, into: &transition, steps: steps, conditions: conditions)
            try restoreTabs(
                of: entry, graph: graph, at: depth, next: next, into: &transition, steps: steps,
                nesting: nesting)
        }
        try transition.checkShape()
    }

    /// The root flow's instance `entry` describes: this coordinator's root flow, with its arguments bound.
    private func restoredRoot(_ entry: FlowSnapshot.Instance, in transition: inout Transition) throws(FlowRuntimeError)
        -> InstanceRecord
    {
        guard entry.flow == flowName else {
            throw FlowRuntimeError.invalidSnapshot("its root flow is '\(entry.flow)', not '\(flowName)'")
        }
        if let child = entry.child {
            throw FlowRuntimeError.invalidSnapshot("its first instance is the root flow, not child '\(child)'")
        }
        let values = try transition.binding.bind(
            values: entry.arguments, to: bundle.flows[rootFlow].parameters,
            receiver: "flow '\(flowName)'")
        return InstanceRecord(id: transition.state.makeInstanceID(), flow: rootFlow, declaration: nil, values: values)
    }

    /// The child instance `entry` describes at chain position `depth`: a child the instance below declares,
    /// running the flow it names, placed where steps start it (``checkChildPlacement``) with arguments a
    /// step gives it there.
    private func restoredChild(
        _ entry: FlowSnapshot.Instance, at depth: Int, in transition: inout Transition, steps: SnapshotSteps,
        conditions: LinkConditions
    ) throws(FlowRuntimeError) -> InstanceRecord {
        let parentFlow = transition.state.chain[depth - 1].flow
        let parentGraph = bundle.flows[parentFlow]
        guard let name = entry.child, let index = parentGraph.children.firstIndex(where: { $0.name == name })
        else {
            throw FlowRuntimeError.invalidSnapshot(
                "flow '\(parentGraph.name)' declares no child '\(entry.child ?? "")'")
        }
        let childFlow = parentGraph.children[index].flow
        guard bundle.flows[childFlow].name == entry.flow else {
            throw FlowRuntimeError.invalidSnapshot(
                "child '\(name)' runs flow '\(bundle.flows[childFlow].name)', not '\(entry.flow)'")
        }
        try checkChildPlacement(index, at: depth, in: transition, steps: steps, conditions: conditions)
        let values = try transition.binding.bind(
            values: entry.arguments, to: bundle.flows[childFlow].parameters,
            receiver: "flow '\(entry.flow)'")
        if let top = transition.state.path.last, top.depth == depth - 1 {
            guard
                steps.nextAgrees(
                    .child(index), of: parentFlow, values: values, onTopOf: top,
                    instanceValues: transition.state.chain[depth - 1].values)
            else {
                throw FlowRuntimeError.invalidSnapshot(
                    "no step starts child '\(name)' \(Self.describe(values, of: bundle.flows[childFlow].parameters)) on top of screen '\(top.screen)' \(Self.describe(top.values, of: top.parameters)) of flow '\(parentGraph.name)'; a child's arguments come from the route it runs on"
                )
            }
        } else {
            try checkFirstArguments(
                .child(index), values: values, of: depth - 1, in: transition, named: "child '\(name)'")
        }
        return try transition.childRecord(index, values: values, at: depth - 1)
    }

    /// Refuses child declaration `child` of the instance at `depth - 1` where steps do not start it: the
    /// child runs on top of a route of its parent that starts it, or, when the parent has no routes of its
    /// own, is what the parent's flow shows first (a tab, for a tab set); either with the answers now.
    private func checkChildPlacement(
        _ child: Int, at depth: Int, in transition: Transition, steps: SnapshotSteps, conditions: LinkConditions
    ) throws(FlowRuntimeError) {
        let parentFlow = transition.state.chain[depth - 1].flow
        let parentGraph = bundle.flows[parentFlow]
        let name = parentGraph.children[child].name
        if let top = transition.state.path.last, top.depth == depth - 1 {
            guard steps.canFollow(top.screenIndex, with: .child(child), in: parentFlow) else {
                throw FlowRuntimeError.invalidSnapshot(
                    "in flow '\(parentGraph.name)', screen '\(top.screen)' never starts child '\(name)'")
            }
            if steps.followsOnlyByEvents(top.screenIndex, with: .child(child), in: parentFlow) {
                try conditions.checkRestoredStep(
                    to: .child(child), from: top.screenIndex, of: parentFlow,
                    impliedStart: transition.state.routeRange(ofDepth: depth - 1).count == 1)
            }
        } else if !steps.canShowFirst(.child(child), in: parentFlow) {
            throw FlowRuntimeError.invalidSnapshot(
                "flow '\(parentGraph.name)' never shows child '\(name)' first"
                    + " (an instance without routes of its own must have started that child)")
        } else {
            try conditions.checkRestoredFirst(.child(child), of: parentFlow, isRoot: depth - 1 == 0)
        }
    }

    /// Appends the routes of `entry`, the instance at chain position `depth`: the first one its flow's
    /// steps show first, each next one step from the one below it, each with arguments a step gives it
    /// there, and each as steps could build it with the answers now.
    private func restoreRoutes(
        of entry: FlowSnapshot.Instance, at depth: Int, into transition: inout Transition, steps: SnapshotSteps,
        conditions: LinkConditions
    ) throws(FlowRuntimeError) {
        let flowIndex = transition.state.chain[depth].flow
        let graph = bundle.flows[flowIndex]
        var previous: Int?
        for (routeIndex, route) in entry.routes.enumerated() {
            guard let screen = graph.screens.firstIndex(where: { $0.name == route.screen }) else {
                throw FlowRuntimeError.invalidSnapshot("flow '\(graph.name)' has no screen '\(route.screen)'")
            }
            if let previous {
                guard steps.canFollow(previous, with: .screen(screen), in: flowIndex) else {
                    throw FlowRuntimeError.invalidSnapshot(
                        "in flow '\(graph.name)', no step shows screen '\(route.screen)' on top of screen '\(graph.screens[previous].name)'"
                    )
                }
                if steps.followsOnlyByEvents(previous, with: .screen(screen), in: flowIndex) {
                    try conditions.checkRestoredStep(
                        to: .screen(screen), from: previous, of: flowIndex, impliedStart: routeIndex == 1)
                }
            } else if !steps.canShowFirst(.screen(screen), in: flowIndex) {
                throw FlowRuntimeError.invalidSnapshot(
                    "flow '\(graph.name)' never shows screen '\(route.screen)' first")
            } else {
                try conditions.checkRestoredFirst(.screen(screen), of: flowIndex, isRoot: depth == 0)
            }
            let values = try transition.binding.bind(
                values: route.arguments, to: graph.screens[screen].parameters,
                receiver: Transition.receiver(bundle, flow: flowIndex, screen: screen))
            if previous == nil {
                try checkFirstArguments(
                    .screen(screen), values: values, of: depth, in: transition, named: "screen '\(route.screen)'")
            } else if let below = transition.state.path.last,
                !steps.nextAgrees(
                    .screen(screen), of: flowIndex, values: values, onTopOf: below,
                    instanceValues: transition.state.chain[depth].values)
            {
                throw FlowRuntimeError.invalidSnapshot(
                    "no step shows screen '\(route.screen)' \(Self.describe(values, of: graph.screens[screen].parameters)) on top of screen '\(below.screen)' \(Self.describe(below.values, of: below.parameters)) of flow '\(graph.name)'; a pushed route's arguments come from the event, handler or link that pushed it"
                )
            }
            transition.appendRoute(screen: screen, values: values, at: depth)
            previous = screen
        }
    }

    /// Refuses a first route — screen, or child an instance without routes of its own runs — whose
    /// arguments no step gives it there (``SnapshotSteps/firstRouteAgrees(_:in:values:instanceValues:)``): a flow's `start`, a tab entry and the
    /// instance's own arguments fix them.
    private func checkFirstArguments(
        _ target: TargetNode, values: [Value], of depth: Int, in transition: Transition,
        named name: String
    ) throws(FlowRuntimeError) {
        let instance = transition.state.chain[depth]
        guard
            !SnapshotSteps(context: context, rootFlow: rootFlow).firstRouteAgrees(
                target, in: instance.flow, values: values, instanceValues: instance.values)
        else { return }
        let graph = bundle.flows[instance.flow]
        let parameters: [ParameterNode]
        switch target {
        case .screen(let screen): parameters = graph.screens[screen].parameters
        case .child(let child): parameters = bundle.flows[graph.children[child].flow].parameters
        }
        let instanceValues = graph.parameters.isEmpty ? "" : " " + Self.describe(instance.values, of: graph.parameters)
        throw .invalidSnapshot(
            "no step shows \(name) \(Self.describe(values, of: parameters)) first in flow '\(graph.name)'"
                + "\(instanceValues); a first route's arguments come from the flow's start, a tab, a replaceRoot or a link"
        )
    }

    /// `(name: value, …)` for bound values, in the parameters' order.
    private static func describe(_ values: [Value], of parameters: [ParameterNode]) -> String {
        "(" + zip(parameters, values).map { "\($0.name): \($1)" }.joined(separator: ", ") + ")"
    }

    /// The child declarations a link's route list starts, from the root down (each in the flow of the one
    /// before it): the instances its routes build, whose last is a guarded link's guarding flow.
    private func startedDeclarations(of routes: [LinkRouteNode]) -> [Int] {
        var flow = rootFlow
        var declarations: [Int] = []
        for route in routes {
            guard case .child(let child) = route.target, bundle.flows[flow].children.indices.contains(child) else {
                continue
            }
            declarations.append(child)
            flow = bundle.flows[flow].children[child].flow
        }
        return declarations
    }

    /// Restores the tab set of the instance at `depth`: its kept tabs, each built on top of it and set aside,
    /// then records the selected tab, which must be the one the next instance runs.
    private func restoreTabs(
        of entry: FlowSnapshot.Instance, graph: FlowGraph, at depth: Int, next: FlowSnapshot.Instance?,
        into transition: inout Transition, steps: SnapshotSteps,
        nesting: Int
    ) throws(FlowRuntimeError) {
        guard !graph.tabs.isEmpty else {
            if entry.selectedTab != nil || entry.otherTabs != nil {
                throw FlowRuntimeError.invalidSnapshot("flow '\(graph.name)' has no tabs")
            }
            return
        }
        guard let selectedName = entry.selectedTab else {
            let names = graph.tabs.map { "'\(graph.children[$0.child].name)'" }.joined(separator: ", ")
            throw FlowRuntimeError.invalidSnapshot(
                "flow '\(graph.name)' has tabs, but its instance names no selectedTab (one of \(names))")
        }
        guard let selected = graph.tabIndex(named: selectedName) else {
            throw FlowRuntimeError.invalidSnapshot("flow '\(graph.name)' has no tab '\(selectedName)' to select")
        }
        guard let next else {
            throw FlowRuntimeError.invalidSnapshot(
                "flow '\(graph.name)' selects tab '\(selectedName)', but no instance after it runs that tab")
        }
        // The next instance runs the selected tab, or is a child the tab flow presented over its tab bar (its
        // handler started it after the selected tab's flow finished; the tab starts afresh when it ends).
        // A tab-bar item that presents (format 1.3) is such a child; it is never the selected tab, and the
        // selected tab is then kept under it.
        guard !graph.tabPresents(selected) else {
            throw FlowRuntimeError.invalidSnapshot(
                "flow '\(graph.name)' selects '\(selectedName)', a tab-bar item that presents over the tab set; it is never selected"
            )
        }
        let presentedOver = graph.children.contains { $0.name == next.child && $0.presentation.isPresented }
        // A tab-bar item keeps the tab it was presented over: that tab was shown, so it is kept, never absent.
        if presentedOver, graph.tabIndex(named: next.child ?? "") != nil, entry.otherTabs?[selectedName] == nil {
            throw FlowRuntimeError.invalidSnapshot(
                "flow '\(graph.name)' presents tab-bar item '\(next.child ?? "")' over tab '\(selectedName)', which is not kept under it; a tab-bar item is presented over the tab shown"
            )
        }
        if next.child != selectedName, !presentedOver {
            throw FlowRuntimeError.invalidSnapshot(
                "flow '\(graph.name)' selects tab '\(selectedName)' but shows child '\(next.child ?? "")'")
        }
        var set = TabSetRecord(selected: selected)
        if let others = entry.otherTabs, !others.isEmpty {
            // In tab order, so that ids and tokens do not depend on the dictionary's order.
            for (tab, node) in graph.tabs.enumerated() {
                let name = graph.children[node.child].name
                guard let segment = others[name] else { continue }
                guard tab != selected || presentedOver else {
                    throw FlowRuntimeError.invalidSnapshot("tab '\(name)' is both selected and kept")
                }
                guard segment.first?.child == name else {
                    throw FlowRuntimeError.invalidSnapshot(
                        "kept tab '\(name)' of flow '\(graph.name)' must begin with child '\(name)'")
                }
                try restoreInstances(
                    segment, at: depth + 1, into: &transition, steps: steps, nesting: nesting + 1)
                // Steps set a tab aside only while nothing is presented over the tab bar.
                for position in (depth + 1)..<transition.state.chain.count
                where transition.state.chain[position].presentation.isPresented {
                    let layer = transition.state.chain[position]
                    throw FlowRuntimeError.invalidSnapshot(
                        "kept tab '\(name)' of flow '\(graph.name)' shows flow '\(bundle.flows[layer.flow].name)'"
                            + " as a \(layer.presentation.rawValue) over it; a tab is kept only while nothing is presented over the tab bar"
                    )
                }
                let first = transition.state.routeRange(ofDepth: depth + 1).lowerBound
                set.parked[tab] = ParkedTab(
                    chain: Array(transition.state.chain[(depth + 1)...]),
                    path: Array(transition.state.path[first...]))
                transition.state.removeRoutes(from: first)
                transition.state.removeInstances(from: depth + 1)
            }
            let tabNames = Set(graph.tabs.map { graph.children[$0.child].name })
            for name in others.keys where !tabNames.contains(name) {
                throw FlowRuntimeError.invalidSnapshot("flow '\(graph.name)' has no tab '\(name)'")
            }
        }
        transition.state.chain[depth].tabs = set
    }

    /// Restores an instance's queued and pending links: each must match a link of the root flow (they are
    /// validated in full when they open, with the conditions and checks of that moment), and a pending link's
    /// outcome must be one of the instance's flow. `declarations` are the child declarations from the root
    /// down to the instance: a pending link's `otherwise` routes must start exactly those.
    private func restoreHeldLinks(
        of entry: FlowSnapshot.Instance, in graph: FlowGraph, into record: inout InstanceRecord,
        declarations: [Int]
    ) throws(FlowRuntimeError) {
        let urls = entry.queuedLinks + (entry.pendingLink.map { [$0.url] } ?? [])
        // Read and matched as `open` reads and matches them (``MatchedLinks``): a URL that cannot be read is
        // refused for its reading, one that can for matching no link.
        for url in urls {
            if case .failure(let error) = matchedLinks.match(url, in: bundle.flows[rootFlow]) {
                if case .linkURLInvalid = error { throw .invalidSnapshot("its held \(error)") }
                throw .invalidSnapshot("its held link '\(url)' matches no link of flow '\(flowName)'")
            }
        }
        if !entry.queuedLinks.isEmpty, graph.linkPolicyDeclared != true || graph.linkPolicy != .queue {
            throw .invalidSnapshot(
                "flow '\(graph.name)' holds queued links, but it declares no 'linkPolicy: queue', so it queues none")
        }
        if !entry.queuedLinks.isEmpty, graph.outcomes.isEmpty {
            throw .invalidSnapshot(
                "flow '\(graph.name)' holds queued links, but it declares no outcomes and never finishes, so it cannot queue any"
            )
        }
        record.queuedLinks = entry.queuedLinks
        guard let pending = entry.pendingLink else { return }
        guard let outcome = graph.outcomes.firstIndex(of: pending.continueOn) else {
            throw .invalidSnapshot(
                "the pending link '\(pending.url)' continues on '\(pending.continueOn)', which is no outcome of flow '\(graph.name)'"
            )
        }
        // Only a guarded link whose `otherwise` ends at this instance (the same child declarations from the
        // root down), continuing on this outcome, is left pending.
        let matched = try? matchedLinks.match(pending.url, in: bundle.flows[rootFlow]).get()
        guard let otherwise = matched?.link.otherwise, otherwise.continueOn == outcome,
            startedDeclarations(of: otherwise.routes) == declarations
        else {
            throw .invalidSnapshot(
                "the pending link '\(pending.url)' is no guarded link that continues when flow '\(graph.name)' finishes with '\(pending.continueOn)'"
            )
        }
        record.pendingLink = PendingLink(url: pending.url, outcome: outcome, outcomeName: pending.continueOn)
    }
}
