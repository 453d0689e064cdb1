import FlowModel

/// FC371 `tab-started-as-child`: an action starts a tab, or a deep link passes a tab arguments.
struct TabStartedAsChild: FlowRule {
    static let description = RuleDescription(
        code: "FC371",
        identifier: "tab-started-as-child",
        severity: .error,
        summary: "an action starts or replaces the root with a tab, or a deep link passes a tab arguments",
        explanation: """
            A tab's flow lives as long as its tab flow: it is started, with the arguments its
            'tabs' entry gives, the first time the tab is selected, and kept while other tabs are
            selected. 'start: TAB' or 'replaceRoot: TAB' would start a second instance of it; use
            'select: TAB'. A deep link that names a tab selects it, so the tab's arguments are the
            declared ones and the link passes none.
            """,
        triggeringExamples: [
            """
            flow: home
            tabs: [feed, profile]
            start: feed
            children:
              feed:
                flow: feed
                on:
                  signedOut: { replaceRoot: ↓profile }
              profile: { flow: profile }
            links:
              "/profile/{id:int}": [{ ↓profile: { id: $id } }]
            \(TabExampleFiles.feedSigningOut)
            ---- profile.yaml ----
            flow: profile
            params: { id: { type: int, default: 0 } }
            start: me
            screens:
              me: {}
            """
        ],
        nonTriggeringExamples: [
            """
            flow: home
            tabs: [feed, profile]
            start: feed
            children:
              feed:
                flow: feed
                on:
                  signedOut: { select: profile }
              profile: { flow: profile }
            links:
              "/profile": [profile]
            \(TabExampleFiles.feedSigningOut)
            \(TabExampleFiles.profile)
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            // Only a tab flow can start its own tab.
            if flow.hasTabs {
                for (action, site) in catalog.navigation(of: flow).allActions where site != .start {
                    switch action.kind {
                    case .startChild(let target, _), .replaceRoot(let target, _):
                        guard flow.tab(named: target.value) != nil else { continue }
                        diagnostics.append(
                            Self.diagnostic(
                                "\(MessageText.name(target.value)) is a tab of flow \(MessageText.name(flow.name.value)): it lives as long as the tab bar and is selected, not started; use 'select: \(target.value)'",
                                at: target))
                    default:
                        continue
                    }
                }
            }
            for link in flow.links {
                for route in catalog.resolvedRoutes(of: link, in: flow) {
                    guard case .child(let child, _) = route.target, route.flow.tab(named: child.name.value) != nil,
                        !route.route.arguments.isEmpty
                    else { continue }
                    diagnostics.append(
                        Self.diagnostic(
                            "in link \(MessageText.name(link.pattern.value)), \(MessageText.name(child.name.value)) is a tab: the link selects it, and it keeps the arguments its 'tabs' entry gives; remove the arguments",
                            at: route.route.name))
                }
            }
        }
    }
}
