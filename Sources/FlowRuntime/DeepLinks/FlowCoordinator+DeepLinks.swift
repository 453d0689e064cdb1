import FlowModel

extension FlowCoordinator {
    /// Opens a deep link: matches the root flow's declared links, evaluates the link's guard (`when:`, format
    /// 1.1) and every conditional choice its routes pass through, checks every argument (types, constraints
    /// and host checks), then builds the whole path and every child instance in one step.
    ///
    /// While running, the link policy of the deepest live instance whose flow declares one decides first (a
    /// declared policy protects its flow while any descendant without a policy of its own is shown):
    /// `reject` refuses, `queue` checks the link's URL, types, constraints and checks now and holds it on that
    /// instance until it finishes, when it is built whole with the conditions of then (docs/RUNNING.md,
    /// "Guarantees"; an invalid link is refused, never sent to the fallback; a flow that declares no outcomes never finishes,
    /// so it refuses the link with ``FlowRuntimeError/linkQueueNeverOpens(flow:)``), `redirect` pushes the flow's redirect screen when
    /// that flow's own route is on top (unless it is already shown) and drops the link; while a descendant is
    /// shown, `redirect` refuses the link.
    ///
    /// A guarded link whose `when:` condition does not hold opens its `otherwise` routes instead (reason
    /// ``FlowRuntimeError/linkGuarded(url:condition:flow:outcome:)``); with `continueOn`, the link is kept
    /// pending on the guarding flow's instance and opened again when it finishes with that outcome.
    ///
    /// A link whose routes pass through a tab flow shown now keeps that tab set: it selects the link's tab
    /// and replaces only that tab's stack, the other tabs keep theirs (`keepingShownTabs(_:)`), unless the
    /// link declares `tabs: replace` (format 1.2). Kept tabs it drops are in ``StepResult/droppedTabs``.
    ///
    /// Before `start`, a link that cannot be built while the root's start shows a `queue` flow starts the
    /// app and is queued on that flow (`startHolding(_:)`; status `queued`).
    ///
    /// Replacing a path that holds a `confirm` route asks first (pending), as interactive back does.
    /// - Returns: applied; queued; redirected; pending; or rejected (state untouched) with
    ///   ``FlowRuntimeError/linkURLInvalid(url:because:)``, ``FlowRuntimeError/noMatchingLink(_:)``,
    ///   ``FlowRuntimeError/linkPlaceholderInvalid(url:pattern:name:text:type:)``, ``FlowRuntimeError/linkRouteBelowChild(flow:route:)``,
    ///   ``FlowRuntimeError/linkGuardFailed(url:condition:)``, ``FlowRuntimeError/linkContradictsCondition(url:route:because:)``,
    ///   an argument error, or ``FlowRuntimeError/linkRejected(flow:)``.
    ///   When the root flow declares `linkFallback`, an invalid link (outside a queueing flow) shows that screen
    ///   instead and the result is applied with reason ``FlowRuntimeError/linkFellBack(url:because:)``.
    @discardableResult
    public func open(_ url: String) -> StepResult { step { openNow(url) } }

    /// Opens a link an instance held (queued, or pending on the outcome it finished with) once its step
    /// has ended: built whole now, keeping the first route the running root flow shows (``LinkMode/held``).
    func openHeldLink(_ url: String) -> StepResult { step { openNow(url, mode: .held) } }

    /// How a link is built.
    enum LinkMode {
        /// A link opened now: every route is checked against the conditional choices it passes.
        case now
        /// A held link opening after the instance that held it finished: a first route that the running
        /// root flow already shows is the state that instance's outcome handler built, so it is not
        /// checked against the root's start again. (Any link keeps that route's arguments when it
        /// passes none.)
        case held
        /// A link a `queue` policy holds: its arguments, constraints and checks are checked now, its
        /// conditions when it opens (the guard is taken as met, choices are not checked).
        case argumentsOnly
    }

