/// FC813 `instance-removed-silently`: guarantee 8 of docs/RUNNING.md ("Guarantees") broken, found by `flowc check`.
/// Reported by FlowExplorer's GuaranteeChecks (Sources/FlowExplorer/Guarantee.swift states it), as CheckCommand
/// prints it.
struct InstanceRemovedSilently: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC813",
        identifier: "instance-removed-silently",
        severity: .error,
        summary:
            "an instance a step removed without finishing it was not reported as removed (guarantee 8: no instance leaves without a word)",
        explanation: ExplorationRuleText.guarantee
    )
}
