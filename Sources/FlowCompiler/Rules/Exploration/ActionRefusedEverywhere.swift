/// FC807 `action-refused-everywhere`: what only exploration proves, found by `flowc check`.
/// Reported by FlowExplorer (ExplorationCode, ActionRefusals, ChildFinishing), as CheckCommand prints it.
struct ActionRefusedEverywhere: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC807",
        identifier: "action-refused-everywhere",
        severity: .warning,
        summary: "an event, or a child flow's outcome handler, is refused in every explored state that offers it",
        explanation: """
            The flows declare an action the runtime never takes: every explored state that shows the screen \
            refused the event sent from the route on screen, or refused the handler a parent runs when its \
            child finishes with the outcome (the child finished through a kept handle), with arguments that \
            meet every constraint and every host check true. Actions with a 'pattern' or an argument 'check' \
            are not counted. Reported at the event, or at the handler, with the first reason.
            """ + "\n\n" + ExplorationRuleText.warning
    )
}
