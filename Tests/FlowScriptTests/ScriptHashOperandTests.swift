import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// A `#` word after a command is an instance id where one is taken, a comment when the `#` stands alone,
/// and an error otherwise: a mistyped id (`dismiss #x`) never silently becomes a comment.
@MainActor
struct ScriptHashOperandTests {
    @Test func aMistypedIdIsAnErrorNotAComment() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "social")
        let lines = runner.run(
            script: """
                start
                condition isSignedIn true
                event compose
                dismiss #x
                back 2 #oops
                select feed #tab
                finish #3 cancelled #note
                event cancel #later
                restore #x
                start #3
                """)
        let hint = "a comment after a command starts with '# ' (a '#' and a blank)"
        #expect(
            lines.dropFirst(3).map(\.reason) == [
                "'#x' is not a flow instance id: write #N, such as '#4'; \(hint)",
                "'#oops' is not a flow instance id: write #N, such as '#4'; \(hint)",
                "'#tab' is not a flow instance id: write #N, such as '#4'; \(hint)",
                "'#note' is not a flow instance id: write #N, such as '#4'; \(hint)",
                "'#later' is not an operand of 'event'; \(hint)",
                "'#x' is not an operand of 'restore'; \(hint)",
                "'#3' is not an operand of 'start'; \(hint)",
            ])
        #expect(lines.dropFirst(3).allSatisfy { $0.status == "invalid" })
        // Nothing was dismissed or removed: the compose sheet is still on top.
        #expect(lines.last?.path.map(\.screen) == ["timeline", "compose"])
        #expect(runner.hadSyntaxErrors)
    }

    @Test func aLoneHashStillStartsAComment() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "social")
        let lines = runner.run(
            script: """
                # a whole-line comment
                  #another, indented
                start # begins
                condition isSignedIn true #
                event compose # the sheet
                dismiss # the sheet again
                snapshot
                restore # the last snapshot
                """)
        #expect(
            lines.map(\.command) == [
                "start # begins", "condition isSignedIn true #", "event compose # the sheet",
                "dismiss # the sheet again", "snapshot", "restore # the last snapshot",
            ])
        #expect(lines.map(\.status) == ["applied", "applied", "applied", "applied", "applied", "applied"])
        #expect(lines[3].path.map(\.screen) == ["timeline"])
        #expect(!runner.hadSyntaxErrors)
    }

    @Test func anIdNeverMadeIsNamedSo() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "social")
        let lines = runner.run(
            script: """
                start
                condition isSignedIn true
                event compose
                dismiss #99
                finish #99 cancelled
                select feed #77
                back 1 #55
                finish #3 cancelled
                finish #3 cancelled
                dismiss #3
                """)
        #expect(
            lines.dropFirst(3).map(\.reason) == [
                "no flow instance #99", "no flow instance #99", "no flow instance #77", "no flow instance #55",
                nil, "flow instance 3 is no longer alive", "flow instance 3 is no longer alive",
            ])
        #expect(
            lines.dropFirst(3).map(\.status) == [
                "rejected", "rejected", "rejected", "rejected", "applied", "stale", "stale",
            ])
    }

    /// An id a deep link spent on its fresh build and did not keep (it shares the shown tab set instead:
    /// `open /search/a` builds social #3 and keeps #1) is a made id (docs/RUNNING.md, "flowc run"): the host
    /// never saw it, but the coordinator made it and will never make it again, so it answers as for an instance
    /// that is gone (`stale`, for every command that names it), not `no flow instance #3`.
    /// The next id it would make (#5) is never made.
    @Test func anIdALinkSpentOnItsFreshBuildIsAMadeId() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "social")
        let lines = runner.run(
            script: """
                start
                open /search/a
                finish #3 done
                dismiss #3
                back 1 #3
                select feed #3
                dismiss #5
                """)
        #expect(lines[1].instances.map { [$0.id] + $0.children.map(\.id) } == [1, 2, 4])
        #expect(
            lines.dropFirst(2).map { "\($0.status): \($0.reason ?? "")" } == [
                "stale: flow instance 3 is no longer alive", "stale: flow instance 3 is no longer alive",
                "stale: flow instance 3 is no longer alive", "stale: flow instance 3 is no longer alive",
                "rejected: no flow instance #5",
            ])
    }
}
