/// Renders diagnostics as GitHub Actions workflow commands, which annotate the pull request:
///
///     ::error file=Flows/reading.yaml,line=12,col=15,endColumn=22,title=FC203 unknown-screen::unknown screen …
///
/// Property values and messages are escaped as the runner requires (`%`, CR, LF; and `:`/`,` in properties).
public enum GitHubDiagnosticRenderer {
    /// One workflow command per diagnostic, each ending in a newline.
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { diagnostic in
            let command =
                switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            var properties = [
                "file=\(escapeProperty(diagnostic.location.file))",
                "line=\(diagnostic.location.line)",
                "col=\(diagnostic.location.column)",
            ]
            if let end = diagnostic.endColumn { properties.append("endColumn=\(end)") }
            let identifier = RuleRegistry.rule(code: diagnostic.code)?.identifier ?? ""
            properties.append("title=\(escapeProperty("\(diagnostic.code) \(identifier)"))")
            var message = TerminalSafeText.escaped(diagnostic.message) + " [\(diagnostic.code)]"
            for note in diagnostic.notes {
                message += "\n\(note.location): note: \(TerminalSafeText.escaped(note.message))"
            }
            return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }.joined()
    }

    /// A workflow command's message: `%`, CR and LF percent-encoded.
    public static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: as `escapeData`, plus `:` and `,`.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
