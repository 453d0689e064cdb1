import FlowCompiler
import FlowcCommandLine

/// The output formats of diagnostics (`--format`), shared by `flowc validate` and `flowc diff`.
enum DiagnosticFormat: String, CaseIterable {
    case text, json, sarif, github, gitlab

    /// `text, json, sarif, github or gitlab`, for usage errors.
    static let names = "text, json, sarif, github or gitlab"

    /// Prints `diagnostics` in this format: text (clang style) on standard error, with `summary` (when not
    /// nil) on standard output; every other format on standard output, whole.
    /// - Parameter sources: the bytes of each file by path, for the text format's source lines.
    func print(_ diagnostics: [Diagnostic], sources: [String: [UInt8]], summary: String?) {
        switch self {
        case .text:
            let renderer = TextDiagnosticRenderer(colored: Console.shouldColorStandardError())
            Console.error(renderer.render(diagnostics, sources: sources), terminator: "")
            if let summary { Console.output(summary) }
        case .json:
            Console.output(JSONDiagnosticRenderer.render(diagnostics), terminator: "")
        case .sarif:
            Console.output(SARIFDiagnosticRenderer.render(diagnostics, version: FlowcCommand.version), terminator: "")
        case .github:
            Console.output(GitHubDiagnosticRenderer.render(diagnostics), terminator: "")
        case .gitlab:
            Console.output(GitLabCodeQualityRenderer.render(diagnostics), terminator: "")
        }
    }
}
