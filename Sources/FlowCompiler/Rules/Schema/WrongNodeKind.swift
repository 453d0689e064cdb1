/// FC103 `wrong-node-kind`: a value is a scalar, sequence or mapping where another kind is expected.
/// Reported by `FlowDecoder.readScalar`, `readSequence` and `readMapping` (Decoding/FlowDecoder+Nodes.swift) and `readAction(_:context:)` (FlowDecoder+Actions.swift).
struct WrongNodeKind: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC103",
        identifier: "wrong-node-kind",
        severity: .error,
        summary: "a value is a scalar, sequence or mapping where another kind is expected",
        explanation: """
            Each key expects one kind of value: 'screens' a mapping of screens, 'outcomes' a
            sequence of names, 'push' a screen name. The message says what was expected and what was
            found; rewrite the value in the expected form.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: a
            outcomes: ↓done
            screens:
              a: {}
            """
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            outcomes: [done]
            screens:
              a: { on: { ok: { finish: done } } }
            """
        ]
    )
}
