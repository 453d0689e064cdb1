import FlowModel

/// FC403 `unknown-outcome-handler`: a child declaration handles an outcome its flow does not declare.
struct UnknownOutcomeHandler: FlowRule {
    static let description = RuleDescription(
        code: "FC403",
        identifier: "unknown-outcome-handler",
        severity: .error,
        summary: "a child declaration handles an outcome its flow does not declare",
        explanation: """
            A child declaration's 'on' has one handler per outcome of the child flow. A handler for
            an outcome the child flow does not list under 'outcomes' never runs, and usually means a
            misspelling or an outcome that was renamed. The note points at the child flow's
            outcomes. Fix the name, or declare the outcome in the child flow.
            """,
        triggeringExamples: [
            """
            ---- reading.yaml ----
            flow: reading
            start: library
            screens:
              library: { on: { edit: { start: edit } } }
            children:
              edit: { flow: edit, on: { saved: stay, ↓discard: stay } }
            ---- edit.yaml ----
            flow: edit
            start: editor
            outcomes: [saved]
            screens:
              editor: { on: { save: { finish: saved } } }
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
              edit: { flow: edit, on: { saved: stay } }
            ---- edit.yaml ----
            flow: edit
            start: editor
            outcomes: [saved]
            screens:
              editor: { on: { save: { finish: saved } } }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            for child in flow.children {
                guard let childFlow = catalog.flow(of: child) else { continue }
                let declared = childFlow.outcomes.map(\.value)
                let declaredSet = Set(declared)
                for handler in child.handlers where !declaredSet.contains(handler.outcome.value) {
                    let outcome = handler.outcome.value
                    var message =
                        "child \(MessageText.name(child.name.value)) handles outcome \(MessageText.name(outcome)), which flow \(MessageText.name(childFlow.name.value)) does not declare"
                    let hint = NameSuggestion.hint(for: outcome, among: declared)
                    message +=
                        hint.isEmpty
                        ? (declared.isEmpty
                            ? "; the flow declares no outcomes" : "; remove the handler or declare the outcome")
                        : hint
                    let note =
                        childFlow.outcomes.first.map {
                            DiagnosticNote(
                                "flow \(MessageText.name(childFlow.name.value)) declares its outcomes here",
                                at: $0.location)
                        }
                        ?? DiagnosticNote(
                            "flow \(MessageText.name(childFlow.name.value)) is defined here",
                            at: childFlow.name.location)
                    diagnostics.append(Self.diagnostic(message, at: handler.outcome, notes: [note]))
                }
            }
        }
    }
}
