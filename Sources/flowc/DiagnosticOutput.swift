import FlowCompiler
import FlowcCommandLine
import Foundation

/// The output formats of diagnostics (`--format`), shared by `flowc validate` and `flowc diff`.
enum DiagnosticFormat: String, CaseIterable {
    case text, json, sarif, github, gitlab

    /// `text, json, sarif, github or gitlab`, for usage errors.
    static let names = "text, json, sarif, github or gitlab"

    /// The format `--format` names, else `configured` (a configuration's `format`), else `github` under GitHub
    /// Actions (`GITHUB_ACTIONS=true`), else `text`; nil, with the usage error printed, for an unknown name.
    static func chosen(by options: OptionScanner, configured: String? = nil) -> DiagnosticFormat? {
        let name =
            options.value("--format") ?? configured
            ?? (ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" ? "github" : "text")
        guard let format = DiagnosticFormat(rawValue: name) else {
            Console.error("flowc: error: unknown format '\(name)'; expected \(names)")
            return nil
        }
        return format
    }

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
