import FlowModel

extension FlowCoordinator {
    /// The person selected tab `name` (a host's `TabView(selection:)` reports it): the shown tab is kept
    /// with its stack and live children, and the selected one is shown again as it was, or started with its
    /// declared arguments the first time. Selecting the selected tab changes nothing.
    /// - Parameter tabSet: the tab flow instance; nil for the innermost shown tab set that has a tab `name`
    ///   (the innermost tab set shown when none has, so the refusal names it).
    /// - Returns: applied; stale with ``FlowRuntimeError/instanceNotAlive(_:)`` for a tab set that is gone; rejected
    ///   with ``FlowRuntimeError/noShownTabSet(_:)``, ``FlowRuntimeError/unknownInstance(_:)``,
    ///   ``FlowRuntimeError/noTabSet(flow:)``, ``FlowRuntimeError/unknownTab(flow:tab:)``,
    ///   ``FlowRuntimeError/tabBarCovered(flow:layer:)`` or the error of the tab flow's start.
    @discardableResult
    package func select(tab name: String, in tabSet: FlowInstanceID? = nil) -> StepResult {
        step { selectNow(tab: name, in: tabSet) }
    }

    private func selectNow(tab name: String, in tabSet: FlowInstanceID?) -> StepResult {
        guard currentStatus == .running else { return .rejected(.notRunning) }
        let chain = state.chain
        let depth: Int
        if let tabSet {
            guard let found = state.depth(of: tabSet), chain[found].tabs != nil else {
                return answer(for: tabSet, whenAlive: .noShownTabSet(tabSet))
            }
            depth = found
        } else {
            guard let innermost = chain.lastIndex(where: { $0.tabs != nil }) else {
                return .rejected(.noTabSet(flow: flowName))
            }
            // A tab bar's tab names can only be meant for the bar that has them: an outer bar's tab is found under an inner one.
            depth =
                chain[...innermost].lastIndex { $0.tabs != nil && bundle.tabIndex(named: name, inFlow: $0.flow) != nil }
                ?? innermost
        }
        // Read in place: `let graph = bundle.flows[…]` would copy the whole graph.
        let flow = chain[depth].flow
        guard let tab = bundle.tabIndex(named: name, inFlow: flow) else {
            return .rejected(.unknownTab(flow: bundle.flows[flow].name, tab: name))
        }
        var transition = Transition(context: context, state: makeEdit())
        do throws(FlowRuntimeError) {
            try transition.selectTab(tab, at: depth)
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        return commit(&transition)
    }
}
