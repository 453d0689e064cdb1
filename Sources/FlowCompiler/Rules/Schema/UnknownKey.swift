/// FC101 `unknown-key`: a mapping has a key the flow format does not define.
/// Reported by `FlowDecoder.readMapping(_:as:keys:required:allowEmpty:)` (Decoding/FlowDecoder+Nodes.swift).
struct UnknownKey: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC101",
        identifier: "unknown-key",
        severity: .error,
        summary: "a mapping has a key the flow format does not define",
        explanation: """
            Every mapping in a flow file has a fixed set of keys (docs/FORMAT.md lists them). An
            unknown key is usually a typo, and ignoring it would silently drop what the author
            meant, so it is an error with a suggestion of the nearest known key.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: a
            ↓screen:
              a: {}
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
