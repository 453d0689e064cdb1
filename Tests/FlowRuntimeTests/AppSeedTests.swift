import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// The third seed: the app picks auth or main on a condition; auth finishing shows main; a create-post
/// child is removed when it finishes.
@MainActor
struct AppSeedTests {
    func makeApp(onboarded: Bool, loggedIn: Bool) throws -> (FlowCoordinator, TestHost) {
        let host = TestHost()
        host.conditions = ["hasOnboarded": onboarded, "isLoggedIn": loggedIn]
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "app", host: host.host)
        #expect(coordinator.start() == .applied)
        return (coordinator, host)
    }

    @Test func appPicksMainWhenLoggedIn() throws {
        let (coordinator, host) = try makeApp(onboarded: true, loggedIn: true)
        #expect(host.asked == ["hasOnboarded", "isLoggedIn"])
        #expect(coordinator.screens == ["posts.list"])
        #expect(coordinator.instanceFlows == ["app", "main", "posts"])
    }

    @Test func authFinishingShowsMain() throws {
        let (coordinator, _) = try makeApp(onboarded: true, loggedIn: false)
        #expect(coordinator.screens == ["auth.signIn"])
        weak let auth = coordinator.root?.children.values.first
        #expect(coordinator.send("forgotPassword") == .applied)
        #expect(coordinator.screens == ["auth.signIn", "auth.resetPassword"])
        #expect(coordinator.send("sent") == .applied)
        #expect(coordinator.send("submit") == .applied)
        #expect(coordinator.screens == ["posts.list"])
        #expect(coordinator.instanceFlows == ["app", "main", "posts"])
        #expect(auth == nil)
    }

    @Test func createPostChildIsRemovedWhenItFinishes() throws {
        let (coordinator, _) = try makeApp(onboarded: true, loggedIn: true)
        #expect(coordinator.send("createPost") == .applied)
        #expect(coordinator.screens == ["posts.list", "createPost.compose"])
        #expect(coordinator.instanceFlows == ["app", "main", "posts", "createPost"])
        weak let createPost = coordinator.instance(coordinator.top.instance)
        #expect(coordinator.send("preview", arguments: ["title": .string("Hello")]) == .applied)
        #expect(coordinator.screens == ["posts.list", "createPost.compose", "createPost.preview(title: Hello)"])
        #expect(coordinator.send("publish") == .applied)
        #expect(coordinator.screens == ["posts.list"])
        #expect(coordinator.instanceFlows == ["app", "main", "posts"])
        #expect(createPost == nil)

        coordinator.send("createPost")
        #expect(coordinator.send("cancel") == .applied)
        #expect(coordinator.screens == ["posts.list"])
        #expect(coordinator.instanceFlows == ["app", "main", "posts"])
    }

    @Test func signingOutFinishesTwoFlowsAndShowsAuth() throws {
        let (coordinator, _) = try makeApp(onboarded: true, loggedIn: true)
        coordinator.send("selectPost", arguments: ["postId": .int(3)])
        #expect(coordinator.screens == ["posts.list", "posts.detail(postId: 3)"])
        let list = coordinator.path[0].token
        // signOut from the list, below the top: finish is allowed from below and removes the detail too.
        #expect(coordinator.send("signOut", from: list) == .applied)
        #expect(coordinator.screens == ["auth.signIn"])
        #expect(coordinator.instanceFlows == ["app", "auth"])
    }
}
