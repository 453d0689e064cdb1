import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// The first seed article's scenario on `Flows/reading.yaml`, step for step.
@MainActor
struct ReadingSeedTests {
    func makeReading(_ host: TestHost = TestHost()) throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading", host: host.host)
        #expect(coordinator.start() == .applied)
        return coordinator
    }

    @Test func seedScenarioStepForStep() throws {
        let coordinator = try makeReading()
        #expect(coordinator.send("selectBook", arguments: ["bookID": .int(7)]) == .applied)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)"])
        #expect(coordinator.send("edit") == .applied)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)", "edit.editor(bookID: 7)"])
        #expect(coordinator.instanceFlows == ["reading", "edit"])
        let child = try #require(coordinator.root?.children.values.first)
        #expect(child.arguments == ["bookID": .int(7)])
        #expect(child.declaration == "edit")

        // The child finishes: its route goes, the parent keeps its own.
        #expect(child.finish("saved") == .applied)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)"])
        #expect(coordinator.root?.children.isEmpty == true)
        #expect(child.isAlive == false)
        // A second completion is inert.
        #expect(child.finish("saved") == StepResult(.stale, .instanceNotAlive(child.id)))
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)"])

        // Start editing again, then dismiss it with interactive back: the editor asks first.
        #expect(coordinator.send("edit") == .applied)
        let dismissed = try #require(coordinator.root?.children.values.first)
        let details = Array(coordinator.path.prefix(2))
        #expect(coordinator.reconcile(to: details) == StepResult(.pending))
        #expect(coordinator.pendingConfirmation?.prompt == "discardDraft")
        #expect(coordinator.pendingConfirmation?.screen == "editor")
        #expect(coordinator.path.count == 3)
        #expect(coordinator.confirmRemoval() == .applied)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)"])
        #expect(coordinator.root?.children.isEmpty == true)
        // The dismissed child's late completion pops nothing.
        #expect(dismissed.finish("saved").status == .stale)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)"])

        // A path that is not a prefix is refused.
        #expect(coordinator.send("back") == .applied)
        #expect(coordinator.send("selectBook", arguments: ["bookID": .int(8)]) == .applied)
        #expect(coordinator.reconcile(to: details) == StepResult(.rejected, .notAPrefix))
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 8)"])

        coordinator.stop()
        #expect(coordinator.path.isEmpty)
        #expect(coordinator.root == nil)
        #expect(coordinator.status == .stopped)
    }

    @Test func completionBeforeBackGesture() throws {
        let coordinator = try makeReading()
        coordinator.send("selectBook", arguments: ["bookID": .int(7)])
        let details = coordinator.path
        coordinator.send("edit")
        let child = try #require(coordinator.root?.children.values.first)
        let editorToken = coordinator.top.token
        #expect(child.finish("saved") == .applied)
        // The back gesture arrives late, for the path that still showed the editor: it is a prefix, no-op.
        #expect(coordinator.reconcile(to: details) == .applied)
        #expect(coordinator.path == details)
        #expect(coordinator.send("save", from: editorToken) == StepResult(.stale, .routeNotOnPath(editorToken)))
        #expect(child.finish("discarded").status == .stale)
        #expect(coordinator.path == details)
        #expect(coordinator.root?.children.isEmpty == true)
    }

    @Test func backGestureBeforeCompletion() throws {
        let coordinator = try makeReading()
        coordinator.send("selectBook", arguments: ["bookID": .int(7)])
        let details = coordinator.path
        coordinator.send("edit")
        let child = try #require(coordinator.root?.children.values.first)
        let editorToken = coordinator.top.token
        #expect(coordinator.reconcile(to: details) == StepResult(.pending))
        #expect(coordinator.confirmRemoval() == .applied)
        #expect(child.isAlive == false)
        // The completion arrives after the back gesture: inert, and it pops nothing of the parent's.
        #expect(child.finish("saved") == StepResult(.stale, .instanceNotAlive(child.id)))
        #expect(coordinator.send("save", from: editorToken).status == .stale)
        #expect(coordinator.path == details)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)"])
    }

    @Test func finishByEventFromTheEditor() throws {
        let coordinator = try makeReading()
        coordinator.send("selectBook", textArguments: ["bookID": "7"])
        coordinator.send("edit")
        #expect(coordinator.send("save") == .applied)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)"])
        #expect(coordinator.instanceFlows == ["reading"])
    }

    @Test func twoCoordinatorsSideBySide() throws {
        let first = try makeReading()
        let second = try makeReading()
        first.send("selectBook", arguments: ["bookID": .int(7)])
        first.send("edit")
        second.send("selectBook", arguments: ["bookID": .int(3)])
        #expect(first.screens == ["reading.library", "reading.details(bookID: 7)", "edit.editor(bookID: 7)"])
        #expect(second.screens == ["reading.library", "reading.details(bookID: 3)"])
        #expect(first.instanceFlows == ["reading", "edit"])
        #expect(second.instanceFlows == ["reading"])
        // Same token numbers, different coordinators: a token only means something to its own coordinator.
        #expect(first.path[1].token.rawValue == second.path[1].token.rawValue)
        #expect(first.path[1].token != second.path[1].token)
        #expect(
            second.send("back", from: first.path[1].token) == StepResult(.rejected, .foreignToken(first.path[1].token)))
        second.stop()
        #expect(first.screens == ["reading.library", "reading.details(bookID: 7)", "edit.editor(bookID: 7)"])
        #expect(first.send("save") == .applied)
        #expect(second.path.isEmpty)
    }

    @Test func keepEditingLeavesEverything() throws {
        let coordinator = try makeReading()
        coordinator.send("selectBook", arguments: ["bookID": .int(7)])
        coordinator.send("edit")
        let before = coordinator.path
        #expect(coordinator.back() == StepResult(.pending))
        #expect(coordinator.keepEditing() == .applied)
        #expect(coordinator.path == before)
        #expect(coordinator.pendingConfirmation == nil)
        #expect(coordinator.keepEditing() == StepResult(.rejected, .noPendingConfirmation))
        #expect(coordinator.confirmRemoval() == StepResult(.rejected, .noPendingConfirmation))
    }
}
