/// FC808 `action-refused-on-some-paths`: what only exploration proves, found by `flowc check`.
/// Reported by FlowExplorer (ExplorationCode, ActionRefusals, ChildFinishing), as CheckCommand prints it.
struct ActionRefusedOnSomePaths: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC808",
        identifier: "action-refused-on-some-paths",
        severity: .warning,
        summary: "an event, or a child flow's outcome handler, is taken in some explored states and refused in others",
        explanation: """
            The action works on some paths and not on others: an event sent from the route on screen, or \
            a parent's handler of a child's outcome, was taken in some explored states and refused in \
            others that show the same screen (for example a 'pop: 2' from a screen that is sometimes the \
            second route of its flow and sometimes the first), with arguments that meet every constraint \
            and every host check true. Reported at the event, or at the handler, with the shortest script \
            that ends in a refusal and the reason.
            """ + "\n\n" + ExplorationRuleText.warning
    )
}