    private func openNow(_ url: String, mode: LinkMode = .now) -> StepResult {
        if currentStatus == .running, let protector = linkPolicyHolder() {
            let flow = state.chain[protector].flow
            // A link is judged whole — its URL, types, constraints and checks — before any policy acts on it:
            // an invalid link is refused, not queued, redirected or sent to the fallback, which would replace
            // the flow the policy protects.
            if bundle.flows[flow].linkPolicy != .allow,
                case .failure(let error) = buildLink(url, mode: .argumentsOnly)
            {
                return .rejected(error)
            }
            switch bundle.flows[flow].linkPolicy {
            case .allow:
                break
            case .reject:
                return .rejected(.linkRejected(flow: bundle.flows[flow].name))
            case .queue:
                // A flow without outcomes never finishes: what it queued could never open.
                guard !bundle.flows[flow].outcomes.isEmpty else {
                    return .rejected(.linkQueueNeverOpens(flow: bundle.flows[flow].name))
                }
                // Judged whole when it opens, after the protecting flow finished: the conditions its routes
                // pass are those of then (its URL, types, constraints and checks were judged above).
                // Held on the protecting instance, through the one commit like any change of the state.
                var transition = Transition(context: context, state: makeEdit())
                transition.state.chain[protector].queuedLinks.append(url)
                var result = commit(&transition)
                result.status = .queued
                return result
            case .redirect:
                guard let screen = bundle.flows[flow].linkRedirect else { break }
                guard protector == state.chain.count - 1 else {
                    return .rejected(.linkRejected(flow: bundle.flows[flow].name))
                }
                if let top = state.path.last, top.depth == protector, top.screenIndex == screen {
                    return StepResult(.redirected)
                }
                var transition = Transition(context: context, state: makeEdit())
                do throws(FlowRuntimeError) {
                    try transition.run(
                        .push(screen: screen, arguments: []), at: protector,
                        scope: ArgumentScope(transition.instanceFrame(at: protector)))
                } catch {
                    return .rejected(error)
                }
                var result = commit(&transition)
                result.status = .redirected
                return result
            }
        }
        switch buildLink(url, mode: mode) {
        case .success(var built):
            // Guarantee 9 reads the link this step built, on the state before it (one build, one reading).
            var shownAgain: LinkShownAgain?
            if !built.replacesTabs {
                // Read once against the shown tab set: what the link keeps there, and what it equals.
                let reading = shownTabsReading(of: built.transition.state)
                if recordsLinksShownAgain, mode == .now { shownAgain = linkShownAgain(reading: reading) }
                built.transition = keepingShownTabs(built.transition, reading: reading)
            }
            var result = conclude(
                &built.transition, sender: nil, note: built.note, replay: { $0.openNow(url, mode: mode) }, link: url)
            if result.status == .applied { setStatus(.running) }
            if let shownAgain { result.linkShownAgain = shownAgain }
            return result
        case .failure(let error):
            if currentStatus != .running, mode == .now, let held = startHolding(url) { return held }
            return fallBack(url, error, mode: mode)
        }
    }

    /// A link opened before `start` that cannot be built now, while the root's start shows a flow whose
    /// `queue` policy protects the app (a fresh install opened from a link while onboarding shows first,
    /// seed 002): the app starts and the link is queued on that flow, its URL, types, constraints and checks
    /// checked now, its conditions when it opens (as a link queued while running). Nil when the start
    /// shows no such flow, or fails: the link is then refused or falls back as before.
    private func startHolding(_ url: String) -> StepResult? {
        var transition = Transition(context: context, state: freshState(), cause: .link)
        do throws(FlowRuntimeError) {
            try transition.run(bundle.flows[rootFlow].start, at: 0, scope: ArgumentScope(rootFrame))
            try transition.checkShape()
        } catch {
            return nil
        }
        var protector: Int?
        for depth in transition.state.chain.indices
        where bundle.flows[transition.state.chain[depth].flow].linkPolicyDeclared == true {
            protector = depth
        }
        guard let protector else { return nil }
        let flow = bundle.flows[transition.state.chain[protector].flow]
        guard flow.linkPolicy == .queue, !flow.outcomes.isEmpty else { return nil }
        if case .failure(let error) = buildLink(url, mode: .argumentsOnly) { return .rejected(error) }
        transition.state.chain[protector].queuedLinks.append(url)
        setStatus(.running)
        var result = commit(&transition)
        result.status = .queued
        return result
    }

    /// The chain position of the deepest live instance whose flow declares a link policy, if any.
    private func linkPolicyHolder() -> Int? {
        // Speed: PERFORMANCE.md, "Round 14, the runtime step" (a loop, not a closure checked for the main actor).
        for depth in state.chain.indices.reversed()
        where bundle.flows[state.chain[depth].flow].linkPolicyDeclared == true {
            return depth
        }
        return nil
    }

    /// A link's state, built whole, and what to report about it (its guard sent it to `otherwise`).
    struct BuiltLink {
        var transition: Transition
        var note: FlowRuntimeError?
        /// The link declares `tabs: replace`: it does not keep a shown tab set's other tabs.
        var replacesTabs = false
    }

