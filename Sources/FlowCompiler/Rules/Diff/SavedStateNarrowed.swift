/// FC902 `saved-state-narrowed`: a verdict of `flowc diff`.
/// Reported by FlowVersions (VersionFinding), as DiffCommand prints it.
struct SavedStateNarrowed: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC902",
        identifier: "saved-state-narrowed",
        severity: .warning,
        summary: "some argument values of a saved state no longer restore",
        explanation: """
            Some argument values of this shape of saved state restore on the new flows and some do not: a \
            constraint got stricter (values, bounds, a pattern or a type). The witness is a snapshot that no \
            longer restores. Exit 1 under --strict.

            A finding of flowc diff (docs/RUNNING.md, "Comparing versions"), which explores every state the old flows \
            reach, restores each one's snapshot on the new version and opens every old deep link's witness URLs on \
            it. It is located at the new flow (or the new link's pattern) the witness reaches, and its note gives \
            the witness.
            """
    )
}
