import FlowModel

/// FC304 `unused-flow`: a flow is started by no other flow and starts none.
struct UnusedFlow: FlowRule {
    static let description = RuleDescription(
        code: "FC304",
        identifier: "unused-flow",
        severity: .warning,
        summary: "a flow is started by no other flow and starts none",
        explanation: """
            In a validation run of several flows, every flow should take part in the app: either
            another flow runs it as a child, or it is a root that runs children of its own. A flow
            that does neither is usually left over or not yet wired in: declare it as a child of the
            flow that should start it, or remove it. A run of a single file is never reported, so a
            lone root flow can be validated on its own.
            """,
        triggeringExamples: [
            """
            ---- shop.yaml ----
            flow: shop
            start: catalog
            screens:
              catalog: { on: { buy: { start: checkout } } }
            children:
              checkout: { flow: checkout, on: { paid: stay } }
            ---- checkout.yaml ----
            flow: checkout
            start: cart
            outcomes: [paid]
            screens:
              cart: { on: { pay: { finish: paid } } }
            ---- settings.yaml ----
            flow: ↓settings
            start: overview
            screens:
              overview: {}
            """
        ],
        nonTriggeringExamples: [
            """
            flow: settings
            start: overview
            screens:
              overview: {}
            """,
            """
            ---- shop.yaml ----
            flow: shop
            start: catalog
            screens:
              catalog: { on: { buy: { start: checkout } } }
            children:
              checkout: { flow: checkout, on: { paid: stay } }
            ---- checkout.yaml ----
            flow: checkout
            start: cart
            outcomes: [paid]
            screens:
              cart: { on: { pay: { finish: paid } } }
            """,
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        guard catalog.uniqueFlows.count > 1 else { return }
        for flow in catalog.uniqueFlows where flow.children.isEmpty && catalog.childUses(of: flow.name.value).isEmpty {
            diagnostics.append(
                Self.diagnostic(
                    "flow \(MessageText.name(flow.name.value)) is started by no other flow and starts no child flow; declare it as a child of the flow that should start it, or remove it",
                    at: flow.name))
        }
    }
}
