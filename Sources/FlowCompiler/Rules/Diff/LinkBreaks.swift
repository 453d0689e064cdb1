/// FC903 `link-breaks`: a verdict of `flowc diff`.
/// Reported by FlowVersions (VersionFinding), as DiffCommand prints it.
struct LinkBreaks: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC903",
        identifier: "link-breaks",
        severity: .error,
        summary: "a deep link the old flows open does not open on the new ones",
        explanation: """
            No witness URL of this old deep-link pattern opens on the new flows: links already shared stop \
            working. Keep the pattern, add it to the new link's 'aliases', or list it under 'acceptedBreaks'.

            A finding of flowc diff (docs/RUNNING.md, "Comparing versions"), which explores every state the old flows \
            reach, restores each one's snapshot on the new version and opens every old deep link's witness URLs on \
            it. It is located at the new flow (or the new link's pattern) the witness reaches, and its note gives \
            the witness.
            """
    )
}
