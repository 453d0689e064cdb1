import FlowModel

extension FlowCoordinator {
    /// The current state as a stable description: flows, child declarations, screens and arguments.
    public func snapshot() -> FlowSnapshot {
        let chain = state.chain
        return FlowSnapshot(instances: chain.indices.map { depth in
            let record = chain[depth]
            let child = record.declaration.map { bundle.flows[chain[depth - 1].flow].children[$0].name }
            let routes = state.path.filter { $0.depth == depth }.map { FlowSnapshot.RouteEntry(screen: $0.screen, arguments: $0.arguments) }
            return FlowSnapshot.Instance(child: child, flow: bundle.flows[record.flow].name, arguments: record.arguments, routes: routes)
        })
    }

    /// Rebuilds the state a snapshot describes, with fresh instances and tokens, through the same validation
    /// as deep links (types, constraints, host checks); nothing is taken on trust.
    /// - Returns: applied; or rejected (state untouched) with ``FlowRuntimeError/invalidSnapshot(_:)`` or an
    ///   argument error.
    @discardableResult
    public func restore(_ snapshot: FlowSnapshot) -> StepResult {
        let empty = RuntimeState(nextInstance: state.nextInstance, nextToken: state.nextToken)
        var transition = Transition(bundle: bundle, host: host, state: empty, runChecks: true)
        do throws(FlowRuntimeError) {
            guard !snapshot.instances.isEmpty else { throw FlowRuntimeError.invalidSnapshot("it has no flow instances") }
            for (depth, entry) in snapshot.instances.enumerated() {
                let flowIndex: Int
                let declaration: Int?
                if depth == 0 {
                    guard entry.child == nil, entry.flow == flowName else {
                        throw FlowRuntimeError.invalidSnapshot("its root flow is '\(entry.flow)', not '\(flowName)'")
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
                let arguments = try transition.binding.bind(values: entry.arguments, to: graph.parameters,
                                                            receiver: "flow '\(graph.name)'")
                let id = transition.state.makeInstanceID()
                transition.state.chain.append(InstanceRecord(id: id, flow: flowIndex, declaration: declaration, arguments: arguments))
                for route in entry.routes {
                    guard let screen = graph.screens.firstIndex(where: { $0.name == route.screen }) else {
                        throw FlowRuntimeError.invalidSnapshot("flow '\(graph.name)' has no screen '\(route.screen)'")
                    }
                    let values = try transition.binding.bind(values: route.arguments, to: graph.screens[screen].parameters,
                                                             receiver: Transition.receiver(graph, screen: screen))
                    transition.appendRoute(screen: screen, arguments: values, at: depth)
                }
            }
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        status = .running
        return commit(transition)
    }
}
