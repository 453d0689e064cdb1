/// FC107 `invalid-link-pattern`: a deep-link pattern is malformed.
/// Reported by `LinkPatternParser.parse` (Decoding/LinkPatternParser.swift), which `FlowDecoder.readLink` (FlowDecoder+Links.swift) calls.
struct InvalidLinkPattern: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC107",
        identifier: "invalid-link-pattern",
        severity: .error,
        summary: "a deep-link pattern is malformed",
        explanation: """
            A link pattern is a URL path: it starts with '/', its segments are separated by '/', and
            a placeholder fills a whole segment as '{name}' (a string) or '{name:type}' with type
            int, string, bool or double. Each placeholder name appears once.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a: {}
            links:
              "/items/{id:↓integer}": [a]
            """
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a: {}
            links:
              "/items": [a]
            """
        ]
    )
}
