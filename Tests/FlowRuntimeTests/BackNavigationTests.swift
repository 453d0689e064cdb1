import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Interactive back: prefixes only, cancelling children, confirm and preserve policies.
@MainActor
struct BackNavigationTests {
    func app() throws -> FlowCoordinator {
        let host = TestHost()
        host.conditions = ["hasOnboarded": true, "isLoggedIn": true]
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "app", host: host.host)
        coordinator.start()
        return coordinator
    }

    @Test func preserveKeepsTheDraftForTheNextStart() throws {
        let coordinator = try app()
        coordinator.send("createPost")
        coordinator.send("preview", arguments: ["title": .string("Draft")])
        weak let first = coordinator.instance(coordinator.top.instance)
        #expect(coordinator.back(2) == .applied)
        #expect(coordinator.screens == ["posts.list"])
        #expect(first == nil)
        #expect(coordinator.send("createPost") == .applied)
        #expect(coordinator.screens == ["posts.list", "createPost.compose", "createPost.preview(title: Draft)"])
        // A finished child leaves no draft behind.
        coordinator.send("publish")
        coordinator.send("createPost")
        #expect(coordinator.screens == ["posts.list", "createPost.compose"])
    }

    @Test func backWithinAChildKeepsItAlive() throws {
        let coordinator = try app()
        coordinator.send("createPost")
        coordinator.send("preview", arguments: ["title": .string("T")])
        #expect(coordinator.back() == .applied)
        #expect(coordinator.screens == ["posts.list", "createPost.compose"])
        #expect(coordinator.instanceFlows == ["app", "main", "posts", "createPost"])
        // Removing only a non-preserve route saves no draft: dismissing now saves compose.
        #expect(coordinator.back() == .applied)
        coordinator.send("createPost")
        #expect(coordinator.screens == ["posts.list", "createPost.compose"])
    }

    @Test func backToTheEmptyPathStops() throws {
        let coordinator = try app()
        #expect(coordinator.back() == .applied)
        #expect(coordinator.status == .stopped)
        #expect(coordinator.root == nil)
        #expect(coordinator.back() == StepResult(.rejected, .backBeyondPath(count: 1, length: 0)))
        #expect(coordinator.back(-1) == StepResult(.rejected, .backBeyondPath(count: -1, length: 0)))
    }

    @Test func confirmedRemovalPastTheParentSkipsTheHandler() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        coordinator.start()
        coordinator.send("selectBook", arguments: ["bookID": .int(4)])
        coordinator.send("edit")
        #expect(coordinator.back(2) == StepResult(.pending))
        #expect(coordinator.pendingConfirmation?.keepCount == 1)
        #expect(
            coordinator.confirmRemoval()
                == StepResult(
                    .applied,
                    .handlerSkipped(
                        flow: "reading", outcome: "discarded", because: "the removal also took routes of flow 'reading'"
                    )))
        #expect(coordinator.screens == ["reading.library"])
        #expect(coordinator.instanceFlows == ["reading"])
    }

    @Test func outdatedConfirmationIsStale() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        coordinator.start()
        coordinator.send("selectBook", arguments: ["bookID": .int(4)])
        coordinator.send("edit")
        #expect(coordinator.back() == StepResult(.pending))
        // The editor saves while the question is showing: the step clears the pending confirmation.
        coordinator.send("save")
        #expect(coordinator.pendingConfirmation == nil)
        #expect(coordinator.confirmRemoval() == StepResult(.rejected, .noPendingConfirmation))
    }

    @Test func confirmedRemovalRunsTheParentHandler() throws {
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([
                """
                flow: list
                start: items
                screens:
                  items:
                    on:
                      edit: { start: editor }
                  discardedNotice: {}
                children:
                  editor: { flow: editor, on: { saved: stay, discarded: { push: discardedNotice } } }
                """,
                """
                flow: editor
                start: form
                outcomes: [saved, discarded]
                screens:
                  form:
                    removal: { policy: confirm, ask: discard, outcome: discarded }
                    on:
                      save: { finish: saved }
                """,
            ]), flow: "list")
        coordinator.start()
        coordinator.send("edit")
        let items = Array(coordinator.path.prefix(1))
        #expect(coordinator.reconcile(to: items) == StepResult(.pending))
        #expect(coordinator.pendingConfirmation?.prompt == "discard")
        #expect(coordinator.confirmRemoval() == .applied)
        #expect(coordinator.screens == ["list.items", "list.discardedNotice"])
        #expect(coordinator.instanceFlows == ["list"])
    }
}
