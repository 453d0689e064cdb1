import FlowDefinitions
import FlowModel

/// FC370 `tab-flow-shape`: a flow with tabs declares screens, starts with something other than a tab,
/// or presents a tab as a sheet or cover.
struct TabFlowShape: FlowRule {
    static let description = RuleDescription(
        code: "FC370",
        identifier: "tab-flow-shape",
        severity: .error,
        summary: "a tab flow declares screens, starts with something other than a tab, or presents a tab",
        explanation: """
            A flow with 'tabs' is a tab bar: it shows nothing but its tabs, each a stack of its own.
            So it declares no screens (put them in a tab's flow), its 'start' names the initially
            selected tab (in every branch of a conditional start), and its tabs are not presented:
            a tab's declaration has no 'presentation' other than 'push'. Its other children may be
            presented as sheets or covers over the whole tab bar.
            """,
        triggeringExamples: [
            """
            flow: home
            tabs: [feed, profile]
            start:
              if: isNew
              then: ↓welcome
              else: feed
            conditions: [isNew]
            screens:
              ↓welcome: {}
            children:
              feed: { flow: feed }
              profile: { flow: feed, presentation: ↓sheet }
            \(TabExampleFiles.feed)
            """
        ],
        nonTriggeringExamples: [
            """
            flow: home
            tabs: [feed, profile]
            conditions: [isNew]
            start:
              if: isNew
              then: profile
              else: feed
            children:
              feed: { flow: feed }
              profile: { flow: feed }
            \(TabExampleFiles.feed)
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows where flow.hasTabs {
            let name = flow.name.value
            for screen in flow.screens {
                diagnostics.append(
                    Self.diagnostic(
                        "flow \(MessageText.name(name)) has tabs, so it shows only its tabs; move screen \(MessageText.name(screen.name.value)) into the flow of a tab",
                        at: screen.name))
            }
            var seen = Set<String>()
            let tabs = flow.tabs.map(\.name.value).filter { flow.child(named: $0) != nil && seen.insert($0).inserted }
            for target in catalog.navigation(of: flow).startTargets where !tabs.contains(target.value) {
                diagnostics.append(
                    Self.diagnostic(
                        "flow \(MessageText.name(name)) has tabs, so its start names the tab selected first, one of \(MessageText.englishList(tabs.map { "\(MessageText.name($0))" }, conjunction: "or")); \(MessageText.name(target.value)) is not a tab",
                        at: target))
            }
            for tab in flow.tabs {
                guard let child = flow.child(named: tab.name.value), let presentation = child.presentation,
                    presentation.value.isPresented
                else { continue }
                diagnostics.append(
                    Self.diagnostic(
                        "tab \(MessageText.name(tab.name.value)) of flow \(MessageText.name(name)) is presented as a \(presentation.value.rawValue); a tab keeps its own stack in the tab bar: remove 'presentation'",
                        at: Located(presentation.value.rawValue, at: presentation.location)))
            }
        }
    }
}
