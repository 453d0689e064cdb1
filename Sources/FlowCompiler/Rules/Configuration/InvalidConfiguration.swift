/// FC095 `invalid-configuration`: the configuration file (`.flowc.yml`) has a problem.
/// Reported by `FlowConfigurationLoader`'s `Reader.report(_:at:)` (Configuration/FlowConfigurationLoader.swift).
struct InvalidConfiguration: DiagnosticRule {
    static let description = RuleDescription(
        code: "FC095",
        identifier: "invalid-configuration",
        severity: .error,
        summary: "the configuration file has an unknown key, a wrong value or a rule that cannot be changed",
        explanation: """
            flowc reads '.flowc.yml' (found from the working folder up, or named with '--config') with the same strict YAML reader as flow files. Its keys are 'include' and 'exclude' (lists of globs), 'rules' (rule code or identifier → error, warning or off) and 'format' (text, json, sarif or github); docs/CONFIG.md describes them. Rules that read files (FC0xx, FC1xx) and the configuration rules (FC09x other than FC090 and FC091) keep their severity. A broken configuration is an error, so CI never runs with half of it.
            """,
        nonTriggeringExamples: [
            """
            flow: sample
            start: home
            screens: { home: {} }
            """
        ]
    )
}
