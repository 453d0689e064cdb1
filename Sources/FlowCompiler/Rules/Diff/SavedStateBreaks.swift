/// FC901 `saved-state-breaks`: a verdict of `flowc diff`.
/// Reported by FlowVersions (VersionFinding), as DiffCommand prints it.
struct SavedStateBreaks: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC901",
        identifier: "saved-state-breaks",
        severity: .error,
        summary: "a saved state the old flows allow does not restore on the new ones",
        explanation: """
            No snapshot of this shape of saved state (its flows, child declarations and screens) restores on the \
            new flows: an app updated to them loses the person's place. Declare the old names with 'formerly', \
            keep the screen, or list the shape under 'acceptedBreaks' in .flowc.yml when the break is meant.

            A finding of flowc diff (docs/RUNNING.md, "Comparing versions"), which explores every state the old flows \
            reach, restores each one's snapshot on the new version and opens every old deep link's witness URLs on \
            it. It is located at the new flow (or the new link's pattern) the witness reaches, and its note gives \
            the witness.
            """
    )
}
