import FlowModel

/// How routes leave the path: every step that removes routes goes through these two functions, so the
/// `removal` policies of docs/RUNNING.md hold whichever way a route is removed.
///
/// - ``removeAsBack(keeping:before:sender:)`` is interactive back: the routes above a point go, a child
///   removed across a `preserve` route leaves its draft with its parent, and one removed across a
///   `confirm` route ends with the screen's declared outcome. Back gestures use it, and so does every
///   event sent from a route below the top (the routes above the sender go first, then the action runs
///   with the sender on top).
/// - ``undecidedRemovals(from:sender:granted:)`` is the removal guard, asked once at the end of every
///   step (back, events, completions, deep links, restore): a `confirm` route may leave only with the
///   person's decision. Without it the step is not applied; it waits as a pending confirmation and runs
///   again once confirmed.
extension Transition {
    /// The removal policy a route has in this step: its screen's, except that a `confirm` screen whose
    /// `when:` condition (format 1.2) does not hold now goes as a `discard` route does (docs/RUNNING.md,
    /// "Interactive back"). The host is asked only for such a screen.
    func removal(of route: Route) -> RemovalPolicy {
        let policy = route.removal
        guard policy == .confirm, let condition = route.confirmCondition else { return policy }
        return host.condition(bundle.flows[route.flowIndex].conditions[condition]) ? .confirm : .discard
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// The first of `routes` whose removal policy in this step is `policy`.
    func firstRoute(in routes: ArraySlice<Route>, withRemoval policy: RemovalPolicy) -> Route? {
        for route in routes where removal(of: route) == policy { return route }
        return nil
    }

    /// Removes the routes from index `count` on, as interactive back does, and cancels the instances left
    /// without routes.
    ///
    /// When the first instance removed is a child whose own removed routes include a `confirm` route, its
    /// draft is discarded (a confirmed discard is final) and it finishes with the screen's declared outcome
    /// (``finishOnRemoval(of:outcome:)``: reported in ``finished`` as a `finish` is) for its parent's handler
    /// for that outcome to run — but only when the removal took exactly that instance's routes (so the handler acts on
    /// top of the parent's own top route) and, when an event from `sender` asked for the removal, the
    /// handler leaves `sender` on top for the event's action. Otherwise a child removed across a `preserve`
    /// route leaves its routes and arguments with its parent as a draft.
    /// - Parameters:
    ///   - old: the coordinator's state before the step (the state this transition started from).
    ///   - skipReason: when set, no handler runs (the removal is in a tab that is not shown), and this says why.
    /// - Returns: ``FlowRuntimeError/handlerSkipped(flow:outcome:because:)`` when a handler did not run.
    mutating func removeAsBack(
        keeping count: Int, before old: RuntimeState, sender: RouteToken?,
        skippingHandlersBecause skipReason: String? = nil
    ) -> FlowRuntimeError? {
        state.cut(at: count)
        let survivors = state.chain.count
        guard survivors < old.chain.count else { return nil }
        // The first removed instance, or, when it is a wrapper without routes of its own (a flow whose start is
        // a child), the first removed instance with routes: its `confirm` screen's outcome goes to the wrapper
        // above it, whose handler may finish the wrapper in turn, so the outcome is not lost on the way.
        var owner = survivors
        while owner + 1 < old.chain.count, old.path.routeRange(ofDepth: owner).isEmpty { owner += 1 }
        guard let declaration = old.chain[owner].declaration else { return nil }
        let wrapped = owner > survivors
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        let cancelledFlow = old.chain[owner].flow
        let ownRange = old.path.routeRange(ofDepth: owner)
        let removedOwn = max(count, ownRange.lowerBound)..<ownRange.upperBound
        let parentDepth = owner - 1
        guard let crossed = firstRoute(in: old.path[removedOwn], withRemoval: .confirm) else {
            if !wrapped, firstRoute(in: old.path[removedOwn], withRemoval: .preserve) != nil {
                var routes: [DraftRoute] = []
                for route in old.path[ownRange] {
                    routes.append(DraftRoute(screen: route.screenIndex, values: route.values))
                }
                state.chain[parentDepth].drafts[declaration] = PreservedDraft(
                    values: old.chain[survivors].values, routes: routes)
            }
            return nil
        }
        // The person chose to discard: no draft of this child survives, an older one neither.
        if !wrapped, state.chain.hasDrafts(at: parentDepth), state.chain[parentDepth].drafts[declaration] != nil {
            state.chain[parentDepth].drafts[declaration] = nil
        }
        guard let outcome = bundle.flows[crossed.flowIndex].screens[crossed.screenIndex].confirmOutcome else {
            return nil
        }
        // Names for the notes only, read when one is made.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        let bundle = self.bundle
        let parentFlow = old.chain[parentDepth].flow
        func skipped(because reason: String) -> FlowRuntimeError {
            .handlerSkipped(
                flow: bundle.flows[parentFlow].name, outcome: bundle.flows[cancelledFlow].outcomes[outcome],
                because: reason)
        }
        guard count == ownRange.lowerBound else {
            return skipped(because: "the removal also took routes of flow '\(bundle.flows[parentFlow].name)'")
        }
        if let skipReason { return skipped(because: skipReason) }
        // A `stay` handler changes nothing: the checks run on this transition.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        if !wrapped, case .stay = bundle.flows[parentFlow].children[declaration].handlers[outcome] {
            if let refusal = handlerRefusal(leaving: sender) { return skipped(because: refusal) }
            do throws(FlowRuntimeError) {
                _ = try finishOnRemoval(of: old.chain[owner...], outcome: outcome)
            } catch {
                return skipped(because: error.description)
            }
            return nil
        }
        var attempt = self
        // The wrappers stay for their handlers to act (a `stay` leaves one without a route: refused below).
        for depth in survivors..<owner { attempt.state.chain.append(old.chain[depth]) }
        if wrapped, attempt.state.chain.hasDrafts(at: parentDepth) {
            attempt.state.chain[parentDepth].drafts[declaration] = nil
        }
        do throws(FlowRuntimeError) {
            let values = try attempt.finishOnRemoval(of: old.chain[owner...], outcome: outcome)
            try attempt.runHandler(declaration, outcome: outcome, at: parentDepth, outcomeValues: values)
        } catch {
            return skipped(because: error.description)
        }
        if let refusal = attempt.handlerRefusal(leaving: sender) { return skipped(because: refusal) }
        self = attempt
        return nil
    }

