/// FC009 `invalid-encoding`: the file is not valid UTF-8.
/// Reported by `FlowFileReader.diagnostic(for:in:)` (Loading/FlowFileReader.swift) for FlowYAML's `.invalidEncoding` error (YAMLLoader.swift, EventParser.swift).
struct InvalidEncoding: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC009",
        identifier: "invalid-encoding",
        severity: .error,
        summary: "the file is not valid UTF-8",
        explanation: """
            Flow files must be UTF-8 (a UTF-8 byte-order mark is accepted). The reported position is the first byte that is not valid UTF-8; re-save the file as UTF-8.
            """,
        triggeringExamples: [

        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: café
            screens: { café: {} }
            """
        ]
    )
}
