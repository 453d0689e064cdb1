import FlowDefinitions
import FlowModel

/// FC201 `duplicate-flow`: two files define flows with the same name.
struct DuplicateFlow: FlowRule {
    static let description = RuleDescription(
        code: "FC201",
        identifier: "duplicate-flow",
        severity: .error,
        summary: "two files define flows with the same name",
        explanation: """
            Flows reference each other by name across files, so each name may be defined once in a
            validation run. The diagnostic points at the later definition, with a note at the first.
            Rename one of the flows or delete the copy.
            """,
        triggeringExamples: [
            """
            ---- a.yaml ----
            flow: sample
            start: a
            screens: { a: {} }
            ---- b.yaml ----
            flow: ↓sample
            start: b
            screens: { b: {} }
            """
        ],
        nonTriggeringExamples: [
            """
            ---- a.yaml ----
            flow: sample
            start: a
            screens: { a: {} }
            ---- b.yaml ----
            flow: other
            start: b
            screens: { b: {} }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        var first: [String: FlowDefinition] = [:]
        for flow in catalog.flows {
            guard let earlier = first[flow.name.value] else {
                first[flow.name.value] = flow
                continue
            }
            diagnostics.append(
                Self.diagnostic(
                    "flow \(MessageText.name(flow.name.value)) is already defined; rename one of the two flows",
                    at: flow.name,
                    notes: [
                        DiagnosticNote(
                            "flow \(MessageText.name(flow.name.value)) first defined here", at: earlier.name.location)
                    ]))
        }
    }
}
