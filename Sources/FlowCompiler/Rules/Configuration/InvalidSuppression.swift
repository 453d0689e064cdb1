/// FC091 `invalid-suppression`: a `# flowc:disable` comment is malformed.
/// Reported by `SuppressionScanner.scan` (Configuration/Suppression.swift).
struct InvalidSuppression: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC091",
        identifier: "invalid-suppression",
        severity: .warning,
        summary: "an inline suppression names an unknown rule, one that cannot be suppressed, or no reason",
        explanation: """
            A suppression is written '# flowc:disable FC301 -- REASON' (several codes or rule identifiers may be separated by commas). Each name must be a rule 'flowc rules' lists; rules that read the file (FC0xx, FC1xx) and the suppression and configuration rules (FC09x) cannot be suppressed, since a file that cannot be read must never pass silently. The reason after '--' is required, so the next reader knows why the finding is accepted. The rules that were named correctly are still suppressed.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: home
            screens:
              home: {}
              # ↓flowc:disable FC301
              archive: {}
              # ↓flowc:disable FC999 -- typo
              old: {}
            """
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: home
            screens:
              home: {}
              # flowc:disable unreachable -- kept for the next release
              archive: {}
            """
        ]
    )
}
