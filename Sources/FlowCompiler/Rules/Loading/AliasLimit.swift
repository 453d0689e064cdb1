/// FC003 `alias-limit`: aliases expand the document beyond the node limit.
/// Reported by `FlowFileReader.diagnostic(for:in:)` (Loading/FlowFileReader.swift) for FlowYAML's `.aliasLimit` error (DocumentBuilder.swift).
struct AliasLimit: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC003",
        identifier: "alias-limit",
        severity: .error,
        summary: "aliases expand the document beyond the node limit",
        explanation: """
            Anchors and aliases are allowed, but each alias counts as a full copy of the node it names. A file that expands to more nodes than the limit (1,000,000 by default) or uses too many aliases is rejected before anything else reads it, so a small \"billion laughs\" file cannot exhaust memory or time. Use fewer aliases or split the file.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: a
            laughs:
              l1: &l1 [x, x, x, x, x, x, x, x, x]
              l2: &l2 [*l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1]
              l3: &l3 [*l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2]
              l4: &l4 [*l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3]
              l5: &l5 [*l4, *l4, *l4, *l4, *l4, *l4, *l4, *l4, *l4]
              l6: &l6 [*l5, *l5, *l5, *l5, *l5, *l5, *l5, *l5, *l5]
              l7: [↓*l6, *l6, *l6, *l6, *l6, *l6, *l6, *l6, *l6]
            """
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            screens:
              a: &empty {}
              b: *empty
            """
        ]
    )
}
