import FlowModel

/// The tabs of one tab flow as a generated enum (`SocialFlow.Tab`: one case per tab, in display order,
/// with the `title:` and `icon:` the flow file gives it), so a misspelt tab does not compile:
/// `navigation.selectTab(.search, of: tabSet)`, `coordinator.select(SocialFlow.Tab.search)`.
public protocol FlowTab: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    /// The name of the tab flow that declares the tabs.
    static var tabFlow: String { get }
    /// The tab's label (`title:`, since format 1.2), or its name when the flow gives none.
    var title: String { get }
    /// The tab's icon (`icon:`, since format 1.2: an SF Symbols name or an asset name), if any.
    var icon: String? { get }
    /// Whether the tab is a tab-bar item that presents its child over the whole tab set (its declaration is
    /// a sheet or cover, since format 1.3) instead of a tab with a stack: selecting it presents, and the
    /// selection stays on the tab shown.
    var presents: Bool { get }
}

extension FlowTab {
    /// A tab with a stack of its own, unless the generated enum says otherwise.
    public var presents: Bool { false }
}

extension FlowCoordinator {
    /// The person selected tab `tab`: the shown tab is kept with its stack and live children, and the
    /// selected one is shown again as it was, or started with its declared arguments the first time.
    /// Selecting the selected tab changes nothing.
    /// - Parameters:
    ///   - tab: the tab, a case of the tab flow's generated enum.
    ///   - tabSet: the tab flow instance (``FlowTabSetModel/id``); nil for the innermost shown tab set of
    ///     `Tab`'s flow.
    /// - Returns: applied; rejected with ``FlowRuntimeError/noShownTabSet(_:)``,
    ///   ``FlowRuntimeError/unknownInstance(_:)``, ``FlowRuntimeError/noTabSet(flow:)``,
    ///   ``FlowRuntimeError/unknownTab(flow:tab:)`` (a tab set of another flow than `Tab`'s),
    ///   ``FlowRuntimeError/tabBarCovered(flow:layer:)`` or the error of the tab's start.
    @discardableResult
    public func select<Tab: FlowTab>(_ tab: Tab, in tabSet: FlowInstanceID? = nil) -> StepResult {
        if let tabSet {
            if let set = tabSetModelIfShown(tabSet), set != Tab.tabFlow {
                return StepResult(.rejected, .unknownTab(flow: set, tab: "\(Tab.tabFlow).\(tab.rawValue)"))
            }
            return select(tab: tab.rawValue, in: tabSet)
        }
        guard let innermost = state.chain.last(where: { bundle.flows[$0.flow].name == Tab.tabFlow && $0.tabs != nil })
        else {
            return StepResult(.rejected, .noTabSet(flow: flowName))
        }
        return select(tab: tab.rawValue, in: innermost.id)
    }

    /// The flow name of the shown tab set run by instance `id`, if any.
    private func tabSetModelIfShown(_ id: FlowInstanceID) -> String? {
        guard let depth = state.depth(of: id), state.chain[depth].tabs != nil else { return nil }
        return bundle.flows[state.chain[depth].flow].name
    }
}
