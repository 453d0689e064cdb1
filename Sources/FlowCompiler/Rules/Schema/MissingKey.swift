/// FC102 `missing-key`: a required key is missing.
/// Reported by `FlowDecoder.readMapping(_:as:keys:required:allowEmpty:)` (Decoding/FlowDecoder+Nodes.swift), `readAction(_:node:context:)` (FlowDecoder+Actions.swift) and `readLinks` (FlowDecoder+Links.swift).
struct MissingKey: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC102",
        identifier: "missing-key",
        severity: .error,
        summary: "a required key is missing",
        explanation: """
            Some keys are required: a flow needs 'flow' and 'start', a child declaration needs
            'flow', a parameter written as a mapping needs 'type', an event needs an action, and
            'if' needs both 'then' and 'else'. Add the key named in the message.
            """,
        triggeringExamples: [
            """
            ↓flow: sample
            screens:
              a: {}
            """,
            """
            flow: sample
            start: a
            screens:
              a:
                on:
                  next: ↓{ params: { id: int } }
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a:
                on:
                  next: { params: { id: int }, pop: 1 }
            """
        ]
    )
}
