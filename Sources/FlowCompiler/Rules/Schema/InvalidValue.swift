/// FC104 `invalid-value`: a value is not one of the allowed choices or not a valid number, boolean or reference.
/// Reported by `FlowDecoder.readEnumValue` and `readInteger` (Decoding/FlowDecoder+Nodes.swift) and by the readers in FlowDecoder+Tabs.swift, +Actions.swift, +Parameters.swift and +Links.swift.
struct InvalidValue: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC104",
        identifier: "invalid-value",
        severity: .error,
        summary: "a value is not one of the allowed choices or not a valid number, boolean or reference",
        explanation: """
            Types, removal policies and link policies come from fixed lists; numbers are read
            strictly (decimal digits, no leading zero, so 0123 is never an octal surprise) and
            booleans are exactly true or false (YAML 1.1's yes, no, on and off are plain text in
            flowc). The message names the accepted forms.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a:
                params: { count: ↓integer }
            """,
            """
            flow: sample
            start: a
            screens:
              a:
                params: { count: { type: int, min: ↓01 } }
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a:
                params: { count: { type: int, min: 1 } }
            """
        ]
    )
}
