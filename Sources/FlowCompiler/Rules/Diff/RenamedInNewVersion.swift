/// FC905 `renamed`: a verdict of `flowc diff`.
/// Reported by FlowVersions (VersionFinding), as DiffCommand prints it.
struct RenamedInNewVersion: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC905",
        identifier: "renamed",
        severity: .note,
        summary: "a saved state or link survives through the declared renames",
        explanation: """
            Every witness restores (or opens) on the new flows after the declared renames ('formerly' names, \
            link 'aliases'). Nothing to fix: the note shows that the renames are complete.

            A finding of flowc diff (docs/RUNNING.md, "Comparing versions"), which explores every state the old flows \
            reach, restores each one's snapshot on the new version and opens every old deep link's witness URLs on \
            it. It is located at the new flow (or the new link's pattern) the witness reaches, and its note gives \
            the witness.
            """
    )
}
