/// FC814 `link-shown-again-changed`: guarantee 9 of docs/RUNNING.md ("Guarantees") broken, found by `flowc check`.
/// Reported by FlowExplorer's GuaranteeChecks (Sources/FlowExplorer/Guarantee.swift states it), as CheckCommand
/// prints it.
struct LinkShownAgainChanged: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC814",
        identifier: "link-shown-again-changed",
        severity: .error,
        summary:
            "a deep link equal to what its tab shows or keeps replaced, removed or asked about it (guarantee 9: a link equal to what is shown changes nothing)",
        explanation: ExplorationRuleText.guarantee
    )
}
