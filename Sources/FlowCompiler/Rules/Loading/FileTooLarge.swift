/// FC005 `file-too-large`: the file is larger than the size limit.
/// Reported by `FlowFileReader.tooLarge(path:size:limit:)` (Loading/FlowFileReader.swift) for a file `FlowValidation` stopped reading at the limit, and by `FlowFileReader.diagnostic(for:in:)` for FlowYAML's `.fileTooLarge` error (YAMLLoader.swift, EventParser.swift).
struct FileTooLarge: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC005",
        identifier: "file-too-large",
        severity: .error,
        summary: "the file is larger than the size limit",
        explanation: """
            Flow files are read whole; files over the size limit (8 MiB by default) are rejected before parsing. A regular file is refused from its size before any byte is read; a pipe or device is read only to one byte past the limit. Split the flows into several files: flowc validates a folder as one set.
            """,
        triggeringExamples: [

        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            screens: { a: {} }
            """
        ]
    )
}
