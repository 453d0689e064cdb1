import FlowDefinitions
import FlowModel

/// Folds the diagnostics that YAML aliases multiply: one finding per written text, however many
/// aliases copy it (docs/FORMAT.md, "Reading rules").
///
/// An alias copies its anchor's content, so a mistake written once inside anchored content is found
/// again in every copy: a mapping of 100 unknown keys aliased 4,900 times would be 490,000
/// diagnostics for a 58 KB file. Diagnostics of one rule (code and severity) with the same message
/// about the same text — same file and byte offset: `copiedFrom` for text reached through an alias,
/// else the location itself — are one finding, reported once (a message that differs by use, say one
/// naming another child flow, is another finding: fixing the text once would not fix it):
/// - at the text itself when the finding is reported there (in the anchor's own content);
/// - otherwise at the first alias use in output order (with its note at the anchor, as
///   ``DiagnosticRule/diagnostic(_:at:notes:)`` writes it).
///
/// The others are counted on that diagnostic (``FoldedAliasUses``) and become one note, at the first
/// of them, when the diagnostics are put in output order (``Swift/Array/sortedForOutput()``), so no
/// finding disappears without a word. Diagnostics at text written where it stands are never folded
/// into each other: without aliases, the output is what the rules report.
///
/// Folding is deterministic: the diagnostic kept is chosen by position, code and message, never by
/// the order diagnostics arrive in. A fold may run early, where diagnostics are collected (the
/// decoder, each rule), to keep memory near-linear in the file rather than in its expanded size; the
/// final fold in `sortedForOutput` merges what the early ones kept. An early fold keeps apart
/// diagnostics that different suppressions cover (`scope`), so suppressions apply to each alias use
/// as before.
struct AliasFold: Sendable {
    private struct Key: Hashable {
        let file: String
        let code: String
        let severity: Severity
        let message: String
        /// The byte offset of the text the finding is about.
        let text: Int
        /// Diagnostics in different scopes (different covering suppressions) are not folded together.
        let scope: Int
    }

    /// What is kept, in arrival order (a kept diagnostic may be replaced in place by a better one of its group).
    private(set) var diagnostics: [Diagnostic] = []
    private var groups: [Key: Int] = [:]
    /// How many diagnostics were appended, folded ones included.
    private(set) var count = 0
    /// The arrival number of the last error appended (folded or not), -1 before any.
    private var lastError = -1
    private let folds: @Sendable (Diagnostic) -> Bool
    private let scope: @Sendable (Diagnostic) -> Int

    /// - Parameters:
    ///   - folds: whether a diagnostic may be folded here (the decoder folds only the codes no
    ///     suppression can hide); the others are kept as they are.
    ///   - scope: a number per diagnostic; diagnostics with different numbers are never folded together
    ///     (the index of the suppression covering it, 0 for none).
    init(
        folding folds: @escaping @Sendable (Diagnostic) -> Bool = { _ in true },
        scope: @escaping @Sendable (Diagnostic) -> Int = { _ in 0 }
    ) {
        self.folds = folds
        self.scope = scope
    }

    /// `diagnostics` folded, with the counts kept for a later fold (no notes added).
    static func folding(_ diagnostics: [Diagnostic], scope: @escaping @Sendable (Diagnostic) -> Int = { _ in 0 })
        -> [Diagnostic]
    {
        guard diagnostics.contains(where: { $0.location.copiedFrom != nil || $0.foldedUses != nil }) else {
            return diagnostics
        }
        var fold = AliasFold(scope: scope)
        for diagnostic in diagnostics { fold.append(diagnostic) }
        return fold.diagnostics
    }

    /// Whether an error was appended since the first `count` diagnostics (folded ones count too).
    func containsError(since count: Int) -> Bool { lastError >= count }

    mutating func append(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { lastError = count }
        count += 1
        guard folds(diagnostic) else {
            diagnostics.append(diagnostic)
            return
        }
        // Every diagnostic opens a group for its text (one at the written text may take in the alias uses
        // that arrive later), but only alias uses are folded into one.
        let key = Key(
            file: diagnostic.location.file, code: diagnostic.code, severity: diagnostic.severity,
            message: diagnostic.message,
            text: diagnostic.location.copiedFrom?.offset ?? diagnostic.location.offset, scope: scope(diagnostic))
        guard let index = groups[key] else {
            groups[key] = diagnostics.count
            diagnostics.append(diagnostic)
            return
        }
        var kept = diagnostics[index]
        var arriving = diagnostic
        guard kept != arriving else { return }
        if kept.location.copiedFrom == nil, arriving.location.copiedFrom == nil {
            // Two findings at the written text: both stay; the folded count goes with the first.
            kept.foldedUses.add(arriving.foldedUses)
            arriving.foldedUses = nil
            diagnostics[index] = kept
            diagnostics.append(arriving)
            return
        }
        if Self.isBetter(arriving, than: kept) { swap(&kept, &arriving) }
        // `arriving` is an alias use now: it is folded into `kept`.
        kept.foldedUses.add(arriving.foldedUses)
        kept.foldedUses.add(FoldedAliasUses(count: 1, first: arriving.location))
        diagnostics[index] = kept
    }

    /// Which diagnostic of a group is reported: the one at the written text, then the first in output order.
    private static func isBetter(_ lhs: Diagnostic, than rhs: Diagnostic) -> Bool {
        if (lhs.location.copiedFrom == nil) != (rhs.location.copiedFrom == nil) {
            return lhs.location.copiedFrom == nil
        }
        if lhs.location.line != rhs.location.line { return lhs.location.line < rhs.location.line }
        if lhs.location.column != rhs.location.column { return lhs.location.column < rhs.location.column }
        if lhs.message != rhs.message { return lhs.message < rhs.message }
        return (lhs.endColumn ?? 0, lhs.notes.count) < (rhs.endColumn ?? 0, rhs.notes.count)
    }

    /// The note that says what was folded into a diagnostic, at the first folded alias use.
    static func note(for uses: FoldedAliasUses) -> DiagnosticNote {
        let alias = uses.first.copiedFrom.map { "'*\($0.anchor)'" } ?? "an alias"
        let message =
            uses.count == 1
            ? "the same finding through \(alias) here, not repeated"
            : "the same finding through \(uses.count) alias uses, not repeated; the first is \(alias) here"
        return DiagnosticNote(message, at: uses.first)
    }
}

/// The diagnostics ``AliasFold`` folded into one: how many, and the first of them in output order.
struct FoldedAliasUses: Hashable, Sendable {
    var count: Int
    /// Where the first folded diagnostic was reported (an alias use).
    var first: SourceLocation
}

extension Optional where Wrapped == FoldedAliasUses {
    /// Adds `other`'s count, keeping the earlier first use.
    mutating func add(_ other: FoldedAliasUses?) {
        guard let other else { return }
        guard let uses = self else {
            self = other
            return
        }
        let earlier =
            (other.first.line, other.first.column, other.first.offset) < (
                uses.first.line, uses.first.column, uses.first.offset
            )
        self = FoldedAliasUses(count: uses.count + other.count, first: earlier ? other.first : uses.first)
    }
}
