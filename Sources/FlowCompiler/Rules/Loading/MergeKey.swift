/// FC012 `merge-key`: a YAML 1.1 merge key (`<<: *base`), which flowc does not support.
/// Reported by `FlowFileReader.diagnostic(for:in:)` (Loading/FlowFileReader.swift) for FlowYAML's `.mergeKey` error (DocumentBuilder.swift).
struct MergeKey: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC012",
        identifier: "merge-key",
        severity: .error,
        summary: "a merge key ('<<') is used; flowc does not merge mappings",
        explanation: """
            YAML 1.1's merge key ('<<: *base') copies the entries of another mapping into this one. flowc reads YAML 1.2's core schema, which has no merge keys, and does not guess which entries would win, so a plain '<<' key is an error rather than an unknown key. Write the entries out in the mapping; an alias can still stand for a whole value ('b: *base'). Quote '<<' if it really is a name.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a: &base { on: { next: { push: b } } }
              b:
                ↓<<: *base
            """
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a: &base { on: { next: { push: b } } }
              b: *base
            """
        ]
    )
}
