/// FC812 `kept-tab-dropped-silently`: guarantee 7 of docs/RUNNING.md ("Guarantees") broken, found by `flowc check`.
/// Reported by FlowExplorer's GuaranteeChecks (Sources/FlowExplorer/Guarantee.swift states it), as CheckCommand
/// prints it.
struct KeptTabDroppedSilently: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC812",
        identifier: "kept-tab-dropped-silently",
        severity: .error,
        summary:
            "a kept tab left with its stack without being reported (guarantee 7: no stack is dropped without a word)",
        explanation: ExplorationRuleText.guarantee
    )
}