    /// The whole state a link describes, with fresh instances, or why it is invalid. A guarded link whose
    /// `when:` condition does not hold builds its `otherwise` routes and, with `continueOn`, leaves the link
    /// pending on the instance of the last child route.
    func buildLink(_ url: String, mode: LinkMode) -> Result<BuiltLink, FlowRuntimeError> {
        let match: MatchedLinks.Match
        switch matchedLinks.match(url, in: bundle.flows[rootFlow]) {
        case .success(let matched): match = matched
        case .failure(let error): return .failure(error)
        }
        // Read in place (``MatchedLinks/Match``): `let link = match.link` would copy the link's fields.
        let values = match.values
        var unmet: String?
        // Speed: PERFORMANCE.md, "Round 15, rtopen: the deep-link step" (a loop, not a closure checked for the
        // main actor).
        if mode != .argumentsOnly, let conditions = match.link.guardConditions {
            for condition in conditions where !host.condition(condition) {
                unmet = condition
                break
            }
        }
        // A link is judged whole before its guard acts on it: a link whose own routes' arguments fail their
        // types, constraints or checks is refused, rather than sending the person through the `otherwise`
        // routes (sign-in) to be refused after.
        if unmet != nil, case .failure(let error) = buildLink(url, mode: .argumentsOnly) { return .failure(error) }
        var transition = Transition(context: context, state: freshState(), cause: .link)
        do throws(FlowRuntimeError) {
            guard let unmet else {
                _ = try build(match.link.routes, url: url, values: values, mode: mode, into: &transition)
                try transition.checkShape()
                return .success(BuiltLink(transition: transition, replacesTabs: match.link.tabs == .replace))
            }
            guard let otherwise = match.link.otherwise else {
                throw FlowRuntimeError.linkGuardFailed(url: url, condition: unmet)
            }
            let guarding = try build(otherwise.routes, url: url, values: values, mode: mode, into: &transition)
            try transition.checkShape()
            var note = FlowRuntimeError.linkGuarded(url: url, condition: unmet, flow: nil, outcome: nil)
            if let outcome = otherwise.continueOn, let depth = guarding {
                let flow = bundle.flows[transition.state.chain[depth].flow]
                guard flow.outcomes.indices.contains(outcome) else {
                    throw FlowRuntimeError.linkGuardFailed(url: url, condition: unmet)
                }
                transition.state.chain[depth].pendingLink = PendingLink(
                    url: url, outcome: outcome, outcomeName: flow.outcomes[outcome])
                note = .linkGuarded(url: url, condition: unmet, flow: flow.name, outcome: flow.outcomes[outcome])
            }
            return .success(BuiltLink(transition: transition, note: note, replacesTabs: match.link.tabs == .replace))
        } catch {
            return .failure(error)
        }
    }

    /// Builds `routes` on a fresh state, checking each against the conditional choices it passes through
    /// (``LinkConditions``). Returns the chain position of the instance of the last child route, if any.
    ///
    /// A route naming the child that its flow's `start` already started (a child flow that starts with a
    /// child) addresses that instance: the next routes address its flow. Its arguments are the ones the
    /// start passed (the validator refuses others, FC601).
    private func build(
        _ routes: [LinkRouteNode], url: String, values: [String: Value], mode: LinkMode,
        into transition: inout Transition
    )
        throws(FlowRuntimeError) -> Int?
    {
        var depth = 0
        var lastChild: Int?
        // Whether the top route was shown by its flow's start (a child's implied first route).
        var impliedStart = false
        let conditions = LinkConditions(context: context)
        for (index, route) in routes.enumerated() {
            let flow = transition.flowIndex(at: depth)
            // A route naming a tab selects it, also when the tab flow's start already selected another.
            var tab: Int?
            if case .child(let child) = route.target { tab = bundle.flows[flow].tabs.index(ofChild: child) }
            let isTab = tab != nil
            if depth < transition.state.chain.count - 1, !isTab {
                guard case .child(let child) = route.target else {
                    throw FlowRuntimeError.linkRouteBelowChild(
                        flow: bundle.flows[flow].name, route: conditions.name(of: route.target, in: flow))
                }
                if mode == .argumentsOnly {
                    // A start that picks another child now: the routes after it are judged when it opens.
                    guard
                        (try? conditions.checkStartedChild(
                            child, started: transition.state.chain[depth + 1].declaration, of: flow, url: url)) != nil
                    else { return lastChild }
                } else {
                    try conditions.checkStartedChild(
                        child, started: transition.state.chain[depth + 1].declaration, of: flow, url: url)
                }
                depth += 1
                lastChild = depth
                impliedStart = true
                continue
            }
            // A tab-bar item that presents (format 1.3) presents over the tab its start selected, which stays.
            // Speed: PERFORMANCE.md, "Round 17, rtopen" (`bundle.flows[flow].stackTabIndex(ofChild:)` copies the graph).
            if let tab, case .child(let child) = route.target, !bundle.tabPresents(tab, inFlow: flow) {
                transition.dropTabStartedOnTheWay(at: depth, unless: child)
            }
            if mode == .argumentsOnly {
                // Conditions are judged when the link opens.
            } else if index == 0, mode != .held || route.target != shownFirstNow() {
                try conditions.checkFirstRoute(route.target, of: flow, url: url)
            } else if let top = transition.state.path.last, top.depth == depth {
                try conditions.checkStep(
                    to: route.target, from: top.screenIndex, of: flow, impliedStart: impliedStart, url: url)
            }
            let arguments: [Value]
            if mode != .argumentsOnly, route.arguments.isEmpty,
                let shown = shownValues(of: route.target, at: depth, in: transition.state)
            {
                // The route shown now at the same place keeps what the step that showed it built (the
                // sign-in handler's `with:`), when the link passes nothing of its own.
                arguments = shown
            } else {
                arguments = try transition.bind(
                    route.arguments, for: route.target, in: flow, scope: ArgumentScope(.named(values)))
            }
            try transition.show(route.target, values: arguments, at: depth)
            impliedStart = false
            if case .child = route.target {
                depth += 1
                lastChild = depth
                impliedStart = true
            }
        }
        return lastChild
    }

