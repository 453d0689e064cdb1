/// FC001 `yaml-syntax`: the file is not well-formed YAML.
/// Reported by `FlowFileReader.diagnostic(for:in:)` (Loading/FlowFileReader.swift) for FlowYAML's `.syntax` error (EventParser.swift).
struct YAMLSyntaxError: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC001",
        identifier: "yaml-syntax",
        severity: .error,
        summary: "the file is not well-formed YAML",
        explanation: """
            The YAML parser (libyaml) could not read the file. The message repeats libyaml's problem and, in a note, the construct it was reading when it failed. Common causes are a missing ':' after a key, a tab used for indentation (YAML allows only spaces), and unbalanced brackets or quotes. Fix the text at the reported line and column.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a: { on: ↓] }
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
