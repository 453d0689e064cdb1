import FlowModel
import FlowRuntime
import FlowTestSupport
import Foundation
import Testing

@MainActor
struct DeepLinkTests {
    func makeReading(_ host: TestHost = TestHost()) throws -> FlowCoordinator {
        try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading", host: host.host)
    }

    @Test func linkBuildsTheWholePathAndChild() throws {
        let coordinator = try makeReading()
        #expect(coordinator.open("app://reading/books/7/edit?from=mail") == .applied)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)", "edit.editor(bookID: 7)"])
        #expect(coordinator.instanceFlows == ["reading", "edit"])
        #expect(coordinator.status == .running)
        // The built child is a real child: finishing it returns to details.
        #expect(coordinator.send("save") == .applied)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)"])
    }

    @Test func linkReplacesTheRunningState() throws {
        let coordinator = try makeReading()
        coordinator.start()
        coordinator.send("selectBook", arguments: ["bookID": .int(2)])
        coordinator.send("edit")
        weak let oldEdit = coordinator.root?.children.values.first
        #expect(coordinator.open("/books/5") == StepResult(.pending))
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 2)", "edit.editor(bookID: 2)"])
        #expect(coordinator.confirmRemoval() == .applied)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 5)"])
        #expect(oldEdit == nil)
    }

    @Test func invalidLinksLeaveTheStateUntouched() throws {
        let host = TestHost()
        host.checks = ["bookExists": ["9": false]]
        let coordinator = try makeReading(host)
        coordinator.start()
        coordinator.send("selectBook", arguments: ["bookID": .int(2)])
        let before = coordinator.path
        let receiver = "screen 'details' of flow 'reading'"
        #expect(
            coordinator.open("/books/9")
                == StepResult(
                    .rejected, .checkFailed(receiver: receiver, name: "bookID", check: "bookExists", value: .int(9))))
        #expect(
            coordinator.open("/books/0")
                == StepResult(
                    .rejected,
                    .constraintViolated(receiver: receiver, name: "bookID", message: "0 is less than the minimum 1")))
        #expect(
            coordinator.open("/books/07")
                == StepResult(
                    .rejected,
                    .linkPlaceholderInvalid(
                        url: "/books/07", pattern: "/books/{bookID:int}", name: "bookID", text: "07", type: .int)))
        #expect(
            coordinator.open("/books/seven")
                == StepResult(
                    .rejected,
                    .linkPlaceholderInvalid(
                        url: "/books/seven", pattern: "/books/{bookID:int}", name: "bookID", text: "seven", type: .int))
        )
        #expect(coordinator.open("/authors/1") == StepResult(.rejected, .noMatchingLink("/authors/1")))
        #expect(coordinator.path == before)
        #expect(coordinator.instanceFlows == ["reading"])
    }

    @Test func literalSegmentsWinOverPlaceholders() throws {
        // The shipped posts flow runs as a child of main, where its links would never match (FC651):
        // here it is the root, with the links it had.
        let posts =
            try String(contentsOfFile: Fixtures.flowsFolder + "/posts.yaml", encoding: .utf8) + """
                links:
                  "/posts/{postId:int}": [list, { detail: { postId: $postId } }]
                  "/posts/new": [list, createPost]
                """
        let createPost = try String(contentsOfFile: Fixtures.flowsFolder + "/createPost.yaml", encoding: .utf8)
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle([posts, createPost]), flow: "posts")
        #expect(coordinator.open("/posts/new") == .applied)
        #expect(coordinator.screens == ["posts.list", "createPost.compose"])
        #expect(coordinator.open("/posts/4") == .applied)
        #expect(coordinator.screens == ["posts.list", "posts.detail(postId: 4)"])
    }

    static let policies = Fixtures.linkPolicyFlows

    func makeShell() throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle(Self.policies), flow: "shell")
        #expect(coordinator.start() == .applied)
        return coordinator
    }

    @Test func queuedLinkOpensWhenTheFlowFinishes() throws {
        let coordinator = try makeShell()
        coordinator.send("wizard")
        #expect(coordinator.open("/items/3") == StepResult(.queued))
        #expect(coordinator.screens == ["shell.home", "wizard.step"])
        #expect(coordinator.send("ok") == .applied)
        #expect(coordinator.screens == ["shell.home", "shell.item(id: 3)"])
        #expect(coordinator.instanceFlows == ["shell"])
    }

    @Test func queuedLinkIsDroppedWhenTheFlowIsCancelled() throws {
        let coordinator = try makeShell()
        coordinator.send("wizard")
        #expect(coordinator.open("/items/3") == StepResult(.queued))
        #expect(coordinator.back() == .applied)
        #expect(coordinator.screens == ["shell.home"])
        coordinator.send("wizard")
        coordinator.send("ok")
        #expect(coordinator.screens == ["shell.home"])
    }

    @Test func rejectPolicyRefusesLinks() throws {
        let coordinator = try makeShell()
        coordinator.send("closed")
        #expect(coordinator.open("/items/3") == StepResult(.rejected, .linkRejected(flow: "closed")))
        #expect(coordinator.screens == ["shell.home", "closed.only"])
    }

    @Test func redirectPolicyShowsTheRedirectScreen() throws {
        let coordinator = try makeShell()
        coordinator.send("gate")
        #expect(coordinator.open("/items/3") == StepResult(.redirected))
        #expect(coordinator.screens == ["shell.home", "gate.signIn"])
        coordinator.send("more")
        #expect(coordinator.open("/items/3") == StepResult(.redirected))
        #expect(coordinator.screens == ["shell.home", "gate.signIn", "gate.help", "gate.signIn"])
    }

    @Test func invalidLinkGoesToTheFallback() throws {
        let coordinator = try makeShell()
        coordinator.send("wizard")
        let before = coordinator.screens
        // The queueing flow is protected: an invalid link is refused and the wizard stays.
        #expect(
            coordinator.open("/items/0")
                == StepResult(
                    .rejected,
                    .constraintViolated(
                        receiver: "screen 'item' of flow 'shell'", name: "id", message: "0 is less than the minimum 1"))
        )
        #expect(coordinator.screens == before)
        coordinator.stop()
        coordinator.start()
        #expect(
            coordinator.open("/items/0")
                == StepResult(
                    .applied,
                    .linkFellBack(
                        url: "/items/0", because: "'id' of screen 'item' of flow 'shell': 0 is less than the minimum 1")
                ))
        #expect(coordinator.screens == ["shell.notFound"])
        #expect(coordinator.instanceFlows == ["shell"])
        #expect(
            coordinator.open("/nowhere")
                == StepResult(.applied, .linkFellBack(url: "/nowhere", because: "no deep link matches '/nowhere'")))
    }
}
