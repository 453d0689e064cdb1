import FlowCompiler

/// The start `flowc validate`, `graph` and `links` share: scan the options, find the configuration,
/// validate the paths as one set, print the diagnostics.
package struct ValidatedSources {
    package let options: OptionScanner
    package let configuration: LoadedConfiguration?
    package let result: ValidationResult

    /// What a command does after its start.
    package enum Outcome {
        /// Go on with these sources; their diagnostics were printed.
        case proceed(ValidatedSources)
        /// Stop with this exit code (what went wrong, or the help, was printed).
        case exit(Int32)
    }

    /// In this order: scans `arguments` (`OptionScanner.scan`: help, or a usage error, stops there);
    /// `checkOptions`; loads the configuration (`ConfigurationOption.load`); `checkConfiguration`;
    /// validates the positional paths (`flowc: error: …` and exit 2 when they cannot be read); then
    /// `report`s the sources, by default with ``printText(_:)``. A check that returns an exit code
    /// has printed why, and stops there. `retention` chooses the files whose bytes the result keeps
    /// (`SourceRetention`): a command that shows no diagnostics but the validation's keeps only theirs.
    package static func validate(
        _ arguments: [String], usage: String, valueOptions: [String], flagOptions: [String] = [],
        keeping retention: SourceRetention = .all,
        checkOptions: (OptionScanner) -> Int32? = { _ in nil },
        checkConfiguration: (OptionScanner, LoadedConfiguration?) -> Int32? = { _, _ in nil },
        report: (ValidatedSources) -> Void = printText
    ) -> Outcome {
        let options: OptionScanner
        switch OptionScanner.scan(arguments, usage: usage, valueOptions: valueOptions, flagOptions: flagOptions) {
        case .proceed(let scanned): options = scanned
        case .exit(let code): return .exit(code)
        }
        if let code = checkOptions(options) { return .exit(code) }
        let configuration: LoadedConfiguration?
        switch ConfigurationOption.load(options) {
        case .proceed(let loaded): configuration = loaded
        case .exit(let code): return .exit(code)
        }
        if let code = checkConfiguration(options, configuration) { return .exit(code) }
        let result: ValidationResult
        do {
            result = try FlowValidation.validate(
                paths: options.positional, configuration: configuration, keeping: retention)
        } catch {
            Console.error("flowc: error: \(error)")
            return .exit(ExitCode.usage)
        }
        let validated = ValidatedSources(options: options, configuration: configuration, result: result)
        report(validated)
        return .proceed(validated)
    }

    /// The diagnostics as text (clang style, coloured on a terminal) on standard error.
    package static func printText(_ validated: ValidatedSources) {
        let renderer = TextDiagnosticRenderer(colored: Console.shouldColorStandardError())
        Console.error(
            renderer.render(validated.result.diagnostics, sources: validated.result.sourcesByPath), terminator: "")
    }
}
