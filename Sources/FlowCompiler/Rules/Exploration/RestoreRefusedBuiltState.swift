/// FC806 `restore-refused-built-state`: guarantee 6 of docs/RUNNING.md ("Guarantees") broken, found by `flowc check`.
/// Reported by FlowExplorer's GuaranteeChecks (Sources/FlowExplorer/Guarantee.swift states it), as CheckCommand
/// prints it.
struct RestoreRefusedBuiltState: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC806",
        identifier: "restore-refused-built-state",
        severity: .error,
        summary: "restore refused a state steps built (guarantee 6: restore accepts every state steps build)",
        explanation: ExplorationRuleText.guarantee
    )
}
