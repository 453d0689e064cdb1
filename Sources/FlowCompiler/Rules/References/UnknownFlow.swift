import FlowModel

/// FC206 `unknown-flow`: a child declaration names a flow that no file defines.
struct UnknownFlow: FlowRule {
    static let description = RuleDescription(
        code: "FC206",
        identifier: "unknown-flow",
        severity: .error,
        summary: "a child declaration names a flow that no file defines",
        explanation: """
            A child declaration's 'flow' names a flow defined in any file of the validation run.
            Validate the folder that holds all flows together (flowc validate Flows), fix the
            spelling, or add the flow.
            """,
        triggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library: { on: { edit: { start: edit } } }
            children:
              edit: { flow: ↓editing }
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
              edit: { flow: editing, on: { done: stay } }
            ---- editing.yaml ----
            flow: editing
            start: editor
            outcomes: [done]
            screens:
              editor: { on: { save: { finish: done } } }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            // A flow whose file did not load is not unknown: the file's error is the one mistake.
            for child in flow.children
            where catalog.flow(named: child.flow.value) == nil && !catalog.unloaded.mayDeclare(child.flow.value) {
                diagnostics.append(
                    Self.diagnostic(
                        "unknown flow \(MessageText.name(child.flow.value)) for child \(MessageText.name(child.name.value))"
                            + NameSuggestion.hint(for: child.flow.value, among: catalog.flowNames),
                        at: child.flow))
            }
        }
    }
}
