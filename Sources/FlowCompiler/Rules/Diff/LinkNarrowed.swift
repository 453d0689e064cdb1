/// FC904 `link-narrowed`: a verdict of `flowc diff`.
/// Reported by FlowVersions (VersionFinding), as DiffCommand prints it.
struct LinkNarrowed: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC904",
        identifier: "link-narrowed",
        severity: .warning,
        summary: "some values of a deep link's placeholders no longer open it",
        explanation: """
            Some witness URLs of this old deep-link pattern open on the new flows and some do not: a \
            placeholder's constraint got stricter. The witness is a URL that no longer opens. Exit 1 under --strict.

            A finding of flowc diff (docs/RUNNING.md, "Comparing versions"), which explores every state the old flows \
            reach, restores each one's snapshot on the new version and opens every old deep link's witness URLs on \
            it. It is located at the new flow (or the new link's pattern) the witness reaches, and its note gives \
            the witness.
            """
    )
}
