/// FC006 `unsupported-tag`: a node carries an explicit tag flowc does not accept.
/// Reported by `FlowFileReader.diagnostic(for:in:)` (Loading/FlowFileReader.swift) for FlowYAML's `.unsupportedTag` error (DocumentBuilder.swift).
struct UnsupportedTag: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC006",
        identifier: "unsupported-tag",
        severity: .error,
        summary: "a node carries an explicit tag flowc does not accept",
        explanation: """
            Application tags such as '!include' or '!ruby/object' would make a flow file mean different things to different tools, so only the YAML core tags (!!str, !!int, !!float, !!bool, !!null, !!seq, !!map) are accepted, and even these do not change how flowc reads a value: every scalar is read as text and typed by the flow schema. Remove the tag.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: ↓!include a
            """
        ],
        nonTriggeringExamples: [
            """
            flow: !!str sample
            start: a
            screens: { a: {} }
            """
        ]
    )
}
