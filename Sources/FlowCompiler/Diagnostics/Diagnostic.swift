import FlowDefinitions
import FlowModel

/// How serious a diagnostic is. Errors fail a command (exit 1); warnings fail it only under `--strict`;
/// notes never do (`flowc diff` reports what a new version keeps or renames as notes).
public enum Severity: String, Hashable, Sendable, Codable, Comparable {
    case note, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }
}

/// A related location attached to a diagnostic ("previous definition is here").
public struct DiagnosticNote: Hashable, Sendable {
    public var message: String
    public var location: SourceLocation

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }
}

/// One finding about the flows: what is wrong, where, and which rule says so.
///
/// Printed as `file:line:col: error: message [CODE]`, then its notes, then the source line with a caret.
public struct Diagnostic: Hashable, Sendable {
    public var severity: Severity
    /// The stable rule code, for example `FC203`; `flowc explain FC203` describes it.
    public var code: String
    /// Lowercase, no trailing period: what was found and what would be right.
    public var message: String
    /// Where the offending text starts.
    public var location: SourceLocation
    /// The column (from 1, in Unicode scalars) just past the offending text on the same line, when known.
    public var endColumn: Int?
    public var notes: [DiagnosticNote]
    /// Diagnostics about the same text that ``AliasFold`` folded into this one, until
    /// `sortedForOutput` turns them into a note.
    var foldedUses: FoldedAliasUses?

    public init(
        _ severity: Severity, code: String, _ message: String, at location: SourceLocation,
        endColumn: Int? = nil, notes: [DiagnosticNote] = []
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.endColumn = endColumn
        self.notes = notes
    }

    /// The order diagnostics are printed in: file, line, column, then code and message so ties are stable.
    public static func precedes(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        return (lhs.code, lhs.message) < (rhs.code, rhs.message)
    }
}

extension Array where Element == Diagnostic {
    /// Sorted by file, line and column (see `Diagnostic.precedes`), duplicates removed, and the
    /// findings YAML aliases multiply folded into one each (``AliasFold``), with a note that counts them.
    public func sortedForOutput() -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        let unique = sorted(by: Diagnostic.precedes).filter { seen.insert($0).inserted }
        guard unique.contains(where: { $0.location.copiedFrom != nil || $0.foldedUses != nil }) else { return unique }
        return AliasFold.folding(unique).map { diagnostic in
            guard let uses = diagnostic.foldedUses else { return diagnostic }
            var noted = diagnostic
            noted.notes.append(AliasFold.note(for: uses))
            noted.foldedUses = nil
            return noted
        }.sorted(by: Diagnostic.precedes)
    }

    /// Whether any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }
}
