/// FC805 `finished-twice`: guarantee 5 of docs/RUNNING.md ("Guarantees") broken, found by `flowc check`.
/// Reported by FlowExplorer's GuaranteeChecks (Sources/FlowExplorer/Guarantee.swift states it), as CheckCommand
/// prints it.
struct FinishedTwice: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC805",
        identifier: "finished-twice",
        severity: .error,
        summary: "a flow was reported finished twice (guarantee 5: a flow finishes at most once)",
        explanation: ExplorationRuleText.guarantee
    )
}
