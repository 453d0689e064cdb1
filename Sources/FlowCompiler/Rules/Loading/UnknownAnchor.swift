/// FC011 `unknown-anchor`: an alias names an anchor that is not defined before it.
/// Reported by `FlowFileReader.diagnostic(for:in:)` (Loading/FlowFileReader.swift) for FlowYAML's `.unknownAnchor` error (DocumentBuilder.swift).
struct UnknownAnchor: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC011",
        identifier: "unknown-anchor",
        severity: .error,
        summary: "an alias names an anchor that is not defined before it",
        explanation: """
            An alias ('*name') must refer to an anchor ('&name') defined earlier in the same file. Define the anchor first or fix the alias's spelling.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a: ↓*missing
            """
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a: &screen {}
              b: *screen
            """
        ]
    )
}
