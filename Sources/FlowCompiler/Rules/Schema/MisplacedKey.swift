/// FC108 `misplaced-key`: a known key is used where it does not apply.
/// Reported by `FlowDecoder.readAction(_:node:context:)` (Decoding/FlowDecoder+Actions.swift), `readBound` and `readStringConstraints` (FlowDecoder+Parameters.swift) and `slippedOut` (FlowDecoder.swift).
struct MisplacedKey: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC108",
        identifier: "misplaced-key",
        severity: .error,
        summary: "a known key is used where it does not apply",
        explanation: """
            Some keys only make sense beside others: 'with' beside push, start, replaceRoot or to;
            'then' and 'else' beside 'if'; 'params' only on an event; 'min' and 'max' only on int
            and double parameters. Move the key where it applies or remove it.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a:
                on:
                  back: { pop: 1, ↓with: { id: 1 } }
            """
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a:
                on:
                  back: { pop: 1 }
            """
        ]
    )
}
