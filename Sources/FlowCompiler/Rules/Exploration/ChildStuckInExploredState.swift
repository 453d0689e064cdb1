/// FC809 `child-stuck-in-explored-state`: what only exploration proves, found by `flowc check`.
/// Reported by FlowExplorer (ExplorationCode, ActionRefusals, ChildFinishing), as CheckCommand prints it.
struct ChildStuckInExploredState: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC809",
        identifier: "child-stuck-in-explored-state",
        severity: .warning,
        summary: "a child flow cannot finish from a state the coordinator reaches",
        explanation: """
            A child flow instance is shown in a reachable state from which no sequence of steps finishes \
            it: no event, back, dismissal, tab selection, confirmation or host answer leads to a step that \
            finishes it with one of its outcomes (the host finishing it through a handle, stop, deep links \
            and restore are not counted). Its parent's handlers can then never run from there. Reported \
            at the child declaration, with a script that reaches the state. Only complete explorations \
            report it; tab flows and flows that declare no outcomes are not counted.
            """ + "\n\n" + ExplorationRuleText.warning
    )
}
