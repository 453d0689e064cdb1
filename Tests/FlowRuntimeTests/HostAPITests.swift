import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// What a host can do wrong through the public API: foreign routes, late or repeated completions, handles
/// that outlive their coordinator, links during a confirmation.
@MainActor
struct HostAPITests {
    func reading(editing bookID: Int) throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        #expect(coordinator.open("/books/\(bookID)/edit") == .applied)
        return coordinator
    }

    @Test func routesOfAnotherCoordinatorAreNotAPrefix() throws {
        let first = try reading(editing: 7)
        let second = try reading(editing: 8)
        // Same token numbers (1, 2, 3), other routes: before, comparing tokens only popped `first`'s editor.
        #expect(first.path.map(\.token.rawValue) == second.path.map(\.token.rawValue))
        #expect(first.path.map(\.token) != second.path.map(\.token))
        #expect(first.reconcile(to: Array(second.path.prefix(2))) == StepResult(.rejected, .notAPrefix))
        #expect(first.screens == ["reading.library", "reading.details(bookID: 7)", "edit.editor(bookID: 7)"])
        #expect(second.reconcile(to: Array(first.path.prefix(1))) == StepResult(.rejected, .notAPrefix))
        // Its own routes are a prefix.
        #expect(first.reconcile(to: Array(first.path.prefix(2))) == StepResult(.pending))
    }

    @Test func reconcileToTheSamePathIsANoOpAndALongerPathIsRefused() throws {
        let coordinator = try reading(editing: 7)
        let path = coordinator.path
        #expect(coordinator.reconcile(to: path) == .applied)
        #expect(coordinator.path == path)
        #expect(coordinator.pendingConfirmation == nil)
        let other = try reading(editing: 7)
        other.send("save")
        other.send("edit")
        #expect(coordinator.reconcile(to: path + [other.top]) == StepResult(.rejected, .notAPrefix))
        #expect(coordinator.path == path)
    }

    @Test func aHandleOutlivingItsCoordinatorIsNotAlive() throws {
        var kept: FlowInstance?
        weak var weakCoordinator: FlowCoordinator?
        do {
            let coordinator = try reading(editing: 7)
            weakCoordinator = coordinator
            kept = coordinator.root?.children.values.first
            #expect(kept?.isAlive == true)
        }
        #expect(weakCoordinator == nil)
        let handle = try #require(kept)
        // Before: isAlive stayed true although nothing owned it any more.
        #expect(!handle.isAlive)
        #expect(handle.finish("saved") == StepResult(.stale, .instanceNotAlive(handle.id)))
    }

    @Test func completionsAfterStopTwiceOrAfterTheParentWentAreInert() throws {
        let coordinator = try reading(editing: 7)
        let edit = try #require(coordinator.root?.children.values.first)
        coordinator.stop()
        #expect(!edit.isAlive)
        #expect(edit.finish("saved").status == .stale)
        #expect(coordinator.stop() == .applied)

        coordinator.open("/books/7/edit")
        let second = try #require(coordinator.root?.children.values.first)
        #expect(second.finish("saved") == .applied)
        #expect(second.finish("saved").status == .stale)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)"])

        coordinator.send("edit")
        let third = try #require(coordinator.root?.children.values.first)
        #expect(coordinator.open("/books/9") == StepResult(.pending))  // replaces the editor: asks first
        #expect(coordinator.confirmRemoval() == .applied)  // and the parent instance too
        #expect(third.parent == nil || third.parent?.isAlive == false)
        #expect(third.finish("saved").status == .stale)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 9)"])
    }

    @Test func aDeepLinkWhileAConfirmationIsPendingReplacesItWhole() throws {
        let coordinator = try reading(editing: 7)
        #expect(coordinator.back() == StepResult(.pending))
        // The link would remove the editor too: it asks in place of the back gesture, and confirming opens it.
        #expect(coordinator.open("/books/3") == StepResult(.pending))
        #expect(coordinator.pendingConfirmation?.keepCount == 0)
        #expect(coordinator.confirmRemoval() == .applied)
        #expect(coordinator.pendingConfirmation == nil)
        #expect(coordinator.confirmRemoval() == StepResult(.rejected, .noPendingConfirmation))
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 3)"])
        // A refused link keeps the pending confirmation, which still applies.
        coordinator.send("edit")
        #expect(coordinator.back() == StepResult(.pending))
        #expect(coordinator.open("/books/0").status == .rejected)
        #expect(coordinator.confirmRemoval() == .applied)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 3)"])
    }

    /// What the snapshot shows at the same place (the root and its library) is put back, with its id and
    /// token; the rest is new (docs/RUNNING.md, "Snapshots").
    @Test func aSnapshotOfAnotherCoordinatorRestoresWithFreshInstancesAboveWhatItPutsBack() throws {
        let source = try reading(editing: 7)
        let target = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        target.start()
        target.send("selectBook", arguments: ["bookID": .int(2)])
        let oldRoot = try #require(target.root)
        #expect(target.restore(source.snapshot()) == .applied)
        #expect(oldRoot.isAlive)
        #expect(target.root === oldRoot)
        #expect(target.screens == source.screens)
        #expect(target.path.map(\.token.rawValue) == [1, 4, 5])
        let wrongRoot = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "posts")
        #expect(wrongRoot.restore(source.snapshot()).status == .rejected)
    }

    @Test func backBeyondThePathSaysHowFarItCanGo() throws {
        let coordinator = try reading(editing: 7)
        #expect(coordinator.back(4) == StepResult(.rejected, .backBeyondPath(count: 4, length: 3)))
        #expect(coordinator.back(toLength: 4) == StepResult(.rejected, .prefixBeyondPath(requested: 4, length: 3)))
        #expect(coordinator.back(toLength: -1) == StepResult(.rejected, .prefixBeyondPath(requested: -1, length: 3)))
        #expect(
            FlowRuntimeError.backBeyondPath(count: 4, length: 3).description
                == "cannot go back 4 routes: the path has 3; give a count from 0 to 3")
        #expect(coordinator.back(toLength: 3) == .applied)
        #expect(coordinator.back(toLength: 1) == StepResult(.pending))
    }
}

extension HostAPITests {
    @Test func aLinkWhosePlaceholderDoesNotParseSaysWhy() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        // Before: "no deep link matches '/books/99999999999999999999'" although the pattern fits.
        #expect(
            coordinator.open("/books/99999999999999999999/edit")
                == StepResult(
                    .rejected,
                    .linkPlaceholderInvalid(
                        url: "/books/99999999999999999999/edit", pattern: "/books/{bookID:int}/edit", name: "bookID",
                        text: "99999999999999999999", type: .int)))
        #expect(
            coordinator.open("/books/07").reason?.description
                == "no deep link matches '/books/07': it fits '/books/{bookID:int}', but '07' is not a valid int for 'bookID'"
        )
        #expect(coordinator.open("/books/7/read") == StepResult(.rejected, .noMatchingLink("/books/7/read")))
        #expect(coordinator.status == .idle)
    }
}
