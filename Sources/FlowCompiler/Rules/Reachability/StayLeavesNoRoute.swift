import FlowModel

/// FC307 `stay-leaves-no-route`: a child shown as its flow's first route is handled with 'stay', which would leave the flow without a route.
struct StayLeavesNoRoute: FlowRule {
    static let description = RuleDescription(
        code: "FC307",
        identifier: "stay-leaves-no-route",
        severity: .error,
        summary:
            "a child shown as its flow's first route is handled with 'stay', which would leave the flow without a route",
        explanation: """
            When a child flow finishes, its routes are removed and the parent's handler runs. A
            child that 'start' or 'replaceRoot' shows is its parent's first route: the parent has no
            route of its own under it, so 'stay' would leave a live flow with an empty part of the
            path, and the runtime refuses that step (the child can then never finish). Handle the
            outcome with 'finish' (pass it up), 'replaceRoot' (show something else) or another
            action that shows a route.
            """,
        triggeringExamples: [
            """
            ---- main.yaml ----
            flow: main
            start: posts
            outcomes: [signedOut]
            children:
              posts:
                flow: posts
                on:
                  ↓signedOut: stay
            ---- posts.yaml ----
            flow: posts
            start: list
            outcomes: [signedOut]
            screens:
              list: { on: { signOut: { finish: signedOut } } }
            """
        ],
        nonTriggeringExamples: [
            """
            ---- main.yaml ----
            flow: main
            start: posts
            outcomes: [signedOut]
            children:
              posts:
                flow: posts
                on:
                  signedOut: { finish: signedOut }
            ---- posts.yaml ----
            flow: posts
            start: list
            outcomes: [signedOut]
            screens:
              list: { on: { signOut: { finish: signedOut } } }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            let navigation = catalog.navigation(of: flow)
            for name in navigation.firstRouteTargets {
                // A tab whose flow finishes is started afresh after its handler (FORMAT.md, "Tabs").
                guard let child = navigation.childrenByName[name], flow.tab(named: name) == nil else { continue }
                for handler in child.handlers where handler.action.alternatives.contains(where: { $0.kind == .stay }) {
                    diagnostics.append(
                        Self.diagnostic(
                            "child \(MessageText.name(child.name.value)) is the first route of flow \(MessageText.name(flow.name.value)), so 'stay' after \(MessageText.name(handler.outcome.value)) would leave the flow without a route and the runtime refuses it; use 'finish', 'replaceRoot' or an action that shows a route",
                            at: handler.outcome))
                }
            }
        }
    }
}
