/// FC801 `refused-step-changed-state`: guarantee 1 of docs/RUNNING.md ("Guarantees") broken, found by `flowc check`.
/// Reported by FlowExplorer's GuaranteeChecks (Sources/FlowExplorer/Guarantee.swift states it), as CheckCommand
/// prints it.
struct RefusedStepChangedState: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC801",
        identifier: "refused-step-changed-state",
        severity: .error,
        summary:
            "a refused or stale step changed the state (guarantee 1: a step that is rejected or stale changes nothing)",
        explanation: ExplorationRuleText.guarantee
    )
}
