import FlowModel

/// Host-reported changes of one stack of the tree: interactive back on a given stack, and the dismissal
/// of a presented layer. Both remove routes the way interactive back does (`reconcile(to:)`): through
/// the removal policies, in one step.
extension FlowCoordinator {
    /// Interactive back on the stack that begins with instance `stack`: a shown stack, or the stack of a tab
    /// that is not selected (``FlowTabSetModel/stack(forTab:)``). Accepts only a prefix of that stack's routes. The
    /// stack's routes above the prefix go, with every layer presented above them. The stack's own routes,
    /// unchanged, are a no-op (also when layers are presented above it).
    ///
    /// On a kept tab the removal happens where the tab is kept: the selection, the shown stacks and the path
    /// stay as they are. The removal policies apply as on the path (`preserve` keeps the draft, `confirm`
    /// asks first), but no handler runs in a tab that is not shown: a confirmed `confirm` screen's outcome
    /// handler is skipped (``FlowRuntimeError/handlerSkipped(flow:outcome:because:)``).
    /// - Returns: as `reconcile(to:)`; rejected with ``FlowRuntimeError/noShownStack(_:)`` when neither a
    ///   shown stack nor the stack of a kept tab of a shown tab set begins with `stack` (``FlowRuntimeError/unknownInstance(_:)``
    ///   for an id the coordinator never made; stale with ``FlowRuntimeError/instanceNotAlive(_:)`` for one that
    ///   is gone), ``FlowRuntimeError/notAPrefix``, ``FlowRuntimeError/tabFirstRoute(tab:)`` for a tab's first route, or
    ///   ``FlowRuntimeError/coverNotDismissible(flow:)`` for a cover's first route.
    @discardableResult
    public func reconcile(stack: FlowInstanceID, to proposed: [Route]) -> StepResult {
        step { reconcileNow(stack: stack, to: proposed) }
    }

    private func reconcileNow(stack: FlowInstanceID, to proposed: [Route]) -> StepResult {
        if let (found, start) = shownStack(stack) {
            guard found.routes.starts(with: proposed) else { return .rejected(.notAPrefix) }
            return removeFromStack(found, keeping: proposed.count, start: start)
        }
        guard let kept = keptStack(stack) else { return answer(for: stack, whenAlive: .noShownStack(stack)) }
        guard kept.stack.routes.starts(with: proposed) else { return .rejected(.notAPrefix) }
        return removeFromKeptStack(kept, keeping: proposed.count) { $0.reconcileNow(stack: stack, to: proposed) }
    }

    /// Interactive back by `count` routes on the stack that begins with instance `stack` (shown, or a kept
    /// tab's, as ``reconcile(stack:to:)``).
    /// - Returns: as ``reconcile(stack:to:)``; rejected with ``FlowRuntimeError/backBeyondPath(count:length:)``
    ///   when the stack has fewer routes.
    @discardableResult
    package func back(_ count: Int, onStack stack: FlowInstanceID) -> StepResult {
        step { backNow(count, onStack: stack) }
    }

    private func backNow(_ count: Int, onStack stack: FlowInstanceID) -> StepResult {
        if let (found, start) = shownStack(stack) {
            if found.routes.isEmpty, count != 0, let depth = state.depth(of: stack) {
                return .rejected(.stackWithoutRoutes(stack, flow: bundle.flows[state.chain[depth].flow].name))
            }
            guard count >= 0, count <= found.routes.count else {
                return .rejected(.backBeyondPath(count: count, length: found.routes.count))
            }
            return removeFromStack(found, keeping: found.routes.count - count, start: start)
        }
        guard let kept = keptStack(stack) else { return answer(for: stack, whenAlive: .noShownStack(stack)) }
        guard count >= 0, count <= kept.stack.routes.count else {
            return .rejected(.backBeyondPath(count: count, length: kept.stack.routes.count))
        }
        return removeFromKeptStack(kept, keeping: kept.stack.routes.count - count) { $0.backNow(count, onStack: stack) }
    }

