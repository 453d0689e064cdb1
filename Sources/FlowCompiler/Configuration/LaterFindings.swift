extension ValidationResult {
    /// The findings of a stage that runs after the validation on the flows it validated (`flowc check`'s FC8xx,
    /// `flowc diff`'s FC9xx), with the settings the validation read: dropped where an inline suppression in
    /// the flows covers them, then each given its configured severity (or dropped, `off`), as the
    /// validation's own findings were; sorted for output.
    /// - Parameter reporter: the stage; `judgingUnused` (it looked everywhere: a complete exploration of every
    ///   root) adds an FC090 warning for each suppression of one of its codes that covered nothing.
    public func settling(
        _ diagnostics: [Diagnostic], reportedBy reporter: RuleReporter, configuration: FlowConfiguration?,
        judgingUnused: Bool
    ) -> [Diagnostic] {
        var settled = SuppressionFilter.apply(suppressions, to: diagnostics) { code in
            judgingUnused && RuleRegistry.rule(code: code)?.reporter == reporter
        }
        if let configuration { settled = configuration.applySeverities(to: settled) }
        return settled.sortedForOutput()
    }
}
