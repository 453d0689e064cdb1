import FlowDefinitions
import FlowModel

/// Applies inline suppressions to a stage's diagnostics: drops each diagnostic a suppression
/// covers (same file, a covered line, a named code), and warns (FC090) about every code of a
/// suppression that covered nothing, as SwiftLint does for superfluous disable commands: only about
/// the codes the stage judges (those it reports, and only when it looked everywhere they could be).
enum SuppressionFilter {
    /// - Parameter suppressions: by file path.
    /// - Parameter judges: whether an unused suppression of a code is reported (a validation does not judge
    ///   the codes of `flowc check` and `flowc diff`, which it never reports).
    static func apply(
        _ suppressions: [String: [Suppression]], to diagnostics: [Diagnostic], judging judges: (String) -> Bool
    ) -> [Diagnostic] {
        guard !suppressions.isEmpty else { return diagnostics }
        var used = Set<SuppressionUse>()
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics {
            if let index = covering(diagnostic, in: suppressions),
                let covering = suppressions[diagnostic.location.file]?[index]
            {
                used.insert(SuppressionUse(location: covering.location, code: diagnostic.code))
            } else {
                kept.append(diagnostic)
            }
        }
        for suppression in suppressions.values.joined() {
            for code in suppression.codes
            where judges(code) && !used.contains(SuppressionUse(location: suppression.location, code: code)) {
                let span =
                    suppression.lines.count == 1
                    ? "line \(suppression.lines.lowerBound)"
                    : "lines \(suppression.lines.lowerBound)–\(suppression.lines.upperBound)"
                kept.append(
                    UnusedSuppression.diagnostic(
                        "suppression of \(code) suppresses nothing on \(span); remove it", at: suppression.location))
            }
        }
        return kept
    }

    /// The index, in its file's list, of the first suppression that covers `diagnostic`, if any.
    static func covering(_ diagnostic: Diagnostic, in suppressions: [String: [Suppression]]) -> Int? {
        guard let inFile = suppressions[diagnostic.location.file] else { return nil }
        return inFile.firstIndex { suppression in
            suppression.lines.contains(diagnostic.location.line) && suppression.codes.contains(diagnostic.code)
        }
    }

    private struct SuppressionUse: Hashable {
        var location: SourceLocation
        var code: String
    }
}