    /// Whether the coordinator ever made an instance with this id (alive or not); a made-up id is
    /// refused with ``FlowRuntimeError/unknownInstance(_:)`` rather than called gone.
    package func madeInstance(_ id: FlowInstanceID) -> Bool {
        id.rawValue >= 1 && id.rawValue < state.nextInstance
    }

    /// The answer to a step on instance `id` that is not what the step needs (it begins no stack, runs no
    /// shown tab set): an id never made is unknown (``FlowRuntimeError/unknownInstance(_:)``), a live one
    /// (shown, or in a kept tab) is refused with `refusal`, and one that was alive and is gone is `stale`
    /// (``FlowRuntimeError/instanceNotAlive(_:)``), as its handle's `finish` and `dismiss` are (docs/RUNNING.md,
    /// "Script commands").
    func answer(for id: FlowInstanceID, whenAlive refusal: FlowRuntimeError) -> StepResult {
        guard madeInstance(id) else { return .rejected(.unknownInstance(id)) }
        return state.depth(of: id) != nil || isInKeptTab(id) ? .rejected(refusal) : .stale(.instanceNotAlive(id))
    }

    /// A kept tab's bottom stack: the tab flow instance's chain position, the tab's position, and the stack.
    struct KeptStack {
        var depth: Int
        var tab: Int
        var stack: FlowStack
    }

    /// The bottom stack of a kept tab of a shown tab set that begins with instance `id` (a tab's instance).
    /// Only the tab sets of the shown chain are searched, and only their kept tabs' first instances.
    private func keptStack(_ id: FlowInstanceID) -> KeptStack? {
        guard currentStatus == .running else { return nil }
        let chain = state.chain
        for depth in chain.indices {
            guard let tabs = chain[depth].tabs else { continue }
            for (tab, parked) in tabs.parked where parked.chain[0].id == id {
                // Speed: PERFORMANCE.md, "Round 16, rtcommit": only the bottom stack is built.
                let shapes = StackShape.shapes(
                    of: parked.chain, at: depth + 1, path: parked.path, bundle: bundle,
                    parentFlow: chain[depth].flow, tabSet: chain[depth].id)
                for shape in shapes {
                    if let bottom = Self.stack(shape, of: parked.path) {
                        return KeptStack(depth: depth, tab: tab, stack: bottom)
                    }
                }
                return nil
            }
        }
        return nil
    }

    /// Removes the routes of a kept tab's bottom stack above its first `keep`, leaving the selection and the path as they are; `replay` runs the step again once confirmed.
    private func removeFromKeptStack(
        _ kept: KeptStack, keeping keep: Int,
        replay: @escaping Replay
    ) -> StepResult {
        guard keep < kept.stack.routes.count else { return .applied }
        guard case .tab(let name, _) = kept.stack.kind else { return .rejected(.noShownStack(kept.stack.id)) }
        if keep == 0 { return .rejected(.tabFirstRoute(tab: name)) }
        // A cover kept in the tab is not dismissed by back either.
        guard let parked = state.chain[kept.depth].tabs?.parked[kept.tab] else {
            return .rejected(.noShownStack(kept.stack.id))
        }
        let staying = parked.path[keep - 1].depth + 1 - (kept.depth + 1)
        if staying < parked.chain.count,
            let cover = parked.chain[staying...].first(where: { $0.presentation == .cover })
        {
            return .rejected(.coverNotDismissible(flow: bundle.flows[cover.flow].name))
        }
        var transition = Transition(context: context, state: makeEdit())
        let note = transition.removeInKeptTab(kept.tab, ofTabSetAt: kept.depth, keeping: keep)
        return conclude(&transition, sender: nil, note: note, replay: replay)
    }

