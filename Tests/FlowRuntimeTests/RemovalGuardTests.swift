import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// A `confirm` route leaves only with the person's decision, whichever way it is removed:
/// interactive back, an event from below (`pop`, `popTo`, `push`, `replaceRoot`), a parent's handler, a
/// completion, a deep link, a restore. Each asks (pending, nothing changed) and confirming runs the same
/// step. Exempt: the route's own event, its instance finishing (the flow decided), and `stop()`.
@MainActor
struct RemovalGuardTests {
    static let notes = """
        flow: notes
        start: list
        screens:
          list: { on: { open: { push: detail }, reset: { replaceRoot: list } } }
          detail: { on: { edit: { push: editor }, top: { popTo: list }, close: { pop: 1 } } }
          editor:
            removal: { policy: confirm, ask: discard }
            on:
              done: { pop: 1 }
              attach: { start: picker }
        children:
          picker: { flow: picker, on: { picked: { popTo: list } } }
        links:
          "/notes": [list]
        """
    static let picker = """
        flow: picker
        start: grid
        outcomes: [picked]
        screens:
          grid: { on: { pick: { finish: picked } } }
        """

    /// A tab's flow that reaches the `confirm` screen `editor`.
    static let tabNotes = """
        flow: tabNotes
        start: list
        outcomes: [discarded]
        screens:
          list: { on: { open: { push: detail } } }
          detail: { on: { edit: { push: editor } } }
          editor: { removal: { policy: confirm, ask: discard, outcome: discarded } }
        """

