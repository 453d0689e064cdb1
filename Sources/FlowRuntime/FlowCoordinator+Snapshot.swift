import FlowModel

extension FlowCoordinator {
    /// The current state as a stable description: flows, child declarations, screens and arguments.
    public func snapshot() -> FlowSnapshot {
        access(keyPath: ObservedKeyPaths.path)
        let chain = state.chain
        return FlowSnapshot(instances: chain.indices.map { depth in
            let record = chain[depth]
            let child = record.declaration.map { bundle.flows[chain[depth - 1].flow].children[$0].name }
            let routes = state.path.filter { $0.depth == depth }.map { FlowSnapshot.RouteEntry(screen: $0.screen, arguments: $0.arguments) }
            return FlowSnapshot.Instance(child: child, flow: bundle.flows[record.flow].name, arguments: bundle.flows[record.flow].parameters.named(record.values), routes: routes)
        })
    }

    /// Rebuilds the state a snapshot describes, with fresh instances and tokens, through the same validation
    /// as deep links (types, constraints, host checks); nothing is taken on trust.
    /// Replacing a path that holds a `confirm` route asks first (pending), as interactive back does.
    /// - Returns: applied; pending; or rejected (state untouched) with ``FlowRuntimeError/invalidSnapshot(_:)`` or an
    ///   argument error.
    @discardableResult
    public func restore(_ snapshot: FlowSnapshot) -> StepResult { step { restoreNow(snapshot) } }

    private func restoreNow(_ snapshot: FlowSnapshot) -> StepResult {
        var transition = Transition(context: context, state: emptiedState())
        do throws(FlowRuntimeError) {
            guard !snapshot.instances.isEmpty else { throw FlowRuntimeError.invalidSnapshot("it has no flow instances") }
            guard snapshot.instances.count <= ChildNesting.limit + 1 else {
                throw FlowRuntimeError.invalidSnapshot(
                    "its \(snapshot.instances.count) instances nest child flows more than \(ChildNesting.limit) levels deep")
            }
            for (depth, entry) in snapshot.instances.enumerated() {
                let flowIndex: Int
                let declaration: Int?
                if depth == 0 {
                    guard entry.flow == flowName else {
                        throw FlowRuntimeError.invalidSnapshot("its root flow is '\(entry.flow)', not '\(flowName)'")
                    }
                    if let child = entry.child {
                        throw FlowRuntimeError.invalidSnapshot("its first instance is the root flow, not child '\(child)'")
                    }
                    flowIndex = rootFlow
                    declaration = nil
                } else {
                    let parentGraph = bundle.flows[transition.state.chain[depth - 1].flow]
                    guard let name = entry.child, let index = parentGraph.children.firstIndex(where: { $0.name == name }) else {
                        throw FlowRuntimeError.invalidSnapshot(
                            "flow '\(parentGraph.name)' declares no child '\(entry.child ?? "")'")
                    }
                    flowIndex = parentGraph.children[index].flow
                    declaration = index
                    guard bundle.flows[flowIndex].name == entry.flow else {
                        throw FlowRuntimeError.invalidSnapshot("child '\(name)' runs flow '\(bundle.flows[flowIndex].name)', not '\(entry.flow)'")
                    }
                }
                let graph = bundle.flows[flowIndex]
                let values = try transition.binding.bind(values: entry.arguments, to: graph.parameters,
                                                            receiver: "flow '\(graph.name)'")
                let id = transition.state.makeInstanceID()
                transition.state.chain.append(InstanceRecord(id: id, flow: flowIndex, declaration: declaration, values: values))
                try checkFirstRoute(of: entry, in: graph, isRoot: depth == 0,
                                    next: snapshot.instances.indices.contains(depth + 1) ? snapshot.instances[depth + 1] : nil)
                for route in entry.routes {
                    guard let screen = graph.screens.firstIndex(where: { $0.name == route.screen }) else {
                        throw FlowRuntimeError.invalidSnapshot("flow '\(graph.name)' has no screen '\(route.screen)'")
                    }
                    let values = try transition.binding.bind(values: route.arguments, to: graph.screens[screen].parameters,
                                                             receiver: Transition.receiver(bundle, flow: flowIndex, screen: screen))
                    transition.appendRoute(screen: screen, values: values, at: depth)
                }
            }
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        let result = conclude(&transition, sender: nil, note: nil) { $0.restoreNow(snapshot) }
        if result.status == .applied { setStatus(.running) }
        return result
    }

    /// Refuses an instance whose first route (its first screen, or its child when it has no routes of its
    /// own) is not one its flow can show first: a target of its `start`, of a `replaceRoot`, or, for the
    /// root flow, of a deep link's first route. Such a state is unreachable, and can be stuck: a flow left
    /// without the screen its start shows has nothing to return to when its child finishes.
    private func checkFirstRoute(of entry: FlowSnapshot.Instance, in graph: FlowGraph, isRoot: Bool,
                                 next: FlowSnapshot.Instance?) throws(FlowRuntimeError) {
        let first: TargetNode
        let name: String
        if let route = entry.routes.first {
            guard let screen = graph.screens.firstIndex(where: { $0.name == route.screen }) else { return }
            (first, name) = (.screen(screen), "screen '\(route.screen)'")
        } else if let child = next?.child, let index = graph.children.firstIndex(where: { $0.name == child }) {
            (first, name) = (.child(index), "child '\(child)'")
        } else {
            return
        }
        var targets: Set<TargetNode> = []
        func collect(_ action: CompiledAction, starting: Bool) {
            switch action {
            case .show(let target, _) where starting, .replaceRoot(let target, _): targets.insert(target)
            case .conditional(_, let then, let otherwise):
                collect(then, starting: starting)
                collect(otherwise, starting: starting)
            default: break
            }
        }
        collect(graph.start, starting: true)
        for screen in graph.screens { for event in screen.events { collect(event.action, starting: false) } }
        for child in graph.children { for handler in child.handlers { collect(handler, starting: false) } }
        if isRoot { for link in graph.links { if let route = link.routes.first { targets.insert(route.target) } } }
        guard targets.contains(first) else {
            throw .invalidSnapshot("flow '\(graph.name)' never shows \(name) first"
                + (entry.routes.isEmpty ? " (an instance without routes of its own must have started that child)" : ""))
        }
    }
}
