import FlowModel

/// FC652 `queued-link-reopens-flow`: a link starts a flow whose `queue` policy would hold that very link.
struct QueuedLinkReopensFlow: FlowRule {
    static let description = RuleDescription(
        code: "FC652",
        identifier: "queued-link-reopens-flow",
        severity: .warning,
        summary: "a link starts a flow whose 'queue' policy would hold it, so it reopens that flow after it finishes",
        explanation: """
            A flow with 'linkPolicy: queue' (onboarding, say) holds a link that arrives while it (or a
            descendant without a policy of its own) is shown, and opens it when it finishes. A link
            whose routes start that same flow then builds it again from its start: the person goes
            through it twice. Point the link past the flow, or guard the link with 'when:' and
            'otherwise:' instead.
            """,
        triggeringExamples: [
            """
            ---- app.yaml ----
            flow: app
            start: home
            screens:
              home: { on: { tour: { start: onboarding } } }
            children:
              onboarding: { flow: onboarding, on: { completed: stay } }
            links:
              "/tour": [home, ↓onboarding]
            ---- onboarding.yaml ----
            flow: onboarding
            start: welcome
            outcomes: [completed]
            linkPolicy: queue
            screens:
              welcome: { on: { done: { finish: completed } } }
            """
        ],
        nonTriggeringExamples: [
            """
            ---- app.yaml ----
            flow: app
            start: home
            screens:
              home: { on: { tour: { start: onboarding }, open: { push: settings } } }
              settings: {}
            children:
              onboarding: { flow: onboarding, on: { completed: stay } }
            links:
              "/settings": [home, settings]
            ---- onboarding.yaml ----
            flow: onboarding
            start: welcome
            outcomes: [completed]
            linkPolicy: queue
            screens:
              welcome: { on: { done: { finish: completed } } }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows where !flow.links.isEmpty {
            for link in flow.links {
                for route in catalog.resolvedRoutes(of: link, in: flow) {
                    guard case .child(let child, let childFlow?) = route.target, childFlow.linkPolicy?.policy == .queue
                    else { continue }
                    diagnostics.append(
                        Self.diagnostic(
                            "link \(MessageText.name(link.pattern.value)) starts child \(MessageText.name(child.name.value)), whose flow \(MessageText.name(childFlow.name.value)) queues links until it finishes: this link, arriving while it is shown, would open it again after it finishes",
                            at: route.route.name))
                }
            }
        }
    }
}
