/// FC004 `depth-limit`: the file nests deeper than the depth limit.
/// Reported by `FlowFileReader.diagnostic(for:in:)` (Loading/FlowFileReader.swift) for FlowYAML's `.depthLimit` error (DocumentBuilder.swift).
struct DepthLimit: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC004",
        identifier: "depth-limit",
        severity: .error,
        summary: "the file nests deeper than the depth limit",
        explanation: """
            Nesting is limited (64 levels by default) because libyaml 0.2.5 has no limit of its own and deeply nested input would otherwise cost unbounded stack and time. Flow files never need more than a dozen levels: flatten the structure.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: a
            screens: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[↓[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]
            """
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a: { on: { next: { if: c, then: { if: c, then: { push: a }, else: { push: a } }, else: { push: a } } } }
            conditions: [c]
            """
        ]
    )
}
