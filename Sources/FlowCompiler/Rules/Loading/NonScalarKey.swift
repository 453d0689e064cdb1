/// FC010 `non-scalar-key`: a mapping key is a sequence or a mapping.
/// Reported by `FlowFileReader.diagnostic(for:in:)` (Loading/FlowFileReader.swift) for FlowYAML's `.nonScalarKey` error (DocumentBuilder.swift).
struct NonScalarKey: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC010",
        identifier: "non-scalar-key",
        severity: .error,
        summary: "a mapping key is a sequence or a mapping",
        explanation: """
            Keys in flow files are names: screens, events, parameters and schema keys. YAML allows complex keys ('? [a, b]'), but nothing in the flow format can mean one. Use a plain name as the key.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              ↓[a, b]: {}
            """
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a: {}
            """
        ]
    )
}
