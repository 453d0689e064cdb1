import FlowModel

extension FlowNavigation {
    /// The selected tab of `tabSet` typed by the generated tab enum of its flow (`SocialFlow.Tab`), and the
    /// person's tab tap, as a binding: `TabView(selection:)` with `.tag(SocialFlow.Tab.feed)`. Nil when
    /// `tabSet` is not a tab set of `Tab`'s flow. Its getter observes the selection only; its setter is
    /// ``selectTab(_:of:)``.
    ///
    /// ```swift
    /// if let selection = navigation.selection(binding: tabSet, as: SocialFlow.Tab.self) {
    ///     selection.wrappedValue = .search   // the person tapped the search tab: one selection step
    /// }
    /// ```
    public func selection<Tab: FlowTab>(binding tabSet: FlowTabSetModel, as type: Tab.Type = Tab.self)
        -> FlowBinding<Tab>?
    {
        guard tabSet.flow == Tab.tabFlow, let initial = Tab(rawValue: tabSet.selected) else { return nil }
        return FlowBinding(
            get: { Tab(rawValue: tabSet.selected) ?? initial }, set: { self.selectTab($0, of: tabSet) })
    }

    /// The person selected tab `tab` of tab set `tabSet`: one coordinator step, refused for a tab set of
    /// another flow (``FlowRuntimeError/unknownTab(flow:tab:)``); a refusal tells the observers of
    /// ``FlowTabSetModel/selected`` to read again, so the `TabView` shows the coordinator's selection.
    /// Selecting the selected tab changes nothing.
    ///
    /// ```swift
    /// navigation.selectTab(SocialFlow.Tab.search, of: tabSet)
    /// ```
    public func selectTab<Tab: FlowTab>(_ tab: Tab, of tabSet: FlowTabSetModel) {
        guard tabSet.flow == Tab.tabFlow else {
            return record(
                StepResult(.rejected, .unknownTab(flow: tabSet.flow, tab: "\(Tab.tabFlow).\(tab.rawValue)")),
                matches: false, restoring: tabSet.restoreSelection)
        }
        select(tab.rawValue, of: tabSet)
    }

    /// The person tapped the tab at `position` of tab set `tabSet` (``FlowTabSetModel/tabs`` order): what a
    /// UIKit `UITabBarController` reports. As ``selectTab(_:of:)``; a position outside the tabs is refused
    /// (``FlowRuntimeError/unknownTab(flow:tab:)``) and the selection restored.
    ///
    /// ```swift
    /// // UITabBarControllerDelegate: the coordinator decides, the bar shows its selection.
    /// func tabBarController(_ controller: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
    ///     navigation.selectTab(at: controller.viewControllers?.firstIndex(of: viewController) ?? -1, of: tabSet)
    ///     return false
    /// }
    /// ```
    public func selectTab(at position: Int, of tabSet: FlowTabSetModel) {
        guard tabSet.tabs.indices.contains(position) else {
            return record(
                StepResult(.rejected, .unknownTab(flow: tabSet.flow, tab: "#\(position)")), matches: false,
                restoring: tabSet.restoreSelection)
        }
        select(tabSet.tabs[position], of: tabSet)
    }

    /// Tab `name` of `tabSet` selected: one coordinator step; the selected tab is unchanged, and the
    /// getter returns the coordinator's, when it refuses (a refusal tells the observers of
    /// ``FlowTabSetModel/selected`` to read again).
    private func select(_ name: String, of tabSet: FlowTabSetModel) {
        guard tabSet.selected != name else { return }
        let result = coordinator.select(tab: name, in: tabSet.id)
        record(result, matches: tabSet.selected == name, restoring: tabSet.restoreSelection)
    }
}
