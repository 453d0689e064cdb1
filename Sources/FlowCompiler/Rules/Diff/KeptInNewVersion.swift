/// FC906 `kept`: a verdict of `flowc diff`.
/// Reported by FlowVersions (VersionFinding), as DiffCommand prints it.
struct KeptInNewVersion: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC906",
        identifier: "kept",
        severity: .note,
        summary: "a saved state or link is kept as it is",
        explanation: """
            Every witness restores (or opens) on the new flows as it is. Nothing to fix.

            A finding of flowc diff (docs/RUNNING.md, "Comparing versions"), which explores every state the old flows \
            reach, restores each one's snapshot on the new version and opens every old deep link's witness URLs on \
            it. It is located at the new flow (or the new link's pattern) the witness reaches, and its note gives \
            the witness.
            """
    )
}
