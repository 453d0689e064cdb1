/// FC802 `back-stopped-tab-bar`: guarantee 2 of docs/RUNNING.md ("Guarantees") broken, found by `flowc check`.
/// Reported by FlowExplorer's GuaranteeChecks (Sources/FlowExplorer/Guarantee.swift states it), as CheckCommand
/// prints it.
struct BackStoppedTabBar: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC802",
        identifier: "back-stopped-tab-bar",
        severity: .error,
        summary: "back stopped the coordinator while a tab set was shown (guarantee 2: back never stops it there)",
        explanation: ExplorationRuleText.guarantee
    )
}
