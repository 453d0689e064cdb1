import FlowModel

extension FlowCoordinator {
    /// Interactive back: accepts only a prefix of the current path.
    ///
    /// Routes are compared whole (token, instance, flow, screen, arguments), so a route of another
    /// coordinator that happens to carry the same token is not mistaken for this one's.
    /// Flow instances left without routes are cancelled in the same step (their completions become inert);
    /// a child removed across a `preserve` route leaves its draft with its parent. When the removal crosses
    /// a `confirm` route nothing changes and ``pendingConfirmation`` is set: answer with ``confirmRemoval()``
    /// or ``keepEditing()``. The empty path stops the coordinator. The current path itself is a no-op.
    /// - Returns: applied; pending; or rejected with ``FlowRuntimeError/notAPrefix``.
    @discardableResult
    public func reconcile(to proposed: [Route]) -> StepResult {
        step {
            guard state.path.starts(with: proposed) else { return .rejected(.notAPrefix) }
            return removeRoutes(from: proposed.count)
        }
    }

    /// ``reconcile(to:)`` by tokens.
    @discardableResult
    public func reconcile(toTokens tokens: [RouteToken]) -> StepResult {
        step {
            let path = state.path
            guard tokens.count <= path.count, zip(tokens, path).allSatisfy({ $0 == $1.token }) else {
                return .rejected(.notAPrefix)
            }
            return removeRoutes(from: tokens.count)
        }
    }

    /// Interactive back to the path's first `length` routes.
    /// - Returns: as ``reconcile(to:)``; rejected with ``FlowRuntimeError/prefixBeyondPath(requested:length:)``
    ///   when `length` is negative or longer than the path.
    @discardableResult
    public func back(toLength length: Int) -> StepResult {
        step {
            guard length >= 0, length <= state.path.count else {
                return .rejected(.prefixBeyondPath(requested: length, length: state.path.count))
            }
            return removeRoutes(from: length)
        }
    }

    /// Removes the routes from index `keep` on, or asks for confirmation when that crosses a `confirm` route.
    private func removeRoutes(from keep: Int) -> StepResult {
        let path = state.path
        guard keep < path.count else { return .applied }
        if let crossed = firstRoute(in: path[keep...], withRemoval: .confirm) {
            setPendingConfirmation(PendingConfirmation(
                prompt: bundle.flows[crossed.flowIndex].screens[crossed.screenIndex].confirmPrompt, route: crossed.token, flow: crossed.flow,
                screen: crossed.screen, keepCount: keep, pathTokens: path.map(\.token)))
            return StepResult(.pending)
        }
        return removeRoutes(keeping: keep, confirmed: false)
    }

    /// Interactive back by `count` routes from the top (``reconcile(to:)`` with the shorter prefix).
    /// - Returns: as ``reconcile(to:)``; rejected with ``FlowRuntimeError/backBeyondPath(count:length:)``
    ///   when `count` is negative or more than the path has.
    @discardableResult
    public func back(_ count: Int = 1) -> StepResult {
        step {
            guard count >= 0, count <= state.path.count else {
                return .rejected(.backBeyondPath(count: count, length: state.path.count))
            }
            return removeRoutes(from: state.path.count - count)
        }
    }

    /// Runs the pending removal. The first removed flow instance is cancelled with its `confirm` screen's
    /// declared outcome, and its parent's handler for that outcome runs only when the removal took exactly
    /// that instance's routes (so the handler acts on top of the parent's own, still shown, top route);
    /// otherwise, or when the handler is refused, the removal stands and ``StepResult/reason`` says
    /// ``FlowRuntimeError/handlerSkipped(flow:outcome:because:)``.
    /// - Returns: rejected without a pending confirmation; stale when the path changed since.
    @discardableResult
    public func confirmRemoval() -> StepResult { step(confirmRemovalNow) }

    private func confirmRemovalNow() -> StepResult {
        guard let pending = currentPendingConfirmation else { return .rejected(.noPendingConfirmation) }
        clearPendingConfirmation()
        guard pending.pathTokens == state.path.map(\.token) else { return .stale(.confirmationOutdated) }
        return removeRoutes(keeping: pending.keepCount, confirmed: true)
    }

    /// Drops the pending removal; the path stays as it is.
    /// - Returns: rejected without a pending confirmation.
    @discardableResult
    public func keepEditing() -> StepResult {
        step {
            guard currentPendingConfirmation != nil else { return .rejected(.noPendingConfirmation) }
            clearPendingConfirmation()
            return .applied
        }
    }

    /// The removal policy of a route's screen.
    func removal(of route: Route) -> RemovalPolicy { bundle.flows[route.flowIndex].screens[route.screenIndex].removal }

    /// The first of `routes` whose screen has the removal policy `policy`. A loop, not `first(where:)`:
    /// a closure formed in main-actor code and handed to the standard library checks its isolation on
    /// every call.
    func firstRoute(in routes: ArraySlice<Route>, withRemoval policy: RemovalPolicy) -> Route? {
        for route in routes where removal(of: route) == policy { return route }
        return nil
    }

    private func removeRoutes(keeping count: Int, confirmed: Bool) -> StepResult {
        if count == 0 { return stopNow() }
        var transition = Transition(context: context, state: StateEdit(state))
        transition.state.cut(at: count)
        let survivors = transition.state.chain.count
        var note: FlowRuntimeError?
        // The state before the cut is still the coordinator's: read it in place (a copy held until the
        // commit would make the commit copy the path).
        if survivors < state.chain.count, let declaration = state.chain[survivors].declaration {
            let cancelled = state.chain[survivors]
            let ownRange = state.path.routeRange(ofDepth: survivors)
            let removedOwn = max(count, ownRange.lowerBound)..<ownRange.upperBound
            let parentDepth = survivors - 1
            if firstRoute(in: state.path[removedOwn], withRemoval: .preserve) != nil {
                var routes: [DraftRoute] = []
                for route in state.path[ownRange] { routes.append(DraftRoute(screen: route.screenIndex, values: route.values)) }
                transition.state.chain[parentDepth].drafts[declaration] = PreservedDraft(values: cancelled.values, routes: routes)
            }
            if confirmed, let crossed = firstRoute(in: state.path[removedOwn], withRemoval: .confirm),
               let outcome = bundle.flows[crossed.flowIndex].screens[crossed.screenIndex].confirmOutcome {
                let parentFlow = transition.state.chain[parentDepth].flow
                let parentName = bundle.flows[parentFlow].name
                let outcomeName = bundle.flows[cancelled.flow].outcomes[outcome]
                if count == ownRange.lowerBound {
                    var attempt = transition
                    do throws(FlowRuntimeError) {
                        try attempt.runHandler(declaration, outcome: outcome, at: parentDepth)
                        try attempt.checkShape()
                        transition = attempt
                    } catch {
                        note = .handlerSkipped(flow: parentName, outcome: outcomeName, because: error.description)
                    }
                } else {
                    note = .handlerSkipped(flow: parentName, outcome: outcomeName,
                                           because: "the back gesture also removed routes of flow '\(parentName)'")
                }
            }
        }
        _ = commit(&transition)
        return StepResult(.applied, note)
    }
}
