/// FC803 `cover-removed`: guarantee 3 of docs/RUNNING.md ("Guarantees") broken, found by `flowc check`.
/// Reported by FlowExplorer's GuaranteeChecks (Sources/FlowExplorer/Guarantee.swift states it), as CheckCommand
/// prints it.
struct CoverRemoved: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC803",
        identifier: "cover-removed",
        severity: .error,
        summary:
            "a full-screen cover left although its flow did not finish (guarantee 3: a cover leaves only when its flow finishes, or a link, restore or stop replaces it)",
        explanation: ExplorationRuleText.guarantee
    )
}
