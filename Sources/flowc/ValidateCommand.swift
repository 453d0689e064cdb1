import FlowCompiler
import FlowcCommandLine
import Foundation

/// `flowc validate PATH…`: checks flow files as one set and prints diagnostics.
enum ValidateCommand {
    static let usage = """
        USAGE: flowc validate [--format text|json|sarif|github|gitlab] [--strict] [--quiet] [--config FILE] PATH…

        Checks flow files (PATH is a file, a folder searched for *.yaml and *.yml, or - for standard
        input) as one set, so references cross files.

        OPTIONS:
          --format FORMAT   text (default; clang-style, on standard error, with a summary on standard
                            output), json, sarif (SARIF 2.1.0), github (workflow commands) or
                            gitlab (a GitLab Code Quality report); all but text go to standard
                            output. With GITHUB_ACTIONS=true and no --format, github is chosen; a
                            configuration's 'format' comes first.
        \(ConfigurationOption.help)
          --strict          Exit 1 on warnings too.
          --quiet           Text format: print diagnostics only, no summary.
          -h, --help        Show this help.

        EXIT CODES: 0 clean or warnings only, 1 errors (or warnings under --strict), 2 usage or I/O errors.
        """

    static func run(_ arguments: [String]) -> Int32 {
        var format = DiagnosticFormat.text
        let validated: ValidatedSources
        switch ValidatedSources.validate(
            arguments, usage: usage, valueOptions: ["--format", "--config"], flagOptions: ["--strict", "--quiet"],
            keeping: .diagnosed,
            checkConfiguration: { options, configuration in
                let configured = ConfigurationOption.settings(configuration, for: options.positional.first)?.format
                guard let chosen = DiagnosticFormat.chosen(by: options, configured: configured) else {
                    return ExitCode.usage
                }
                format = chosen
                guard !options.positional.isEmpty else {
                    Console.error(
                        "flowc: error: no paths given; name flow files or folders, such as 'flowc validate Flows'\n\n\(usage)"
                    )
                    return ExitCode.usage
                }
                return nil
            },
            report: { report($0.result, format: format, quiet: $0.options.has("--quiet")) }
        ) {
        case .proceed(let sources): validated = sources
        case .exit(let code): return code
        }
        let failing = validated.result.diagnostics.contains {
            $0.severity == .error || ($0.severity == .warning && validated.options.has("--strict"))
        }
        return failing ? ExitCode.findings : ExitCode.success
    }

    private static func report(_ result: ValidationResult, format: DiagnosticFormat, quiet: Bool) {
        format.print(
            result.diagnostics, sources: result.sourcesByPath,
            summary: quiet ? nil : ValidationSummary.text(for: result))
    }
}
