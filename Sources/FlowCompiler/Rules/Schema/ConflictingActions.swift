/// FC105 `conflicting-actions`: an event or handler names more than one action.
/// Reported by `FlowDecoder.readAction(_:node:context:)` (Decoding/FlowDecoder+Actions.swift).
struct ConflictingActions: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC105",
        identifier: "conflicting-actions",
        severity: .error,
        summary: "an event or handler names more than one action",
        explanation: """
            An action does exactly one thing: push, start, pop, popTo, replaceRoot, finish or if.
            Two action keys in one mapping leave it unclear which runs. Keep one; to choose between
            two actions at run time use 'if' with a declared host condition.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: a
            outcomes: [done]
            screens:
              a:
                on:
                  next: { push: a, ↓finish: done }
            """
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            outcomes: [done]
            screens:
              a:
                on:
                  next: { finish: done }
            """
        ]
    )
}