    func editing() throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle([Self.notes, Self.picker]), flow: "notes")
        coordinator.start()
        coordinator.send("open")
        coordinator.send("edit")
        #expect(coordinator.screens == ["notes.list", "notes.detail", "notes.editor"])
        return coordinator
    }

    /// Asks, changes nothing, and `keep` leaves it so; asking again and confirming applies `expected`.
    func expectGuarded(_ coordinator: FlowCoordinator, _ step: () -> StepResult, then expected: [String]) {
        let before = coordinator.path
        #expect(step() == StepResult(.pending))
        #expect(coordinator.path == before)
        #expect(coordinator.pendingConfirmation?.prompt == "discard")
        #expect(coordinator.pendingConfirmation?.screen == "editor")
        #expect(coordinator.keepEditing() == .applied)
        #expect(coordinator.path == before)
        #expect(step() == StepResult(.pending))
        #expect(coordinator.confirmRemoval().status == .applied)
        #expect(coordinator.screens == expected)
        #expect(coordinator.pendingConfirmation == nil)
    }

    @Test func popFromBelowIsGuarded() throws {
        let coordinator = try editing()
        let detail = coordinator.path[1].token
        expectGuarded(coordinator, { coordinator.send("close", from: detail) }, then: ["notes.list"])
    }

    @Test func popToFromBelowIsGuarded() throws {
        let coordinator = try editing()
        let detail = coordinator.path[1].token
        expectGuarded(coordinator, { coordinator.send("top", from: detail) }, then: ["notes.list"])
    }

    @Test func replaceRootFromBelowIsGuarded() throws {
        let coordinator = try editing()
        let list = coordinator.path[0].token
        expectGuarded(coordinator, { coordinator.send("reset", from: list) }, then: ["notes.list"])
        #expect(coordinator.path[0].token != list)
    }

    @Test func aParentsHandlerIsGuarded() throws {
        let coordinator = try editing()
        coordinator.send("attach")
        #expect(coordinator.screens == ["notes.list", "notes.detail", "notes.editor", "picker.grid"])
        // The picker finishing is its own decision; the handler's popTo would remove the editor: it asks.
        expectGuarded(coordinator, { coordinator.send("pick") }, then: ["notes.list"])
    }

    @Test func interactiveBackAndReconcileAreGuarded() throws {
        let coordinator = try editing()
        expectGuarded(
            coordinator, { coordinator.reconcile(toTokens: [coordinator.path[0].token]) }, then: ["notes.list"])
        coordinator.send("open")
        coordinator.send("edit")
        expectGuarded(coordinator, { coordinator.back(2) }, then: ["notes.list"])
    }

    @Test func aDeepLinkReplacingThePathIsGuarded() throws {
        let coordinator = try editing()
        expectGuarded(coordinator, { coordinator.open("/notes") }, then: ["notes.list"])
        #expect(coordinator.path[0].token.rawValue == 4)
    }

    /// A restore that shows the `confirm` route at the same place (the state's own snapshot) asks nothing, as
    /// a link that shows what is already shown asks nothing (breaker report §7); one that removes it still asks.
    @Test func aRestoreThatPutsTheConfirmRouteBackAsksNothing() throws {
        let coordinator = try editing()
        let snapshot = coordinator.snapshot()
        let restored = coordinator.restore(snapshot)
        #expect(restored == .applied)
        #expect(coordinator.pendingConfirmation == nil)
        #expect(coordinator.screens == ["notes.list", "notes.detail", "notes.editor"])
        #expect(coordinator.snapshot() == snapshot)
        let shorter = try FlowCoordinator(bundle: try Fixtures.bundle([Self.notes, Self.picker]), flow: "notes")
        shorter.start()
        shorter.send("open")
        let detail = shorter.snapshot()
        expectGuarded(coordinator, { coordinator.restore(detail) }, then: ["notes.list", "notes.detail"])
    }

    /// The same for a `confirm` route in a kept tab: restoring the state's own snapshot asks nothing; a
    /// snapshot whose kept tab shows less asks.
    @Test func aRestoreThatPutsAKeptTabsConfirmRouteBackAsksNothing() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: app
            tabs: [notes, other]
            start: notes
            children:
              notes: { flow: tabNotes, on: { discarded: stay } }
              other: { flow: picker, on: { picked: stay } }
            """,
            Self.tabNotes,
            Self.picker,
        ])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "app")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("open") == .applied)
        #expect(coordinator.send("edit") == .applied)
        #expect(coordinator.select(tab: "other") == .applied)
        let snapshot = coordinator.snapshot()
        #expect(coordinator.restore(snapshot) == .applied)
        #expect(coordinator.pendingConfirmation == nil)
        #expect(coordinator.snapshot() == snapshot)
        let fresh = try FlowCoordinator(bundle: bundle, flow: "app")
        #expect(fresh.start() == .applied)
        #expect(fresh.select(tab: "other") == .applied)
        #expect(coordinator.restore(fresh.snapshot()) == StepResult(.pending))
        #expect(coordinator.pendingConfirmation?.screen == "editor")
    }

    /// A tab app whose `notes` tab reaches the `confirm` screen `editor`; `/notes/editor` shows it, and the
    /// `other` tab's flow finishing selects `notes` showing it.
    static func tabbedEditor() throws -> FlowBundle {
        try Fixtures.bundle([
            """
            flow: app
            tabs: [notes, other]
            start: notes
            children:
              notes: { flow: tabNotes, on: { discarded: stay } }
              other: { flow: picker, on: { picked: { select: notes, routes: [detail, editor] } } }
            links:
              "/notes/editor": [notes, detail, editor]
            """,
            Self.tabNotes,
            Self.picker,
        ])
    }

    /// A link or a `select` with `routes:` that shows the `confirm` route where it is shown or kept keeps it
    /// (the same instance and token) and asks nothing (issue 32 item 6); one that replaces it still asks.
    @Test func aLinkOrSelectThatKeepsTheConfirmRouteAsksNothing() throws {
        let coordinator = try FlowCoordinator(bundle: try Self.tabbedEditor(), flow: "app")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("open") == .applied)
        #expect(coordinator.send("edit") == .applied)
        let shown = coordinator.path.map { "\($0) \($0.instance)/\($0.token)" }
        #expect(shown == ["tabNotes.list 2/1", "tabNotes.detail 2/2", "tabNotes.editor 2/3"])
        let again = coordinator.open("/notes/editor")
        #expect(again == .applied)
        #expect(again.removed == [] && again.droppedTabs == [])
        #expect(coordinator.pendingConfirmation == nil)
        #expect(coordinator.path.map { "\($0) \($0.instance)/\($0.token)" } == shown)
        // From the other tab: the link selects the kept tab as it was.
        #expect(coordinator.select(tab: "other") == .applied)
        #expect(coordinator.open("/notes/editor") == .applied)
        #expect(coordinator.pendingConfirmation == nil)
        #expect(coordinator.path.map { "\($0) \($0.instance)/\($0.token)" } == shown)
        // The other tab's flow finishing selects `notes` showing the same routes.
        #expect(coordinator.select(tab: "other") == .applied)
        let selected = coordinator.send("pick")
        #expect(selected == .applied)
        #expect(selected.droppedTabs == [])
        #expect(coordinator.pendingConfirmation == nil)
        #expect(coordinator.path.map { "\($0) \($0.instance)/\($0.token)" } == shown)
    }

    @Test func restoreReplacingThePathIsGuarded() throws {
        let coordinator = try editing()
        let snapshot = FlowSnapshot(instances: [
            FlowSnapshot.Instance(
                child: nil, flow: "notes", arguments: [:],
                routes: [FlowSnapshot.RouteEntry(screen: "list", arguments: [:])])
        ])
        expectGuarded(coordinator, { coordinator.restore(snapshot) }, then: ["notes.list"])
    }

    /// A completion through a handle that would remove a descendant's `confirm` route asks too.
    @Test func aCompletionRemovingADescendantIsGuarded() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        coordinator.open("/books/7/edit")
        let root = try #require(coordinator.root)
        // reading has no outcomes to finish with; its child does, through the editor's own decision:
        let edit = try #require(root.children.values.first)
        #expect(edit.finish("saved") == .applied)  // the instance's own routes: its flow decided
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)"])
    }

    /// The route's own event and `stop()` are not guarded (documented in docs/RUNNING.md).
    @Test func theRoutesOwnEventAndStopAreNotGuarded() throws {
        let coordinator = try editing()
        #expect(coordinator.send("done") == .applied)
        #expect(coordinator.screens == ["notes.list", "notes.detail"])
        coordinator.send("edit")
        #expect(coordinator.stop() == .applied)
        #expect(coordinator.path.isEmpty)
        #expect(coordinator.pendingConfirmation == nil)
    }

    /// Example: `event @2 back` on [library, details, editor] asks; confirming removes both
    /// and ends the edit instance with its declared outcome: the routes above details go first, as back
    /// removes them, so reading's `discarded` handler runs on top of details, then details pops itself.
    @Test func anEventBelowAnEditorAsksThenEndsTheEditWithItsOutcome() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading")
        let lines = runner.run(script: "start\nevent selectBook bookID=7\nevent edit\nevent @2 back\nconfirm")
        #expect(lines.map(\.status) == ["applied", "applied", "applied", "pending", "applied"])
        #expect(lines[3].pending?.prompt == "discardDraft")
        #expect(lines[3].path.map(\.screen) == ["library", "details", "editor"])
        #expect(lines[4].path.map(\.screen) == ["library"])
        #expect(lines[4].instances?.children == [])
        #expect(lines[4].reason == nil)
    }
}