    /// The person dismissed the presented layer begun by instance `layer` (a sheet's swipe-down): its
    /// routes go, with every layer above it, and its instance and every descendant are cancelled in the
    /// same step (their completions become inert). The instance's parent's handlers do not run, except
    /// the handler for a `confirm` screen's outcome, as for back (``confirmRemoval()``).
    /// - Parameter layer: the presented instance; nil for the topmost presented layer.
    /// - Returns: applied; pending when a removed screen's policy is `confirm`; rejected with
    ///   ``FlowRuntimeError/notPresented(_:)`` (also for an instance in a kept tab),
    ///   ``FlowRuntimeError/coverNotDismissible(flow:)``, ``FlowRuntimeError/noPresentedLayer`` or
    ///   ``FlowRuntimeError/noShownStack(_:)`` or ``FlowRuntimeError/unknownInstance(_:)`` (an id never made); stale with
    ///   ``FlowRuntimeError/instanceNotAlive(_:)``.
    @discardableResult
    public func dismiss(_ layer: FlowInstanceID? = nil) -> StepResult {
        step {
            guard currentStatus == .running else { return .rejected(.notRunning) }
            let chain = state.chain
            let depth: Int
            if let layer {
                guard let found = state.depth(of: layer) else {
                    // Alive in a kept tab: not a layer (a kept tab holds no sheet or cover).
                    return answer(for: layer, whenAlive: .notPresented(layer))
                }
                depth = found
            } else {
                guard let found = chain.lastIndex(where: { $0.presentation.isPresented }) else {
                    return .rejected(.noPresentedLayer)
                }
                depth = found
            }
            switch chain[depth].presentation {
            case .push: return .rejected(.notPresented(chain[depth].id))
            case .cover: return .rejected(.coverNotDismissible(flow: bundle.flows[chain[depth].flow].name))
            case .sheet: break
            }
            let start = state.path.routeRange(ofDepth: depth).lowerBound
            guard start < state.path.count else { return .rejected(.noShownStack(chain[depth].id)) }
            return removeRoutes(from: start, cause: .dismissal)
        }
    }

    /// The shown stack that begins with instance `id`, and the path index of its first route (the path's
    /// end for a stack without routes: a tab bar presented as a sheet or cover lists an entry of its own,
    /// with no routes, and a host may name it).
    private func shownStack(_ id: FlowInstanceID) -> (FlowStack, Int)? {
        guard currentStatus == .running, let depth = state.depth(of: id), state.chain[depth].stackDepth == depth
        else { return nil }
        // Speed: PERFORMANCE.md, "Round 14, the runtime step" (loops, not closures checked for the main actor);
        // "Round 16, rtcommit": only the stack asked for is built, not every shown one.
        for shape in StackShape.shapes(of: state.chain, at: 0, path: state.path, bundle: bundle, parentFlow: nil)
        where shape.id == id {
            guard let found = Self.stack(shape, of: state.path) else { continue }
            guard let first = found.routes.first else { return (found, state.path.count) }
            for start in state.path.indices where state.path[start].token == first.token { return (found, start) }
            return nil
        }
        return nil
    }

    /// Removes the routes of `stack` (whose first route is at path index `start`) above its first `keep`.
    /// A stack without routes (a presented tab bar's own entry) has none to remove: back on it with a count
    /// is refused before this (``FlowRuntimeError/backBeyondPath(count:length:)``), and its own (empty) routes are a no-op.
    private func removeFromStack(_ stack: FlowStack, keeping keep: Int, start: Int) -> StepResult {
        guard keep < stack.routes.count else { return .applied }
        // A tab's first route: refused, or its tab set's `backAtTabRoot` selects the first tab (``removeRoutes(from:cause:)``).
        return removeRoutes(from: start + keep)
    }

    /// The flow of the outermost full-screen cover that a removal of the routes from path index `keep` on
    /// would take while routes stay below it, if any: the person cannot dismiss a cover (nor reach the
    /// stacks under it), so back never removes one; its flow finishes. Removing every route stops the
    /// coordinator instead, covers included. A tab set's own layer (a sheet item) is judged by its own
    /// presentation: removing it keeps the tab set, and the cover that shows the tab set, in place.
    func coverRemoved(keeping keep: Int) -> String? {
        let path = state.path
        guard keep >= 0, keep < path.count else { return nil }
        // Every instance the cut does not keep goes whole (``LayerCut/keptInstances(cuttingAt:path:chain:)``).
        let chain = state.chain
        let removed = LayerCut.keptInstances(cuttingAt: keep, path: path, chain: chain)
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        for depth in removed..<max(removed, chain.count) where chain[depth].presentation == .cover {
            return bundle.flows[chain[depth].flow].name
        }
        return nil
    }

