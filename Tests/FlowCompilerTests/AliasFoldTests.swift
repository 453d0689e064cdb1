import FlowDefinitions
import FlowModel
import Foundation
import Testing

@testable import FlowCompiler

/// Findings that YAML aliases multiply are reported once per written text (``AliasFold``): before, a
/// 58 KB file aliasing a mapping of 100 unknown keys 4,900 times gave 490,000 FC101 diagnostics
/// (206 MB of JSON, 1.28 GB of memory). Each test is a small instance; `scripts/stress.sh` runs the
/// full size.
@Suite struct AliasFoldTests {
    private func validate(_ yaml: String, path: String = "a.yaml") -> [Diagnostic] {
        FlowValidation.validate(sources: [(path, Array(yaml.utf8))]).diagnostics
    }

    private func described(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { diagnostic in
            ([diagnostic.location.description + " \(diagnostic.code) " + diagnostic.message]
                + diagnostic.notes.map { "  \($0.location.line):\($0.location.column) \($0.message)" })
                .joined(separator: "\n")
        }
    }

    /// A mapping of unknown keys aliased many times, smaller: every use of `*s` finds the same unknown keys; each is reported
    /// once, at the key as written, with one note at the first use counting all the uses.
    @Test func unknownKeysInAnAliasedMappingAreReportedOncePerKey() {
        let keys = (0..<10).map { "q\($0): 1" }.joined(separator: ", ")
        let uses = (0..<200).map { "  b\($0): *s" }.joined(separator: "\n")
        let yaml = "flow: f\nstart: a\nscreens:\n  a: &s { \(keys) }\n\(uses)\n"
        let diagnostics = validate(yaml)
        #expect(diagnostics.count == 10)
        #expect(diagnostics.map(\.code) == Array(repeating: "FC101", count: 10))
        #expect(
            diagnostics.map { "\($0.location.line):\($0.location.column)-\($0.endColumn ?? 0)" } == [
                "4:11-13", "4:18-20", "4:25-27", "4:32-34", "4:39-41", "4:46-48", "4:53-55", "4:60-62", "4:67-69",
                "4:74-76",
            ])
        #expect(
            described(Array(diagnostics.prefix(1))) == [
                """
                a.yaml:4:11 FC101 unknown key 'q0' in a screen; expected one of params, on, removal, formerly
                  5:7 the same finding through 200 alias uses, not repeated; the first is '*s' here
                """
            ])
        // The text output is as long as the file, not as its expansion.
        let text = TextDiagnosticRenderer().render(diagnostics, sources: ["a.yaml": Array(yaml.utf8)])
        #expect(text.split(separator: "\n").count == 10 * 6)
    }

    /// When the anchored text is not reported where it is written (here it sits under an unknown key,
    /// which is not read), the first alias use is reported as before — with its note at the anchor —
    /// and the other uses are counted on it.
    @Test func aFindingOnlyAliasesReachIsReportedAtTheFirstUse() {
        let yaml = """
            flow: f
            start: b0
            x-template: &t { q: 1 }
            screens:
              b0: *t
              b1: *t
              b2: *t

            """
        #expect(
            described(validate(yaml)) == [
                "a.yaml:3:1 FC101 unknown key 'x-template' in a flow; expected one of flow, description, params, conditions, "
                    + "start, outcomes, screens, children, links, linkPolicy, linkFallback, tabs, formerly, backAtTabRoot",
                """
                a.yaml:5:7 FC101 unknown key 'q' in a screen; expected one of params, on, removal, formerly
                  3:18 '*t' copies this from anchor '&t', written here
                  6:7 the same finding through 2 alias uses, not repeated; the first is '*t' here
                """,
            ])
    }

    /// A graph rule's findings fold the same way (FC203 in every copy of the events), and a
    /// suppression still hides the finding at the use it covers, and only there: it counts as used.
    @Test func suppressionsApplyToEachAliasUse() {
        let yaml = """
            flow: f
            start: a
            screens:
              a:
                on: &e
                  go: { push: nowhere }
              b0: { on: *e }
              # flowc:disable FC203 -- generated
              b1: { on: *e }
              b2: { on: *e }

            """
        let diagnostics = validate(yaml).filter { $0.code != "FC301" }
        #expect(
            described(diagnostics) == [
                """
                a.yaml:6:19 FC203 unknown screen 'nowhere' in flow 'f'
                  7:13 the same finding through 2 alias uses, not repeated; the first is '*e' here
                """
            ])
        // A suppression over the only use hides it, and is not reported as suppressing nothing.
        let covered = validate(
            """
            flow: f
            start: a
            screens:
              a:
                on: &e
                  go: { push: nowhere }
              # flowc:disable FC203 -- generated
              b0: { on: *e }

            """
        ).filter { $0.code != "FC301" }
        #expect(described(covered) == ["a.yaml:6:19 FC203 unknown screen 'nowhere' in flow 'f'"])
    }

    /// Only the same finding is folded: two children share their handlers through `*h` but start
    /// different flows, so FC403 names another child and flow at each use; fixing `f1` would leave
    /// `c2` broken, so both are reported.
    @Test func findingsWhoseMessagesDifferByUseAreNotFolded() {
        let app = """
            flow: app
            start: home
            screens: { home: { on: { a: { start: c1 }, b: { start: c2 } } } }
            children:
              c1: { flow: f1, on: &h { done: stay, ok: stay } }
              c2: { flow: f2, on: *h }

            """
        func child(_ name: String) -> (String, [UInt8]) {
            (
                "\(name).yaml",
                Array("flow: \(name)\noutcomes: [ok]\nstart: s\nscreens:\n  s: { on: { x: { finish: ok } } }\n".utf8)
            )
        }
        let diagnostics = FlowValidation.validate(sources: [("app.yaml", Array(app.utf8)), child("f1"), child("f2")])
            .diagnostics
        #expect(
            described(diagnostics) == [
                """
                app.yaml:5:28 FC403 child 'c1' handles outcome 'done', which flow 'f1' does not declare; remove the handler or declare the outcome
                  2:12 flow 'f1' declares its outcomes here
                """,
                """
                app.yaml:6:23 FC403 child 'c2' handles outcome 'done', which flow 'f2' does not declare; remove the handler or declare the outcome
                  2:12 flow 'f2' declares its outcomes here
                  5:28 '*h' copies this from anchor '&h', written here
                """,
            ])
    }

    /// Without aliases nothing is folded: two findings of one rule at the same text both stay.
    @Test func findingsAtWrittenTextAreNeverFolded() {
        let first = Diagnostic(
            .error, code: "FC503", "first", at: SourceLocation(file: "a.yaml", line: 2, column: 3, offset: 10))
        let second = Diagnostic(
            .error, code: "FC503", "second", at: SourceLocation(file: "a.yaml", line: 2, column: 3, offset: 10))
        #expect([first, second].sortedForOutput() == [first, second])
        #expect(AliasFold.folding([first, second]) == [first, second])
    }

    /// The diagnostic kept does not depend on the order findings arrive in (rules run in parallel):
    /// the one at the written text wins, else the first use in output order.
    @Test func theKeptDiagnosticDoesNotDependOnArrivalOrder() {
        func use(line: Int) -> Diagnostic {
            let origin = SourceLocation.AliasOrigin(anchor: "s", line: 1, column: 5, offset: 4)
            return Diagnostic(
                .error, code: "FC203", "unknown screen 'x'",
                at: SourceLocation(file: "a.yaml", line: line, column: 7, offset: line * 10, copiedFrom: origin))
        }
        let written = Diagnostic(
            .error, code: "FC203", "unknown screen 'x'",
            at: SourceLocation(file: "a.yaml", line: 1, column: 5, offset: 4))
        let orders = [
            [use(line: 5), written, use(line: 3)], [use(line: 3), use(line: 5), written],
            [written, use(line: 5), use(line: 3)],
        ]
        for order in orders {
            #expect(
                described(order.sortedForOutput()) == [
                    "a.yaml:1:5 FC203 unknown screen 'x'\n  3:7 the same finding through 2 alias uses, not repeated; the first is '*s' here"
                ])
        }
        for order in [[use(line: 5), use(line: 3)], [use(line: 3), use(line: 5)]] {
            #expect(
                described(order.sortedForOutput()) == [
                    "a.yaml:3:7 FC203 unknown screen 'x'\n  5:7 the same finding through '*s' here, not repeated"
                ])
        }
    }

    /// Every output format carries the fold note (text, JSON, SARIF, GitHub).
    @Test func everyFormatCarriesTheFoldNote() throws {
        let yaml = "flow: f\nstart: b0\nx: &t { q: 1 }\nscreens:\n  b0: *t\n  b1: *t\n"
        let diagnostics = validate(yaml)
        let note = "the same finding through '*t' here, not repeated"
        #expect(JSONDiagnosticRenderer.render(diagnostics).contains("\"message\" : \"\(note)\""))
        #expect(GitHubDiagnosticRenderer.render(diagnostics).contains("%0Aa.yaml:6:7: note: \(note)"))
        let sarif = SARIFDiagnosticRenderer.render(diagnostics, version: "1.0")
        #expect(sarif.contains("\"text\" : \"\(note)\""))
    }
}
