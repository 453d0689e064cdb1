/// FC811 `link-goes-nowhere`: what only exploration proves, found by `flowc check`.
/// Reported by FlowExplorer (ExplorationCode, ActionRefusals, ChildFinishing), as CheckCommand prints it.
struct LinkGoesNowhere: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC811",
        identifier: "link-goes-nowhere",
        severity: .warning,
        summary: "a deep link is refused in every explored state, before and after start",
        explanation: """
            The root flow declares a deep link that opens nowhere: opening it (placeholders filled with \
            witness values) was refused in every explored state, before start and after it, whatever the \
            host's answers. A refusal of the witness values themselves (a type, a constraint, a host check) \
            is not counted. Reported at the link's pattern, with the first reason.
            """ + "\n\n" + ExplorationRuleText.warning
    )
}
