import FlowDefinitions
import FlowModel

/// Renders diagnostics the way clang and the Swift compiler do, which editors, Xcode and CI
/// problem matchers parse:
///
///     Flows/reading.yaml:12:15: error: unknown screen 'detials' in flow 'reading'; did you mean 'details'? [FC203]
///             push: detials
///                   ^~~~~~~
///     Flows/reading.yaml:20:3: note: screen 'details' declared here
public struct TextDiagnosticRenderer: Sendable {
    /// Whether to use ANSI colours (decide with `TerminalStyle.shouldColor`).
    public var colored: Bool
    /// Whether to print the source line and caret under each diagnostic and note.
    public var showsSource: Bool

    public init(colored: Bool = false, showsSource: Bool = true) {
        self.colored = colored
        self.showsSource = showsSource
    }

    /// The text for `diagnostics`, one block each, every line ending in a newline.
    /// - Parameter sources: the bytes of each file by path, for source lines; files missing here get no snippet.
    public func render(_ diagnostics: [Diagnostic], sources: [String: [UInt8]]) -> String {
        var output = ""
        for diagnostic in diagnostics {
            let label =
                switch diagnostic.severity {
                case .error: paint("error:", "1;31")
                case .warning: paint("warning:", "1;35")
                case .note: paint("note:", "1;36")
                }
            output +=
                paint(TerminalSafeText.escaped("\(diagnostic.location):"), "1") + " \(label) "
                + paint(TerminalSafeText.escaped(diagnostic.message), "1") + " [\(diagnostic.code)]\n"
            output += snippet(diagnostic.location, endColumn: diagnostic.endColumn, sources: sources)
            var shown = diagnostic.location
            for note in diagnostic.notes {
                output +=
                    paint(TerminalSafeText.escaped("\(note.location):"), "1") + " " + paint("note:", "1;36")
                    + " \(TerminalSafeText.escaped(note.message))\n"
                // A note at the place just shown (a `check` witness at its finding) does not show it again.
                if note.location == shown { continue }
                output += snippet(note.location, endColumn: nil, sources: sources)
                shown = note.location
            }
        }
        return output
    }

    private func snippet(_ location: SourceLocation, endColumn: Int?, sources: [String: [UInt8]]) -> String {
        guard showsSource, let bytes = sources[location.file],
            let (line, marker) = SourceSnippet.lines(for: location, endColumn: endColumn, in: bytes)
        else { return "" }
        return TerminalSafeText.sourceLine(line) + "\n" + paint(marker, "1;32") + "\n"
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
