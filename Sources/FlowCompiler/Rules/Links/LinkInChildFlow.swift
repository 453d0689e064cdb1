import FlowModel

/// FC651 `link-in-child-flow`: a flow that runs as a child declares deep links, which the runtime never matches there.
struct LinkInChildFlow: FlowRule {
    static let description = RuleDescription(
        code: "FC651",
        identifier: "link-in-child-flow",
        severity: .warning,
        summary: "a flow that runs as a child declares deep links, which are matched only in a root flow",
        explanation: """
            The coordinator matches a URL against the links of its root flow only. A flow that another
            flow starts as a child runs under that root, so its own 'links' are never matched while it
            runs there (they are, if a host runs the flow as its root). Declare the link in the root
            flow, with a route list that starts the child (the routes after a child route address
            the child's screens).
            """,
        triggeringExamples: [
            """
            ---- app.yaml ----
            flow: app
            start: notes
            children:
              notes: { flow: notes }
            ---- notes.yaml ----
            flow: notes
            start: list
            screens:
              list: { on: { open: { params: { id: int }, push: note, with: { id: $id } } } }
              note: { params: { id: int } }
            links:
              ↓"/notes/{id:int}": [list, { note: { id: $id } }]
            """
        ],
        nonTriggeringExamples: [
            """
            ---- app.yaml ----
            flow: app
            start: notes
            children:
              notes: { flow: notes }
            links:
              "/notes/{id:int}": [notes, { note: { id: $id } }]
            ---- notes.yaml ----
            flow: notes
            start: list
            screens:
              list: { on: { open: { params: { id: int }, push: note, with: { id: $id } } } }
              note: { params: { id: int } }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows where !flow.links.isEmpty {
            guard let owner = catalog.owner(of: flow.name.value) else { continue }
            for link in flow.links {
                diagnostics.append(
                    Self.diagnostic(
                        "link \(MessageText.name(link.pattern.value)) of flow \(MessageText.name(flow.name.value)) is never matched while it runs as child \(MessageText.name(owner.declaration.name.value)) of flow \(MessageText.name(owner.parent.name.value)): the coordinator matches only its root flow's links; declare it in the root flow, with a route that starts the child",
                        at: link.pattern))
            }
        }
    }
}
