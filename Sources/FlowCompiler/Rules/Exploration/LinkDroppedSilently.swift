/// FC804 `link-dropped-silently`: guarantee 4 of docs/RUNNING.md ("Guarantees") broken, found by `flowc check`.
/// Reported by FlowExplorer's GuaranteeChecks (Sources/FlowExplorer/Guarantee.swift states it), as CheckCommand
/// prints it.
struct LinkDroppedSilently: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC804",
        identifier: "link-dropped-silently",
        severity: .error,
        summary:
            "a held deep link left the state without being reported (guarantee 4: no deep link is dropped without a word)",
        explanation: ExplorationRuleText.guarantee
    )
}
