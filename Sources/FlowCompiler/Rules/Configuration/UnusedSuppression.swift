/// FC090 `unused-suppression`: a `# flowc:disable` comment suppresses nothing.
/// Reported by `SuppressionFilter.apply(_:to:)` (Configuration/SuppressionFilter.swift).
struct UnusedSuppression: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC090",
        identifier: "unused-suppression",
        severity: .warning,
        summary: "an inline suppression suppresses nothing",
        explanation: """
            '# flowc:disable CODE -- REASON' hides the findings of CODE on the line or declaration below it (docs/CONFIG.md). When nothing there triggers CODE any more, the comment only misleads, and it would hide a new finding later: remove it.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: home
            screens:
              # ↓flowc:disable FC301 -- kept for the next release
              home: {}
            """
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: home
            screens:
              home: {}
              # flowc:disable FC301 -- kept for the next release
              archive: {}
            """
        ]
    )
}