    /// Shows the root flow's `linkFallback` screen for an invalid link, or rejects it. The fallback is a state
    /// a link builds, so it passes the same conditions as a link's first route: a screen the root flow's
    /// (conditional) `start` or a `replaceRoot` shows only under conditions that do not hold now is not
    /// shown, and the link is refused with its own reason.
    private func fallBack(_ url: String, _ error: FlowRuntimeError, mode: LinkMode) -> StepResult {
        guard let screen = bundle.flows[rootFlow].linkFallback else { return .rejected(error) }
        var transition = Transition(context: context, state: freshState(), cause: .link)
        do throws(FlowRuntimeError) {
            try LinkConditions(context: context).checkShownFirst(.screen(screen), of: rootFlow, url: url)
        } catch _ {
            return .rejected(error)
        }
        do throws(FlowRuntimeError) {
            try transition.run(.show(target: .screen(screen), arguments: []), at: 0, scope: ArgumentScope(rootFrame))
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        let result = conclude(
            &transition, sender: nil, note: .linkFellBack(url: url, because: error.description),
            replay: { $0.openNow(url, mode: mode) }, link: url)
        if result.status == .applied { setStatus(.running) }
        return result
    }

    /// What the running root flow shows first now — its first route, or the child it runs without routes
    /// of its own — which steps built: a link whose first route is that one rebuilds a state steps can
    /// build (a queued link opening after onboarding's handler showed `main`, say). Nil when not running.
    private func shownFirstNow() -> TargetNode? {
        guard currentStatus == .running, let root = state.chain.first else { return nil }
        if let first = state.path.first, first.depth == 0 { return .screen(first.screenIndex) }
        guard state.chain.count > 1, let declaration = state.chain[1].declaration, root.flow == rootFlow else {
            return nil
        }
        return .child(declaration)
    }

    /// The arguments of the route or child the coordinator shows now at the place where a link puts
    /// `target` next on `fresh` (the link's state so far): the same instances down to chain position
    /// `depth` (flows, declarations, arguments), and there the same screen at the same position among the
    /// instance's routes, or the same child started above as many routes. A link that passes no arguments
    /// for such a route keeps these — what the step that showed it built, such as a sign-in handler's
    /// `with:` before a continuation opens (docs/RUNNING.md, "Guarantees"). Nil when not running or when
    /// nothing is shown there.
    private func shownValues(of target: TargetNode, at depth: Int, in fresh: StateEdit) -> [Value]? {
        guard currentStatus == .running, depth < state.chain.count, depth < fresh.chain.count else { return nil }
        // Speed: PERFORMANCE.md, "Round 17, rtopen": the records are read in place, not copied.
        let shownChain = state.chain
        for position in 0...depth {
            guard shownChain[position].flow == fresh.chain.flow(at: position),
                shownChain[position].declaration == fresh.chain.declaration(at: position)
            else { return nil }
            if position > 0, shownChain[position].values != fresh.chain.values(at: position) { return nil }
        }
        let position = fresh.routeRange(ofDepth: depth).count
        let shownRoutes = state.path.routeRange(ofDepth: depth)
        switch target {
        case .screen(let screen):
            guard position < shownRoutes.count, state.path[shownRoutes.lowerBound + position].screenIndex == screen
            else { return nil }
            return state.path[shownRoutes.lowerBound + position].values
        case .child(let child):
            guard shownRoutes.count == position, depth + 1 < state.chain.count,
                state.chain[depth + 1].declaration == child
            else { return nil }
            return state.chain[depth + 1].values
        }
    }
}
