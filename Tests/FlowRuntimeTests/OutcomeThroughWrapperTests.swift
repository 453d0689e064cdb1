import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Two siblings of earlier fixes (issue 32): a confirmed discard's outcome is not lost under a wrapper flow
/// (a flow whose start is a child, with no routes of its own), and a root flow's finish is not hidden by a
/// link it held.
@MainActor
struct OutcomeThroughWrapperTests {
    static let flows = [
        """
        flow: home
        start: list
        screens:
          list: { on: { edit: { start: wrapper } } }
          saved: {}
          discarded: {}
        children:
          wrapper: { flow: wrapper, on: { done: { push: saved }, dropped: { push: discarded } } }
        """,
        """
        flow: wrapper
        start: editor
        outcomes: [done, dropped]
        children:
          editor: { flow: editor, on: { saved: { finish: done }, discarded: { finish: dropped } } }
        """,
        """
        flow: editor
        start: form
        outcomes: [saved, discarded]
        screens:
          form:
            removal: { policy: confirm, ask: discardDraft, outcome: discarded }
            on: { save: { finish: saved } }
        """,
    ]

    /// Back across the editor's `confirm` screen, confirmed: the editor ends with its declared outcome
    /// (`discarded`), which reaches the wrapper's handler (`finish: dropped`), which reaches home's (`push:
    /// discarded`). Before, the wrapper went with the editor and the outcome was lost. The editor finished
    /// (its outcome reached a handler: docs/RUNNING.md, "Finishing"), then the wrapper; before round 15 the
    /// editor was reported removed (why: back).
    @Test func aConfirmedDiscardsOutcomeReachesTheWrappersHandler() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle(Self.flows), flow: "home")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("edit") == .applied)
        #expect(coordinator.screens == ["home.list", "editor.form"])
        #expect(coordinator.back() == StepResult(.pending))
        let confirmed = coordinator.confirmRemoval()
        #expect(confirmed == .applied)
        #expect(coordinator.screens == ["home.list", "home.discarded"])
        #expect(confirmed.finished.map { "\($0.flow) \($0.outcome)" } == ["editor discarded", "wrapper dropped"])
        #expect(confirmed.removed == [])
    }

    static let gate = """
        flow: gate
        start: step
        outcomes: [done]
        linkPolicy: queue
        links:
          "/step": [step]
        screens:
          step: { on: { ok: { finish: done } } }
        """

    /// The root flow finishes while it holds a queued link: the coordinator ends as the root's outcome says,
    /// and the link is reported dropped, not opened (which would start the app again).
    @Test func aRootsFinishIsNotHiddenByALinkItHeld() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle([Self.gate]), flow: "gate")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.open("/step").status == .queued)
        let finished = coordinator.send("ok")
        #expect(finished == .applied)
        #expect(coordinator.status == .finished(outcome: "done"))
        #expect(coordinator.path == [])
        #expect(
            finished.deferredLinks == [
                DeferredLink(
                    url: "/step", status: .rejected,
                    reason: .linkDropped(
                        url: "/step",
                        because: "the root flow 'gate' finished with 'done'; a finished coordinator opens no link"))
            ])
    }
}
