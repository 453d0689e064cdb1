import FlowModel

/// FC402 `unhandled-outcome`: a child declaration does not handle an outcome its flow declares.
struct UnhandledOutcome: FlowRule {
    static let description = RuleDescription(
        code: "FC402",
        identifier: "unhandled-outcome",
        severity: .error,
        summary: "a child declaration does not handle an outcome its flow declares",
        explanation: """
            When a child flow finishes, its parent runs the handler for the outcome under the child
            declaration's 'on'. An outcome without a handler would leave the parent with nothing to
            do at run time. flowc checks the contract across files: the diagnostic points at the
            child declaration in the parent's file, with a note at the outcome in the child flow's
            file. Add a handler ('OUTCOME: stay' when removing the child is enough).
            """,
        triggeringExamples: [
            """
            ---- reading.yaml ----
            flow: reading
            start: library
            screens:
              library: { on: { edit: { start: edit } } }
            children:
              ↓edit: { flow: edit, on: { saved: stay } }
            ---- edit.yaml ----
            flow: edit
            start: editor
            outcomes: [saved, discarded]
            screens:
              editor: { on: { save: { finish: saved }, cancel: { finish: discarded } } }
            """
        ],
        nonTriggeringExamples: [
            """
            ---- reading.yaml ----
            flow: reading
            start: library
            screens:
              library: { on: { edit: { start: edit } } }
            children:
              edit: { flow: edit, on: { saved: stay, discarded: { popTo: library } } }
            ---- edit.yaml ----
            flow: edit
            start: editor
            outcomes: [saved, discarded]
            screens:
              editor: { on: { save: { finish: saved }, cancel: { finish: discarded } } }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            for child in flow.children {
                guard let childFlow = catalog.flow(of: child) else { continue }
                let handled = Set(child.handlers.map(\.outcome.value))
                var seen = Set<String>()
                for outcome in childFlow.outcomes
                where !handled.contains(outcome.value) && seen.insert(outcome.value).inserted {
                    diagnostics.append(
                        Self.diagnostic(
                            "child \(MessageText.name(child.name.value)) does not handle outcome \(MessageText.name(outcome.value)) of flow \(MessageText.name(childFlow.name.value)); add '\(outcome.value): stay' or another action under its 'on'",
                            at: child.name,
                            notes: [
                                DiagnosticNote(
                                    "outcome \(MessageText.name(outcome.value)) declared here", at: outcome.location)
                            ]))
                }
            }
        }
    }
}
