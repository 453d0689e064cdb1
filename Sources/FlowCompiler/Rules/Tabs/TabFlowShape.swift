import FlowDefinitions
import FlowModel

/// FC370 `tab-flow-shape`: a flow with tabs declares screens, or starts with something other than a tab with
/// a stack of its own.
struct TabFlowShape: FlowRule {
    static let description = RuleDescription(
        code: "FC370",
        identifier: "tab-flow-shape",
        severity: .error,
        summary: "a tab flow declares screens or starts with something other than a tab",
        explanation: """
            A flow with 'tabs' is a tab bar: it shows nothing but its tabs, each a stack of its own.
            So it declares no screens (put them in a tab's flow), and its 'start' names the initially
            selected tab (in every branch of a conditional start). Since format 1.3 a tab whose
            declaration is presented ('presentation: sheet' or 'cover') is a tab-bar item that presents
            its child over the whole tab set, such as a compose button: it is never selected, so 'start'
            does not name it. The tab flow's other children may be presented over the whole tab bar too.
            """,
        triggeringExamples: [
            """
            flow: home
            tabs: [feed, profile]
            start:
              if: isNew
              then: ↓welcome
              else: ↓profile
            conditions: [isNew]
            screens:
              ↓welcome: {}
            children:
              feed: { flow: feed }
              profile: { flow: feed, presentation: sheet }
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
            let named = flow.tabs.map(\.name.value).filter { flow.child(named: $0) != nil && seen.insert($0).inserted }
            let tabs = named.filter { flow.child(named: $0)?.presentationStyle.isPresented != true }
            for target in catalog.navigation(of: flow).startTargets where !tabs.contains(target.value) {
                let choice =
                    "flow \(MessageText.name(name)) has tabs, so its start names the tab selected first, one of \(MessageText.englishList(tabs.map { "\(MessageText.name($0))" }, conjunction: "or"))"
                let why =
                    named.contains(target.value)
                    ? "\(MessageText.name(target.value)) is a tab-bar item that presents over the tab set, never selected"
                    : "\(MessageText.name(target.value)) is not a tab"
                diagnostics.append(Self.diagnostic("\(choice); \(why)", at: target))
            }
        }
    }
}