    /// The first of `removed` (the instances a removal took, from the one whose `confirm` screen delivers
    /// `outcome` on) finishes with `outcome` (its parameters' defaults; FC450 leaves it no required one), as
    /// ``finish(at:outcome:values:)`` reports it: listed in ``finished``, its links handled as a finish
    /// handles them, the instances above it and its kept tabs removed because it finished (docs/RUNNING.md,
    /// "Finishing"). Its routes were not removed by its own decision: the removal guard still asks about
    /// them (``undecidedRemovals(from:sender:granted:)``).
    /// - Returns: the outcome's values as a frame for the parent's handler; nil for an outcome without
    ///   parameters.
    private mutating func finishOnRemoval(of removed: ArraySlice<InstanceRecord>, outcome: Int)
        throws(FlowRuntimeError) -> ArgumentFrame?
    {
        let record = removed[removed.startIndex]
        var values: [Value] = []
        let parameters = outcomeParameters(of: record.flow, outcome: outcome)
        if !parameters.isEmpty {
            let bundle = self.bundle
            values = try binding.bind(
                values: [:], to: parameters,
                receiver: Self.outcomeReceiver(bundle, flow: record.flow, outcome: outcome))
        }
        if removed.count > 1 || record.tabs != nil { noteRemoval(of: removed, sparing: 1, as: .finish) }
        finishedOnRemoval.append(record.id)
        return noteFinish(of: record, outcome: outcome, values: values)
    }

    /// Why the state a confirmed discard's handler left cannot stand, or nil: a live instance without a route,
    /// or `sender`, whose event acts next, no longer on top.
    private func handlerRefusal(leaving sender: RouteToken?) -> String? {
        do throws(FlowRuntimeError) {
            try checkShape()
        } catch {
            return error.description
        }
        if let sender, state.path.last?.token != sender {
            return "it would take route \(sender) off the top, whose event acts next"
        }
        return nil
    }

    /// Whether the step may remove something of `old`, the state it started from: a route of its path, an
    /// instance of its chain (or changes one), a kept tab or a kept tab's route. When not, the removal
    /// guard and the commit have nothing to look at.
    func removesAnything(from old: RuntimeState) -> Bool {
        state.path.keptCount < old.path.count || state.chain.keptCount < old.chain.count || !droppedTabs.isEmpty
            || !keptRemovals.isEmpty
    }

    /// The removal guard: the routes of `old` (the path before the step) that this step removes without
    /// the person's decision — `confirm` routes, except the sender's own route (it asked to go), the routes
    /// of instances that finished in the step by their own `finish` (their flow decided, with its outcome; not
    /// those a removal finished) and the routes the person confirmed (`granted`).
    /// - Returns: how many routes of `old` the step keeps, and the undecided routes, lowest first.
    func undecidedRemovals(from old: [Route], sender: RouteToken?, granted: GrantedRemovals) -> (
        kept: Int, routes: [Route]
    ) {
        let kept = state.path.keptCount
        // Most steps remove no route of the old path (a push, a start): nothing to look at.
        guard kept < old.count else { return (kept, []) }
        var undecided: [Route] = []
        for route in old[kept...] where removal(of: route) == .confirm {
            if route.token == sender || granted.contains(route.token)
                || (hasFinished(route.instance) && !finishedOnRemoval.contains(route.instance))
                || isKept(route.instance)
            {
                continue
            }
            undecided.append(route)
        }
        return (kept, undecided)
    }

    /// Whether the instance is in a tab this step set aside: its routes are kept, not removed.
    func isKept(_ instance: FlowInstanceID) -> Bool {
        if keptTabs.isEmpty { return false }
        for ids in keptTabs.values where ids.contains(instance) { return true }
        return false
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// Whether the instance finished in this step.
    func hasFinished(_ instance: FlowInstanceID) -> Bool {
        for flow in finished where flow.instance == instance { return true }
        return false
    }
}
