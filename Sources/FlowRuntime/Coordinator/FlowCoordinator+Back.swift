import FlowModel

extension FlowCoordinator {
    /// Interactive back: accepts only a prefix of the current path.
    ///
    /// Routes are compared whole (token, instance, flow, screen, arguments, coordinator), so a route of
    /// another coordinator that happens to carry the same token is not mistaken for this one's.
    /// Flow instances left without routes are cancelled in the same step (their completions become inert);
    /// a child removed across a `preserve` route leaves its draft with its parent. When the removal crosses
    /// a `confirm` route nothing changes and ``pendingConfirmation`` is set: answer with ``confirmRemoval()``
    /// or ``keepEditing()``. The empty path stops the coordinator. The current path itself is a no-op.
    /// Back never removes a tab's or a full-screen cover's first route while routes stay below it.
    /// - Returns: applied; pending; or rejected with ``FlowRuntimeError/notAPrefix``,
    ///   ``FlowRuntimeError/tabFirstRoute(tab:)`` or ``FlowRuntimeError/coverNotDismissible(flow:)``.
    @discardableResult
    package func reconcile(to proposed: [Route]) -> StepResult {
        step {
            guard state.path.starts(with: proposed) else { return .rejected(.notAPrefix) }
            return removeRoutes(from: proposed.count)
        }
    }

    /// `reconcile(to:)` by tokens.
    /// - Returns: as `reconcile(to:)`; rejected with ``FlowRuntimeError/foreignToken(_:)`` for a token
    ///   another coordinator made.
    @discardableResult
    package func reconcile(toTokens tokens: [RouteToken]) -> StepResult {
        step {
            for token in tokens where !token.belongs(to: state.owner) { return .rejected(.foreignToken(token)) }
            let path = state.path
            guard tokens.count <= path.count, zip(tokens, path).allSatisfy({ $0.rawValue == $1.token.rawValue }) else {
                return .rejected(.notAPrefix)
            }
            return removeRoutes(from: tokens.count)
        }
    }

    /// Interactive back to the path's first `length` routes.
    /// - Returns: as `reconcile(to:)`; rejected with ``FlowRuntimeError/prefixBeyondPath(requested:length:)``
    ///   when `length` is negative or longer than the path.
    @discardableResult
    package func back(toLength length: Int) -> StepResult {
        step {
            guard length >= 0, length <= state.path.count else {
                return .rejected(.prefixBeyondPath(requested: length, length: state.path.count))
            }
            return removeRoutes(from: length)
        }
    }

    /// Removes the routes from index `keep` on (``Transition/removeAsBack(keeping:before:sender:)``), or
    /// asks for confirmation when that removes a `confirm` route; the empty path stops the coordinator (a tab
    /// set's own layer removed shows the tab set again, so the path is not empty).
    /// - Parameter cause: what the step is, for the instances it removes (``StepResult/removed``): back, or
    ///   the dismissal of a sheet.
    func removeRoutes(from keep: Int, cause: RemovedFlow.Cause = .back) -> StepResult {
        guard keep < state.path.count else { return .applied }
        let (tabs, going) = tabsRemoved(keeping: keep)
        if let innermost = tabs.first {
            return backAtTabRoot(keeping: keep, tabs: tabs) ?? .rejected(.tabFirstRoute(tab: innermost.name))
        }
        // A tab bar that goes with the cut (presented as a sheet or an item layer) keeps its own policy at
        // its tabs' roots: back selects its first tab first, and the layer goes from there (or without the
        // policy). Dismissal takes the layer whole.
        if cause == .back, !going.isEmpty, let selected = backAtTabRoot(keeping: keep, tabs: going) {
            return selected
        }
        if let cover = coverRemoved(keeping: keep) { return .rejected(.coverNotDismissible(flow: cover)) }
        var transition = Transition(context: context, state: makeEdit(), cause: cause)
        let note = transition.removeAsBack(keeping: keep, before: state, sender: nil)
        do throws(FlowRuntimeError) {
            // A tab set whose own layer went shows its selected tab again (format 1.3).
            try transition.showTabSetUncovered()
        } catch {
            return .rejected(error)
        }
        guard !transition.state.path.isEmpty else {
            return askIfUndecided(transition, sender: nil, replay: { $0.removeRoutes(from: keep, cause: cause) })
                ?? stopNow(cause: cause)
        }
        return conclude(&transition, sender: nil, note: note, replay: { $0.removeRoutes(from: keep, cause: cause) })
    }