    /// A tab whose first route a removal takes, with its tab set's chain position.
    typealias TabAtRoot = (name: String, setDepth: Int)

    /// The tabs whose first route is the first route a removal of the routes from path index `keep` on would
    /// take while their tab flows stay, innermost first: a tab lives as long as its tab flow, so back never
    /// removes it alone. A tab flow shows no routes of its own, so the first route of a tab of an inner tab
    /// set (a page of Settings) is also the first route of the outer tab that runs that set: each of the
    /// sets is listed, and the innermost one's `backAtTabRoot` decides first (``backAtTabRoot(keeping:tabs:)``).
    /// Back to the empty path would stop the coordinator: with a tab set shown anywhere, the tabs of the
    /// path's first route (or else the outermost shown tab) are listed, and back never stops a tab-bar app.
    /// A cut that removes a tab set's own layer keeps that set (``LayerCut``) and is no stop: a tab bar
    /// presented as that layer goes whole, as any presented tab bar goes with its sheet, so its tabs are
    /// not listed; they are `going`, innermost first, for their sets' `backAtTabRoot` (a tab bar in a sheet
    /// selects its first tab before the sheet goes).
    func tabsRemoved(keeping keep: Int) -> (staying: [TabAtRoot], going: [TabAtRoot]) {
        let path = state.path
        guard keep >= 0, keep < path.count else { return ([], []) }
        let chain = state.chain
        // The tab sets that stay: those among the instances the cut keeps — at or below the new top route's
        // instance, and a tab set whose own layer the cut removes (so a tab bar presented as that layer goes
        // whole, as any sheet does) —; none when the cut empties the path and stops the coordinator.
        let staying = LayerCut.keptInstances(cuttingAt: keep, path: path, chain: chain)
        var tabs: [TabAtRoot] = []
        var going: [TabAtRoot] = []
        var depth = path[keep].depth
        // Only a route that begins its instance's routes can be a tab's first route.
        if path.routeRange(ofDepth: depth).lowerBound == keep {
            while depth > 0, chain[depth].presentation == .push {
                let parent = chain[depth - 1].flow
                if let declaration = chain[depth].declaration, !bundle.flows[parent].tabs.isEmpty,
                    bundle.flows[parent].stackTabIndex(ofChild: declaration) != nil
                {
                    let tab: TabAtRoot = (bundle.flows[parent].children[declaration].name, depth - 1)
                    if staying == 0 || depth - 1 < staying {
                        tabs.append(tab)
                    } else {
                        going.append(tab)
                    }
                }
                // Outward only while the instance below shows no routes of its own (a tab flow, a flow whose
                // start is a child): its first route is this one too.
                if !path.routeRange(ofDepth: depth - 1).isEmpty { break }
                depth -= 1
            }
        }
        // A cut that keeps a tab set whose own layer it removes leaves that set's selected tab shown: no stop.
        if tabs.isEmpty, staying == 0, let outermost = outermostShownTab() {
            tabs.append(outermost)
        }
        return (tabs, going)
    }

    /// The selected tab of the outermost tab set on the chain, if any, with the tab set's chain position (also
    /// while its own layer is over it: the tab stays selected under the layer).
    private func outermostShownTab() -> (name: String, setDepth: Int)? {
        let chain = state.chain
        for depth in chain.indices {
            guard let set = chain[depth].tabs else { continue }
            let graph = bundle.flows[chain[depth].flow]
            return (graph.children[graph.tabs[set.selected].child].name, depth)
        }
        return nil
    }
}
