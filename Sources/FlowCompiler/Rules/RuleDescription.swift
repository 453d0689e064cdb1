import FlowDefinitions
import FlowModel

/// Everything about one diagnostic rule, in one place: its stable code, severity, what
/// `flowc explain CODE` prints, and YAML examples that must and must not trigger it.
///
/// In examples, `↓` marks the exact place a diagnostic of this rule must be reported; the
/// mark is removed before the example is validated. An example with several files separates them
/// with a line `---- NAME.yaml ----`. The test suite runs every rule's examples.
public struct RuleDescription: Sendable, Hashable {
    /// Stable code, `FC` and three digits; never reused for another meaning.
    public let code: String
    /// A kebab-case name for the rule, for humans and SARIF (`unknown-screen`).
    public let identifier: String
    public let severity: Severity
    /// One line, lowercase, no trailing period.
    public let summary: String
    /// A paragraph or two: why the rule exists and how to fix a finding.
    public let explanation: String
    /// Examples that must produce a diagnostic of this rule at each `↓`, and nowhere else.
    public let triggeringExamples: [String]
    /// Examples that must produce no diagnostic of this rule.
    public let nonTriggeringExamples: [String]
    /// The stage that reports it (set by ``RuleRegistry``, from the list that holds the rule).
    public internal(set) var reporter: RuleReporter = .validation

    public init(
        code: String, identifier: String, severity: Severity, summary: String, explanation: String,
        triggeringExamples: [String] = [], nonTriggeringExamples: [String] = []
    ) {
        self.code = code
        self.identifier = identifier
        self.severity = severity
        self.summary = summary
        self.explanation = explanation
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

/// A rule: a type that carries its description. Loader and decoder rules are checked while
/// reading; graph rules also conform to `FlowRule`.
public protocol DiagnosticRule: Sendable {
    static var description: RuleDescription { get }
}

extension DiagnosticRule {
    /// A diagnostic of this rule with the rule's code and severity. At text reached through a YAML
    /// alias, it points at the alias's use and gets a note at the anchor, where the text is written.
    static func diagnostic(
        _ message: String, at location: SourceLocationConvertible, notes: [DiagnosticNote] = []
    ) -> Diagnostic {
        let (start, end) = location.sourceRange
        guard let origin = start.copiedFrom else {
            return Diagnostic(
                description.severity, code: description.code, message, at: start, endColumn: end, notes: notes)
        }
        let written = SourceLocation(file: start.file, line: origin.line, column: origin.column, offset: origin.offset)
        let note = DiagnosticNote(
            "'*\(origin.anchor)' copies this from anchor '&\(origin.anchor)', written here", at: written)
        return Diagnostic(
            description.severity, code: description.code, message, at: start,
            endColumn: start.column + 1 + origin.anchor.unicodeScalars.count, notes: notes + [note])
    }
}

/// A rule that checks the decoded flows as a whole. Rules must be linear or near-linear
/// in the size of the flows: nothing walks all pairs of screens.
protocol FlowRule: DiagnosticRule {
    init()
    /// Appends this rule's findings about `catalog` to `diagnostics`.
    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic])
}
