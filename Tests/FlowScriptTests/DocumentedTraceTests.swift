import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Foundation
import Testing

/// The example scripts in docs/examples print exactly the documented traces.
@MainActor
struct DocumentedTraceTests {
    static let examples: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("docs/examples").path
    }()

    @Test(arguments: [
        ("reading", "reading"), ("app", "app"), ("social", "social"), ("market", "market"), ("notes", "notesApp"),
        ("podcasts", "podcasts"),
    ])
    func exampleScriptPrintsTheDocumentedTrace(script: String, flow: String) throws {
        let source = try String(contentsOfFile: "\(Self.examples)/\(script).flowscript", encoding: .utf8)
        let expected = try String(contentsOfFile: "\(Self.examples)/\(script).trace.jsonl", encoding: .utf8)
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: flow)
        let lines = runner.run(script: source).map(FlowScriptRunner.json)
        #expect(lines.joined(separator: "\n") + "\n" == expected)
        #expect(!runner.hadSyntaxErrors)
    }

    @Test func scriptSyntaxErrorsAreReportedAsInvalid() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading")
        let lines = runner.run(
            script: """
                fly
                back two
                event
                event selectBook 7
                condition x maybe
                finish 2 saved
                event @x save
                start extra
                event save title="open
                restore {not json}
                finish #9 saved
                """)
        #expect(
            lines.map(\.reason) == [
                "unknown command 'fly'",
                "back takes a route count, such as 'back 2'",
                "usage: event [@TOKEN] NAME [key=value …]",
                "event arguments are written key=value, not '7'",
                "expected true or false, not 'maybe'",
                "finish names an instance as #ID, such as 'finish #2 saved'",
                "a route token is written @N, such as '@3'",
                "usage: start",
                "unterminated quote: the '\"' at column 18 opens a value that the line does not close; add a closing '\"' (inside quotes '\\\"' is a quote and '\\\\' a backslash)",
                "invalid snapshot: it is not JSON (Invalid value around character 1.)",
                "no flow instance #9",
            ])
        #expect(lines.map(\.status) == Array(repeating: "invalid", count: 9) + ["rejected", "rejected"])
        #expect(runner.hadSyntaxErrors)
        #expect(runner.run(line: "  # only a comment") == nil)
        #expect(runner.run(line: "") == nil)
        #expect(runner.run(line: "restore")?.reason == "invalid snapshot: no snapshot was taken")
        #expect(
            runner.run(line: "backto 5")?.reason
                == "cannot go back to the first 5 routes: the path has 0; give a length from 0 to 0")
    }

    /// A count too large for the runtime is out of range, not a word in the wrong place (breaker report §9).
    @Test func aCountOutOfRangeSaysSo() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading")
        let back = runner.run(line: "back 99999999999999999999999")
        #expect(back?.status == "invalid")
        #expect(
            back?.reason
                == "back's route count 99999999999999999999999 is out of range; it is at most 9223372036854775807")
        #expect(
            runner.run(line: "back 99999999999999999999999 #1")?.reason
                == "back's route count 99999999999999999999999 is out of range; it is at most 9223372036854775807")
        #expect(
            runner.run(line: "backto 99999999999999999999999")?.reason
                == "backto's path length 99999999999999999999999 is out of range; it is at most 9223372036854775807")
        #expect(runner.run(line: "back -1")?.reason == "back takes a route count, such as 'back 2'")
    }

    /// A `restore JSON` line that is not a snapshot says where: the JSON path and what is wrong there.
    @Test func restoreOfMalformedSnapshotJSONSaysWhere() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading")
        let lines = runner.run(
            script: #"""
                restore {
                restore []
                restore {"instances":null}
                restore {"instances":[{"flow":"reading"}]}
                restore {"instances":[{"flow":5,"arguments":{},"routes":[]}]}
                restore {"instances":[{"flow":"reading","arguments":{},"routes":[{"arguments":{}}]}]}
                restore {"instances":[{"flow":"reading","arguments":{},"routes":[{"screen":"library","arguments":{"x":[1]}}]}]}
                """#)
        #expect(
            lines.map(\.reason) == [
                "invalid snapshot: it is not JSON (Unexpected end of file during JSON parse.)",
                "invalid snapshot: at the top level: expected an object, found a list",
                "invalid snapshot: at instances: expected a list, found null",
                "invalid snapshot: at instances[0]: missing key 'routes'",
                "invalid snapshot: at instances[0].flow: expected a string, found a number",
                "invalid snapshot: at instances[0].routes[0]: missing key 'screen'",
                "invalid snapshot: at instances[0].routes[0].arguments.x: expected a string, found a list",
            ])
        #expect(lines.allSatisfy { $0.status == "rejected" })
        #expect(!runner.hadSyntaxErrors)
    }

    @Test func scriptDrivesTokensHandlesAndBackTo() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading")
        let lines = runner.run(
            script: """
                start
                event selectBook bookID=7
                event edit
                event @1 selectBook bookID=3
                finish #2 saved
                finish #2 saved
                event edit
                keep
                backto 2
                keep
                backto 1
                confirm
                """)
        #expect(
            lines.map(\.status) == [
                "applied", "applied", "applied", "pending", "applied", "stale", "applied",
                "rejected", "pending", "applied", "pending", "applied",
            ])
        // The push from route 1 would remove the editor above it: it asks first; the finish then drops the question.
        #expect(lines[3].pending?.route == 3)
        #expect(lines[4].pending == nil)
        #expect(lines[8].pending?.prompt == "discardDraft")
        #expect(lines[8].pending?.route == 4)
        #expect(lines[8].pending?.screen == "editor")
        #expect(lines.last?.path.map(\.screen) == ["library"])
        #expect(
            lines.last?.reason
                == "the handler of flow 'reading' for outcome 'discarded' did not run: the removal also took routes of flow 'reading'"
        )
    }
}
