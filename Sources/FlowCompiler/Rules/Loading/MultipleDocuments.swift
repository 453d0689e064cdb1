/// FC007 `multiple-documents`: a file holds more than one YAML document.
/// Reported by `FlowFileReader.diagnostic(for:in:)` (Loading/FlowFileReader.swift) for FlowYAML's `.multipleDocuments` error (DocumentBuilder.swift).
struct MultipleDocuments: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC007",
        identifier: "multiple-documents",
        severity: .error,
        summary: "a file holds more than one YAML document",
        explanation: """
            Each flow file holds exactly one flow, so a second document (after '---') is an error rather than silently ignored. Move the second flow into a file of its own.
            """,
        triggeringExamples: [
            """
            flow: first
            start: a
            screens: { a: {} }
            ↓---
            flow: second
            start: b
            screens: { b: {} }
            """
        ],
        nonTriggeringExamples: [
            """
            ---
            flow: sample
            start: a
            screens: { a: {} }
            """
        ]
    )
}
