import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// A confirmed discard is final (no draft comes back), and any other applied
/// step — a no-op back included — drops a pending confirmation.
@MainActor
struct ConfirmedDiscardTests {
    static let parent = """
        flow: blog
        start: home
        screens:
          home: { on: { write: { start: draft } } }
        children:
          draft: { flow: draft, on: { published: stay, discarded: stay } }
        """
    static let draft = """
        flow: draft
        start: compose
        outcomes: [published, discarded]
        screens:
          compose:
            removal: preserve
            on: { preview: { push: preview } }
          preview:
            removal: { policy: confirm, ask: discardPost, outcome: discarded }
            on: { publish: { finish: published } }
        """

    /// Example: `back 2`, `confirm` (the parent hears `discarded`), then starting the child
    /// again shows a fresh compose screen, not the discarded draft.
    @Test func aConfirmedDiscardKeepsNoDraft() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.bundle([Self.parent, Self.draft]), flow: "blog")
        let lines = runner.run(script: "start\nevent write\nevent preview\nback 2\nconfirm\nevent write")
        #expect(lines.map(\.status) == ["applied", "applied", "applied", "pending", "applied", "applied"])
        #expect(lines[4].reason == nil)  // the `discarded` handler ran
        #expect(lines[5].path.map(\.screen) == ["home", "compose"])
    }

    /// Without the `confirm` route, back across `preserve` still keeps the draft.
    @Test func backAcrossPreserveAloneKeepsTheDraft() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.bundle([Self.parent, Self.draft]), flow: "blog")
        let lines = runner.run(script: "start\nevent write\nevent preview\nback\nconfirm\nback\nevent write")
        // back 1 over preview asks; confirmed, preview goes and the instance lives on; back over compose keeps it.
        #expect(lines.map(\.status) == ["applied", "applied", "applied", "pending", "applied", "applied", "applied"])
        #expect(lines[6].path.map(\.screen) == ["home", "compose"])
        #expect(lines[6].path.last?.token == 4)  // the draft's compose again, with a new token
    }

    /// Example of a no-op back: `back 0` and `backto <length>` are applied and drop the prompt;
    /// a later `confirm` removes nothing.
    @Test func aNoOpBackDropsThePendingConfirmation() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading")
        let lines = runner.run(
            script: """
                start
                event selectBook bookID=7
                event edit
                back
                back 0
                confirm
                back
                backto 3
                confirm
                """)
        #expect(
            lines.map(\.status) == [
                "applied", "applied", "applied", "pending", "applied", "rejected", "pending", "applied", "rejected",
            ])
        #expect(lines[4].pending == nil)
        #expect(lines[7].pending == nil)
        #expect(lines.last?.reason == "no removal is waiting for confirmation")
        #expect(lines.last?.path.map(\.screen) == ["library", "details", "editor"])
    }
}
