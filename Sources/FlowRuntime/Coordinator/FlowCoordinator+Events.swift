import FlowModel

/// Events a screen reports, from the top route or from a route below it.
extension FlowCoordinator {
    /// Reports `event` from the route `token` (nil: the top route) with typed arguments.
    ///
    /// Arguments are checked against the event's parameters (an `int` may be passed for a `double`).
    /// An event from a route below the top of its own stack acts from that route: the routes above it go
    /// first, as interactive back removes them (through the removal guard), then the action runs with the
    /// sender on top — `pop: 1` removes the sender and everything above it, `popTo` counts from the sender,
    /// `push` and `start` add on top of the sender. A route under a presented sheet or cover cannot be
    /// tapped: its events are refused (docs/RUNNING.md, "Guarantees").
    /// - Returns: stale when the route is no longer on the path; pending when the step would remove a
    ///   `confirm` route; rejected (state unchanged) for a token of another coordinator, a route under a
    ///   presented layer (``FlowRuntimeError/routeCovered(_:screen:layer:)``), an unknown event, bad
    ///   arguments, or a refused action.
    @discardableResult
    public func send(_ event: String, from token: RouteToken? = nil, arguments: [String: Value] = [:]) -> StepResult {
        step { sendEventNow(event, from: token, arguments: .values(arguments)) }
    }

    /// Reports `event` with arguments as text, each parsed strictly by its parameter's type
    /// (`ParameterType/parse(_:)`: `int` takes `7`, not `07` or `7.0`).
    @discardableResult
    public func send(_ event: String, from token: RouteToken? = nil, textArguments: [String: String]) -> StepResult {
        step { sendEventNow(event, from: token, arguments: .texts(textArguments)) }
    }

    /// An event's arguments as the host passed them.
    @MainActor
    enum EventArguments {
        case values([String: Value])
        case texts([String: String])

        func bind(_ binding: ArgumentBinding, to parameters: [ParameterNode], receiver: () -> String)
            throws(FlowRuntimeError) -> [Value]
        {
            switch self {
            case .values(let values): try binding.bind(values: values, to: parameters, receiver: receiver())
            case .texts(let texts): try binding.bind(texts: texts, to: parameters, receiver: receiver())
            }
        }
    }

    /// Where a token leads on the path.
    enum TokenLookup {
        case found(Int)
        /// Rejected (another coordinator's token) or stale (a route no longer on the path).
        case refused(StepResult)
    }

    /// The position on the path of the route `token` names.
    func pathIndex(of token: RouteToken) -> TokenLookup {
        guard token.belongs(to: state.owner) else { return .refused(.rejected(.foreignToken(token))) }
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        let path = state.path
        for index in path.indices.reversed() where path[index].token.rawValue == token.rawValue { return .found(index) }
        return .refused(.stale(.routeNotOnPath(token)))
    }

    private func sendEventNow(_ event: String, from token: RouteToken?, arguments: EventArguments) -> StepResult {
        guard currentStatus == .running else { return .rejected(.notRunning) }
        let route: Route
        var below: Int?
        do {
            // Speed: PERFORMANCE.md, "Shapes kept for speed".
            let path = state.path
            guard let top = path.last else { return .rejected(.notRunning) }
            if let token, token != top.token {
                switch pathIndex(of: token) {
                case .found(let index): (route, below) = (path[index], index == path.count - 1 ? nil : index)
                case .refused(let refusal): return refusal
                }
            } else {
                route = top
            }
        }
        if below != nil, let layer = layerCovering(route) {
            return .rejected(.routeCovered(route.token, screen: "\(route.flow).\(route.screen)", layer: layer))
        }
        let flow = route.flowIndex
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        let events = bundle.flows[flow].screens[route.screenIndex].events
        guard let eventIndex = events.index(named: event) else {
            return .rejected(.unknownEvent(flow: route.flow, screen: route.screen, event: event))
        }
        let parameters = events[eventIndex].parameters
        let action = events[eventIndex].action
        var transition = Transition(context: context, state: makeEdit())
        var note: FlowRuntimeError?
        do throws(FlowRuntimeError) {
            // The receiver names the event in error messages only: built lazily, not on every event.
            let values = try arguments.bind(transition.binding, to: parameters) {
                "event '\(event)' of screen '\(route.screen)' of flow '\(route.flow)'"
            }
            if let below { note = transition.removeAsBack(keeping: below + 1, before: state, sender: route.token) }
            let scope = ArgumentScope(
                .bound(parameters: parameters, values: values),
                .bound(parameters: route.parameters, values: route.values),
                transition.instanceFrame(at: route.depth))
            try transition.run(action, at: route.depth, scope: scope)
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        return conclude(
            &transition, sender: route.token, note: note,
            replay: { $0.sendEventNow(event, from: token, arguments: arguments) })
    }

    /// The flow of the presented sheet or cover above `route`'s stack, if any: a deeper instance on the
    /// chain that is presented begins a stack over it.
    private func layerCovering(_ route: Route) -> String? {
        let chain = state.chain
        for depth in (route.depth + 1)..<max(route.depth + 1, chain.count) where chain[depth].presentation.isPresented {
            return bundle.flows[chain[depth].flow].name
        }
        return nil
    }
}
