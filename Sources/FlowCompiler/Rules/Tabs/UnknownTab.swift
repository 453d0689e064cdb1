import FlowModel

/// FC270 `unknown-tab`: a tab names no child declaration, or `select` names no tab of the tab set the
/// flow runs in.
struct UnknownTab: FlowRule {
    static let description = RuleDescription(
        code: "FC270",
        identifier: "unknown-tab",
        severity: .error,
        summary: "a tab names no child declaration, or 'select' names no tab of the flow's tab set",
        explanation: """
            Each entry of 'tabs' names a child declared under the flow's 'children': the flow that
            runs in the tab. 'select: TAB' selects a tab of the tab set the flow runs in: its own
            'tabs' when it declares them, otherwise the tab set of every flow that declares it as a
            tab; each of them must have TAB. A flow that is neither a tab flow nor a tab of one
            cannot select. Declare the child or the tab, or fix the spelling.
            """,
        triggeringExamples: [
            """
            flow: home
            tabs: [feed, ↓serch]
            start: feed
            children:
              feed: { flow: feed }
              search: { flow: feed }
            ---- feed.yaml ----
            flow: feed
            start: timeline
            screens:
              timeline:
                on:
                  showProfile: { select: ↓profile }
            """,
            """
            flow: reading
            start: library
            screens:
              library:
                on:
                  other: { select: ↓shelf }
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: home
            tabs: [feed, profile]
            start: feed
            children:
              feed: { flow: feed }
              profile: { flow: profile }
            ---- feed.yaml ----
            flow: feed
            start: timeline
            screens:
              timeline:
                on:
                  showProfile: { select: profile }
            \(TabExampleFiles.profile)
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            let navigation = catalog.navigation(of: flow)
            for tab in flow.tabs where navigation.childrenByName[tab.name.value] == nil {
                let suggestion = NameSuggestion.hint(for: tab.name.value, among: flow.children.lazy.map(\.name.value))
                diagnostics.append(
                    Self.diagnostic(
                        "tab \(MessageText.name(tab.name.value)) of flow \(MessageText.name(flow.name.value)) names no child declaration\(suggestion.isEmpty ? "; declare it under 'children:' with the flow that runs in the tab" : suggestion)",
                        at: tab.name))
            }
            let tabSets = catalog.tabSets(of: flow)
            for (action, _) in navigation.allActions {
                guard case .select(let tab) = action.kind else { continue }
                if tabSets.isEmpty {
                    diagnostics.append(
                        Self.diagnostic(
                            "flow \(MessageText.name(flow.name.value)) is neither a tab flow nor a tab of one, so 'select: \(tab.value)' has no tab set; declare 'tabs', or select from a flow that runs as a tab",
                            at: tab))
                    continue
                }
                for tabFlow in tabSets where tabFlow.tab(named: tab.value) == nil {
                    let suggestion = NameSuggestion.hint(for: tab.value, among: tabFlow.tabs.lazy.map(\.name.value))
                    let role =
                        tabFlow.name.value == flow.name.value
                        ? "its own tab set"
                        : "the tab set of flow \(MessageText.name(tabFlow.name.value)), which runs it as a tab"
                    diagnostics.append(
                        Self.diagnostic(
                            "'select: \(tab.value)' in flow \(MessageText.name(flow.name.value)) names no tab of \(role)\(suggestion)",
                            at: tab))
                }
            }
        }
    }
}
