import FlowDefinitions
import FlowModel

/// FC271 `duplicate-tab`: a flow lists the same tab twice.
struct DuplicateTab: FlowRule {
    static let description = RuleDescription(
        code: "FC271",
        identifier: "duplicate-tab",
        severity: .error,
        summary: "a flow lists the same tab twice",
        explanation: """
            A tab is named by its child declaration, and 'select' and deep links address tabs by
            name, so each tab is listed once. To show the same flow in two tabs, declare two
            children that run it.
            """,
        triggeringExamples: [
            """
            flow: home
            tabs: [feed, ↓feed]
            start: feed
            children:
              feed: { flow: feed }
            \(TabExampleFiles.feed)
            """
        ],
        nonTriggeringExamples: [
            """
            flow: home
            tabs: [feed, following]
            start: feed
            children:
              feed: { flow: feed }
              following: { flow: feed }
            \(TabExampleFiles.feed)
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            var first: [String: TabDefinition] = [:]
            for tab in flow.tabs {
                guard let earlier = first[tab.name.value] else {
                    first[tab.name.value] = tab
                    continue
                }
                diagnostics.append(
                    Self.diagnostic(
                        "tab \(MessageText.name(tab.name.value)) is listed twice in flow \(MessageText.name(flow.name.value)); list each tab once (declare another child to show the same flow in two tabs)",
                        at: tab.name,
                        notes: [
                            DiagnosticNote(
                                "\(MessageText.name(tab.name.value)) is first listed here", at: earlier.name.location)
                        ]))
            }
        }
    }
}
