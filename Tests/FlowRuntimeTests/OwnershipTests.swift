import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Lifetimes: an unowned coordinator deallocates with every child; handles held by a host go inert.
@MainActor
struct OwnershipTests {
    @Test func coordinatorWithoutOwnerDeallocatesWithEveryChild() throws {
        weak var weakCoordinator: FlowCoordinator?
        weak var weakRoot: FlowInstance?
        weak var weakMain: FlowInstance?
        weak var weakPosts: FlowInstance?
        var kept: FlowInstance?
        do {
            let host = TestHost()
            host.conditions = ["hasOnboarded": true, "isLoggedIn": true]
            let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "app", host: host.host)
            coordinator.start()
            coordinator.send("createPost")
            weakCoordinator = coordinator
            weakRoot = coordinator.root
            weakMain = coordinator.root?.children.values.first
            weakPosts = weakMain?.children.values.first
            kept = weakPosts?.children.values.first
            #expect(kept?.flow == "createPost")
            #expect(kept?.parent === weakPosts)
        }
        #expect(weakCoordinator == nil)
        #expect(weakRoot == nil)
        #expect(weakMain == nil)
        #expect(weakPosts == nil)
        // A handle the host kept outlives the coordinator, and its completion does nothing.
        let handle = try #require(kept)
        #expect(handle.parent == nil)
        #expect(handle.finish("published") == StepResult(.stale, .instanceNotAlive(handle.id)))
    }

    @Test func stopReleasesEveryInstance() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        coordinator.start()
        coordinator.send("selectBook", arguments: ["bookID": .int(1)])
        coordinator.send("edit")
        weak let root = coordinator.root
        weak let edit = coordinator.root?.children.values.first
        #expect(coordinator.stop() == .applied)
        #expect(root == nil)
        #expect(edit == nil)
        #expect(coordinator.stop() == .applied)
        #expect(coordinator.reconcile(toTokens: []) == .applied)
    }

    @Test func childRefersToItsParentWeaklyAndParentOwnsIt() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        coordinator.start()
        coordinator.send("selectBook", arguments: ["bookID": .int(1)])
        coordinator.send("edit")
        let root = try #require(coordinator.root)
        let edit = try #require(root.children.values.first)
        #expect(edit.parent === root)
        #expect(coordinator.instance(edit.id) === edit)
        #expect(root.children.count == 1)
        #expect(coordinator.top.instance == edit.id)
        edit.finish("saved")
        #expect(root.children.isEmpty)
        #expect(coordinator.instance(edit.id) == nil)
    }

    @Test func reentrantCompletionIsInert() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        coordinator.start()
        coordinator.send("selectBook", arguments: ["bookID": .int(1)])
        coordinator.send("edit")
        let edit = try #require(coordinator.root?.children.values.first)
        // Finishing by event clears the completion: a later handle call is stale.
        #expect(coordinator.send("cancel") == .applied)
        #expect(edit.finish("saved").status == .stale)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 1)"])
    }
}
