/// FC106 `invalid-name`: a name is not an identifier.
/// Reported by `FlowDecoder.readName(_:as:)` (Decoding/FlowDecoder+Nodes.swift).
struct InvalidName: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC106",
        identifier: "invalid-name",
        severity: .error,
        summary: "a name is not an identifier",
        explanation: """
            Names of flows, screens, children, events, parameters, outcomes and conditions are
            identifiers: letters, digits and '_', starting with a letter or '_'. They are referenced
            as '$name' and used by hosts as keys, so spaces, dashes and empty names are rejected.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a: {}
              ↓book-details: {}
            """
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a: {}
              bookDetails: {}
            """
        ]
    )
}
