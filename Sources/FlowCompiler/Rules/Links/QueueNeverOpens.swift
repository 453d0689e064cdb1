import FlowModel

/// FC654 `queue-never-opens`: a flow that never finishes declares `linkPolicy: queue`.
struct QueueNeverOpens: FlowRule {
    static let description = RuleDescription(
        code: "FC654",
        identifier: "queue-never-opens",
        severity: .warning,
        summary: "a flow that declares no outcomes queues links, which could never open",
        explanation: """
            'linkPolicy: queue' holds a link until the flow finishes. A flow that declares no outcomes is
            long-lived (a tab, an app's main flow): it never finishes, so a link it queued would wait
            forever. The coordinator refuses such a link instead (linkQueueNeverOpens), as 'reject'
            does. Write 'linkPolicy: reject' (or 'redirect'), or declare the outcomes the flow finishes with.
            """,
        triggeringExamples: [
            """
            ---- shop.yaml ----
            flow: shop
            tabs: [catalog]
            start: catalog
            children:
              catalog: { flow: catalog }
            ---- catalog.yaml ----
            flow: catalog
            start: list
            linkPolicy: ↓queue
            screens:
              list: {}
            """
        ],
        nonTriggeringExamples: [
            """
            flow: onboarding
            start: welcome
            outcomes: [completed]
            linkPolicy: queue
            screens:
              welcome: { on: { done: { finish: completed } } }
            """,
            """
            flow: catalog
            start: list
            linkPolicy: reject
            screens:
              list: {}
            """,
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows where flow.outcomes.isEmpty {
            guard let policy = flow.linkPolicy, policy.policy == .queue else { continue }
            diagnostics.append(
                Self.diagnostic(
                    "flow \(MessageText.name(flow.name.value)) queues deep links, but it declares no outcomes, so it never finishes and a queued link could never open; the coordinator refuses such links: write 'linkPolicy: reject', or declare the outcomes it finishes with",
                    at: policy.location))
        }
    }
}
