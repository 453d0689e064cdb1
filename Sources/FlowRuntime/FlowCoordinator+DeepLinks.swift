import FlowModel

extension FlowCoordinator {
    /// Opens a deep link: matches the root flow's declared links, checks every argument (types, constraints
    /// and host checks), then builds the whole path and every child instance in one step. Replacing a path
    /// that holds a `confirm` route asks first (pending), as interactive back does.
    ///
    /// While running, the active (top) flow instance's link policy decides first: `reject` refuses, `queue`
    /// validates the link now and holds it until that instance finishes (an invalid link is refused, never
    /// sent to the fallback), `redirect` pushes the flow's redirect screen instead (unless it is already on
    /// top) and drops the link.
    /// - Returns: applied; queued; redirected; pending; or rejected (state untouched) with
    ///   ``FlowRuntimeError/noMatchingLink(_:)``, ``FlowRuntimeError/linkPlaceholderInvalid(url:pattern:name:text:type:)``,
    ///   an argument error, or ``FlowRuntimeError/linkRejected(flow:)``.
    ///   When the root flow declares `linkFallback`, an invalid link (outside a queueing flow) shows that screen
    ///   instead and the result is applied with reason ``FlowRuntimeError/linkFellBack(url:because:)``.
    @discardableResult
    public func open(_ url: String) -> StepResult { step { openNow(url) } }

    private func openNow(_ url: String) -> StepResult {
        if currentStatus == .running, let active = state.chain.last {
            switch bundle.flows[active.flow].linkPolicy {
            case .allow:
                break
            case .reject:
                return .rejected(.linkRejected(flow: bundle.flows[active.flow].name))
            case .queue:
                switch buildLink(url) {
                case .success:
                    updateState { $0.chain[$0.chain.count - 1].queuedLinks.append(url) }
                    return StepResult(.queued)
                case .failure(let error):
                    // The active flow asked not to be interrupted: an invalid link is refused,
                    // not sent to the fallback, which would replace the flow it protects.
                    return .rejected(error)
                }
            case .redirect:
                guard let screen = bundle.flows[active.flow].linkRedirect else { break }
                let depth = state.chain.count - 1
                if let top = state.path.last, top.depth == depth, top.screenIndex == screen { return StepResult(.redirected) }
                var transition = Transition(context: context, state: StateEdit(state))
                do throws(FlowRuntimeError) {
                    try transition.run(.push(screen: screen, arguments: []), at: depth, scope: ArgumentScope(transition.instanceFrame(at: depth)))
                } catch {
                    return .rejected(error)
                }
                _ = commit(&transition)
                return StepResult(.redirected)
            }
        }
        switch buildLink(url) {
        case .success(var transition):
            let result = conclude(&transition, sender: nil, note: nil) { $0.openNow(url) }
            if result.status == .applied { setStatus(.running) }
            return result
        case .failure(let error):
            return fallBack(url, error)
        }
    }

    /// The whole state a link describes, with fresh instances, or why it is invalid.
    private func buildLink(_ url: String) -> Result<Transition, FlowRuntimeError> {
        guard let (link, values) = DeepLinkMatcher.match(url, in: bundle.flows[rootFlow]) else {
            return .failure(DeepLinkMatcher.nearMiss(url, in: bundle.flows[rootFlow]) ?? .noMatchingLink(url))
        }
        var transition = Transition(context: context, state: freshState())
        do throws(FlowRuntimeError) {
            var depth = 0
            for route in link.routes {
                let flow = transition.flowIndex(at: depth)
                // A route naming a tab selects it, also when the tab flow's start already selected another.
                var isTab = false
                if case .child(let child) = route.target { isTab = bundle.flows[flow].tabIndex(ofChild: child) != nil }
                guard depth == transition.state.chain.count - 1 || isTab else {
                    let name = switch route.target {
                    case .screen(let index): bundle.flows[flow].screens[index].name
                    case .child(let index): bundle.flows[flow].children[index].name
                    }
                    throw FlowRuntimeError.linkRouteBelowChild(flow: bundle.flows[flow].name, route: name)
                }
                let arguments = try transition.bind(route.arguments, for: route.target, in: flow,
                                                    scope: ArgumentScope(.named(values)))
                try transition.show(route.target, values: arguments, at: depth)
                if case .child = route.target { depth += 1 }
            }
            try transition.checkShape()
        } catch {
            return .failure(error)
        }
        return .success(transition)
    }

    /// Shows the root flow's `linkFallback` screen for an invalid link, or rejects it.
    private func fallBack(_ url: String, _ error: FlowRuntimeError) -> StepResult {
        guard let screen = bundle.flows[rootFlow].linkFallback else { return .rejected(error) }
        var transition = Transition(context: context, state: freshState())
        do throws(FlowRuntimeError) {
            try transition.run(.show(target: .screen(screen), arguments: []), at: 0, scope: ArgumentScope(rootFrame))
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        let result = conclude(&transition, sender: nil, note: .linkFellBack(url: url, because: error.description)) {
            $0.openNow(url)
        }
        if result.status == .applied { setStatus(.running) }
        return result
    }
}
