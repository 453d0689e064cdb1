import FlowDefinitions
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
            runs in the tab. 'select: TAB' selects TAB in the nearest tab set that has it: the
            flow's own 'tabs', then the tab sets enclosing the flow (the tab it runs in, and the tab
            sets around that one); a sheet or cover hides the tab bars below it. In every use of
            the flow some enclosing tab set must have TAB. Declare the child or the tab, or fix
            the spelling. When the tab set that has TAB lies beyond a sheet or cover on the way up
            (the sheet shows a tab set, directly, as its flow's first route or inside one of its
            tabs), the message names it: finish the presented flow with an outcome whose handler
            selects TAB.
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
            // Built for the flow's first `select` of a tab it does not declare, over the flows that run it.
            var enclosing: EnclosingTabSets?
            let navigation = catalog.navigation(of: flow)
            for tab in flow.tabs where navigation.childrenByName[tab.name.value] == nil {
                let suggestion = NameSuggestion.hint(for: tab.name.value, among: flow.children.lazy.map(\.name.value))
                diagnostics.append(
                    Self.diagnostic(
                        "tab \(MessageText.name(tab.name.value)) of flow \(MessageText.name(flow.name.value)) names no child declaration\(suggestion.isEmpty ? "; declare it under 'children:' with the flow that runs in the tab" : suggestion)",
                        at: tab.name))
            }
            let actions = navigation.allActions
            for index in actions.selectIndices {
                guard case .select(let tab) = actions[index].action.kind, flow.tab(named: tab.value) == nil else {
                    continue
                }
                let sets = enclosing ?? EnclosingTabSets(of: flow, in: catalog)
                enclosing = sets
                guard let use = sets.useMissing(tab.value, from: flow, in: catalog) else {
                    if catalog.childUses(of: flow.name.value).isEmpty {
                        diagnostics.append(Self.unenclosed(tab, in: flow))
                    }
                    continue
                }
                diagnostics.append(Self.missing(tab, in: flow, use: use, catalog: catalog))
            }
        }
    }

    /// `select: TAB` in a root flow that has no tab `TAB` of its own.
    private static func unenclosed(_ tab: Located<String>, in flow: FlowDefinition) -> Diagnostic {
        guard flow.hasTabs else {
            return diagnostic(
                "flow \(MessageText.name(flow.name.value)) is neither a tab flow nor a tab of one, so 'select: \(tab.value)' has no tab set; declare 'tabs', or select from a flow that runs as a tab",
                at: tab)
        }
        let suggestion = NameSuggestion.hint(for: tab.value, among: flow.tabs.lazy.map(\.name.value))
        return diagnostic(
            "'select: \(tab.value)' in flow \(MessageText.name(flow.name.value)) names no tab of its own tab set\(suggestion)",
            at: tab)
    }

    /// `select: TAB` that no tab set enclosing the flow has, where `use` runs it.
    private static func missing(
        _ tab: Located<String>, in flow: FlowDefinition, use: FlowCatalog.ChildUse, catalog: FlowCatalog
    ) -> Diagnostic {
        let parent = use.parent
        let name = MessageText.name(flow.name.value)
        if use.declaration.presentationStyle.isPresented {
            return diagnostic(
                "'select: \(tab.value)' in flow \(name) reaches no tab set where flow \(MessageText.name(parent.name.value)) presents it as child \(MessageText.name(use.declaration.name.value)) (\(use.declaration.presentationStyle.rawValue)): a presented flow hides the tab bars below it; select from the tab, or dismiss first",
                at: tab)
        }
        // The tab may lie beyond a sheet or cover on the way up (a tab bar shown as a sheet, or a tab set
        // inside a tab, a pushed child or the first route of a presented flow): the search stopped at that
        // layer, which is what the author needs to know.
        let hidden = EnclosingTabSets.layers(hiding: tab.value, above: use, in: catalog).map { found in
            let crossed = found.layers.map { layer in
                "the \(layer.declaration.presentationStyle.rawValue) \(MessageText.name(layer.declaration.name.value)) that presents flow \(MessageText.name(layer.declaration.flow.value))"
            }
            let outermost = found.layers[found.layers.count - 1]
            let finish =
                found.layers.count == 1
                ? "finish it with an outcome whose handler in flow \(MessageText.name(outermost.parent.name.value)) selects \(MessageText.name(tab.value))"
                : "finish each with an outcome its parent passes on, up to a handler in flow \(MessageText.name(outermost.parent.name.value)) that selects \(MessageText.name(tab.value))"
            return
                "; \(MessageText.name(tab.value)) is a tab of flow \(MessageText.name(found.holder.name.value)), under \(crossed.joined(separator: " and under ")): a presented flow hides the tab bars below it; \(finish)"
        }
        if FlowCatalog.isTab(use.declaration, of: parent) {
            if let hidden {
                return diagnostic(
                    "'select: \(tab.value)' in flow \(name) names no tab of the tab set of flow \(MessageText.name(parent.name.value)), which runs it as a tab\(hidden)",
                    at: tab)
            }
            let suggestion = NameSuggestion.hint(for: tab.value, among: parent.tabs.lazy.map(\.name.value))
            return diagnostic(
                "'select: \(tab.value)' in flow \(name) names no tab of the tab set of flow \(MessageText.name(parent.name.value)), which runs it as a tab\(suggestion)",
                at: tab)
        }
        return diagnostic(
            "'select: \(tab.value)' in flow \(name) names no tab of any tab set enclosing it where flow \(MessageText.name(parent.name.value)) runs it as child \(MessageText.name(use.declaration.name.value))\(hidden ?? "; the nearest tab set that has the tab is selected, and none there has it")",
            at: tab)
    }
}
