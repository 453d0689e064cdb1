/// FC810 `outcome-goes-nowhere`: what only exploration proves, found by `flowc check`.
/// Reported by FlowExplorer (ExplorationCode, ActionRefusals, ChildFinishing), as CheckCommand prints it.
struct OutcomeGoesNowhere: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC810",
        identifier: "outcome-goes-nowhere",
        severity: .warning,
        summary: "a child flow's outcome reaches no handler that runs: its handler is refused in every explored state",
        explanation: """
            Finishing the child with this outcome never reaches a handler that runs: in every explored \
            state that shows the child, finishing it with the outcome (through a kept handle, with \
            arguments that meet every constraint) was refused, so the data it carries goes nowhere. \
            Reported at the handler, with the first reason.
            """ + "\n\n" + ExplorationRuleText.warning
    )
}