    /// Back that would remove only a tab's first route, the top route, where the tab set of that tab declares
    /// `backAtTabRoot: selectFirstTab` (format 1.2): selects that set's first tab, the tab left keeps its route.
    /// Each tab set's policy governs back at its own tabs' roots: `tabs` (``tabsRemoved(keeping:)``) lists the
    /// tab sets whose tab's first route this is, innermost first; the innermost decides, and only when it
    /// selects its first tab already does the next enclosing set decide, the same way. Nil when no set selects
    /// (a set without the policy, more routes would go) or the first tab cannot be selected now: back is then
    /// refused (docs/RUNNING.md, "Tabs").
    private func backAtTabRoot(keeping keep: Int, tabs: [(name: String, setDepth: Int)]) -> StepResult? {
        guard keep == state.path.count - 1 else { return nil }
        for (_, setDepth) in tabs {
            guard bundle.flows[state.chain[setDepth].flow].backAtTabRoot == .selectFirstTab,
                let set = state.chain[setDepth].tabs
            else { return nil }
            if set.selected == 0 { continue }
            var transition = Transition(context: context, state: makeEdit())
            do throws(FlowRuntimeError) {
                try transition.selectTab(0, at: setDepth)
            } catch {
                return nil
            }
            return conclude(&transition, sender: nil, note: nil, replay: { $0.removeRoutes(from: keep) })
        }
        return nil
    }

    /// Interactive back by `count` routes from the top (`reconcile(to:)` with the shorter prefix).
    /// - Returns: as `reconcile(to:)`; rejected with ``FlowRuntimeError/backBeyondPath(count:length:)``
    ///   when `count` is negative or more than the path has.
    @discardableResult
    package func back(_ count: Int = 1) -> StepResult {
        step {
            guard count >= 0, count <= state.path.count else {
                return .rejected(.backBeyondPath(count: count, length: state.path.count))
            }
            return removeRoutes(from: state.path.count - count)
        }
    }

    /// Runs the step waiting for confirmation, with its `confirm` routes decided. For interactive back (and
    /// an event from below the top, whose routes above the sender go as back removes them) the first
    /// removed flow instance is cancelled with its `confirm` screen's declared outcome, and its parent's
    /// handler for that outcome runs only when the removal took exactly that instance's routes (so the
    /// handler acts on top of the parent's own, still shown, top route); otherwise, or when the handler is
    /// refused, the removal stands and ``StepResult/reason`` says
    /// ``FlowRuntimeError/handlerSkipped(flow:outcome:because:)``. A confirmed discard keeps no draft.
    /// - Returns: the step's result (rejected, the question still asked, when the step is refused now);
    ///   rejected without a pending confirmation; stale when the path changed since.
    @discardableResult
    public func confirmRemoval() -> StepResult { step(confirmRemovalNow) }

    /// When the waiting step is refused now (the host's answers changed since it asked), the refusal
    /// changes nothing: the question stays asked, with the link that asked (docs/RUNNING.md, "Guarantees").
    private func confirmRemovalNow() -> StepResult {
        guard case .asking(var pending, let replay, let link) = confirmation else {
            return .rejected(.noPendingConfirmation)
        }
        clearPendingConfirmation()
        guard pathHasTokens(of: pending.path) else { return .stale(.confirmationOutdated) }
        // The question lets go of the path while the step runs: the commit then cuts and appends the
        // coordinator's path in place instead of copying it first.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        pending.path = []
        let result = runGranted(pending.routes, replay)
        // A refused step changes nothing ("Guarantees", 1): the waiting step refused now (a host check
        // answers otherwise than when it asked) leaves the question asked, with its link, and with the
        // path it had (the path has its routes, checked above, and the refused step left it as it was).
        if result.status == .rejected || result.status == .stale, pendingConfirmation == nil {
            pending.path = state.path
            setPendingConfirmation(pending, replay: replay, link: link)
        }
        return result
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// Whether the path's routes have the tokens of `old`'s.
    private func pathHasTokens(of old: [Route]) -> Bool {
        let path = state.path
        guard path.count == old.count else { return false }
        for index in path.indices where path[index].token != old[index].token { return false }
        return true
    }

    /// Drops the pending removal; the path stays as it is. When the step that asked opens a deep link, the
    /// result reports that link dropped (``StepResult/deferredLinks``), so no link goes without a word.
    /// - Returns: rejected without a pending confirmation.
    @discardableResult
    public func keepEditing() -> StepResult {
        step {
            guard case .asking(let pending, _, let link) = confirmation else {
                return .rejected(.noPendingConfirmation)
            }
            clearPendingConfirmation()
            var result = StepResult.applied
            if let link {
                let because = "the person kept '\(pending.flow).\(pending.screen)', which the link would have removed"
                result.deferredLinks = [
                    DeferredLink(url: link, status: .rejected, reason: .linkDropped(url: link, because: because))
                ]
            }
            return result
        }
    }
}
