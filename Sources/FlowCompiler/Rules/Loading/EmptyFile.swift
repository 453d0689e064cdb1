/// FC008 `empty-file`: a flow file holds no YAML document.
/// Reported by `FlowFileReader.diagnostic(for:in:)` (Loading/FlowFileReader.swift) for FlowYAML's `.emptyDocument` error (DocumentBuilder.swift), and by `FlowFileReader.readFlow` for a document with no content.
struct EmptyFile: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC008",
        identifier: "empty-file",
        severity: .error,
        summary: "a flow file holds no YAML document",
        explanation: """
            A file in the flow folder that is empty or holds only comments defines nothing, which is almost always a mistake (an unsaved editor buffer, a botched merge). Write a flow in it, starting with 'flow: NAME', or delete it.
            """,
        triggeringExamples: [
            """
            ↓# nothing here yet
            """
        ],
        nonTriggeringExamples: [
            """
            # a comment, then a flow
            flow: sample
            start: a
            screens: { a: {} }
            """
        ]
    )
}
