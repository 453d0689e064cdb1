/// FC002 `duplicate-key`: a mapping has the same key twice.
/// Reported by `FlowFileReader.diagnostic(for:in:)` (Loading/FlowFileReader.swift) for FlowYAML's `.duplicateKey` error (DocumentBuilder.swift).
struct DuplicateKey: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC002",
        identifier: "duplicate-key",
        severity: .error,
        summary: "a mapping has the same key twice",
        explanation: """
            YAML parsers differ on which of two equal keys wins, so a repeated key silently loses data. flowc rejects it and points at both keys. Merge the two entries or rename one; two screens, children or events with the same name are duplicate keys too.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a: {}
              ↓a: {}
            """
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a: { on: { next: { push: b } } }
              b: {}
            """
        ]
    )
}
