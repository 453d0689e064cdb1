import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Foundation
import Testing

/// The examples that broke the guarantees of docs/RUNNING.md ("Guarantees") when features met, each run
/// as a script; the explorer (FlowExplorerTests) searches for the rest of their kinds.
@MainActor
struct GuaranteeExampleTests {
    /// The shipped flows, with a link into the posts in the app root.
    static func appWithPostLink() throws -> FlowBundle {
        let folder = URL(fileURLWithPath: Fixtures.flowsFolder)
        var sources: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        where name.hasSuffix(".yaml") {
            var text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            if name == "app.yaml" {
                text += "\nlinks:\n  \"/posts/{postId:int}\": [main, posts, { detail: { postId: $postId } }]\n"
            }
            sources.append(text)
        }
        return try Fixtures.bundle(sources)
    }

    /// Guarantee 4 and seed 002's promise: onboarding (`linkPolicy: queue`) holds a link that its own
    /// start would not show, and the link opens, judged whole, once onboarding's handler showed `main`.
    @Test func onboardingQueuesALinkAndOpensItAfterItFinishes() throws {
        let runner = try FlowScriptRunner(bundle: try Self.appWithPostLink(), flow: "app")
        let lines = runner.run(
            script: """
                condition hasOnboarded false
                condition isLoggedIn true
                check postExists 5 true
                start
                open /posts/5
                event continue
                event continue
                event done
                """)
        #expect(
            lines.map(\.status) == [
                "applied", "applied", "applied", "applied", "queued", "applied", "applied", "applied",
            ])
        #expect(lines[4].instances?.children.first?.queuedLinks == ["/posts/5"])
        let last = try #require(lines.last)
        #expect(last.path.map { "\($0.flow).\($0.screen)" } == ["posts.list", "posts.detail"])
        #expect(last.path.last?.arguments["postId"]?.value == .int(5))
        #expect(last.links?.map(\.url) == ["/posts/5"])
        #expect(last.links?.map(\.status) == ["applied"])
    }

    /// Guarantee 1, found by the explorer with checks answered both ways: a confirmation whose waiting
    /// step is refused when confirmed (its link's host check answers false now) is a refused step, and
    /// leaves the question asked; confirming again once the check passes runs the step.
    @Test func aConfirmationWhoseStepIsRefusedStaysAsked() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading")
        let lines = runner.run(
            script: """
                open /books/1/edit
                open /books/1
                check bookExists 1 false
                confirm
                check bookExists 1 true
                confirm
                """)
        #expect(lines.map(\.status) == ["applied", "pending", "applied", "rejected", "applied", "applied"])
        #expect(lines[3].reason == "'bookID' of screen 'details' of flow 'reading': host check 'bookExists' refused 1")
        #expect(lines[3].pending?.route == 3)
        #expect(lines[3].pending?.screen == "editor")
        #expect(lines[3].path.map(\.token) == [1, 2, 3])
        #expect(lines[5].pending == nil)
        #expect(lines[5].path.map { "\($0.flow).\($0.screen)" } == ["reading.library", "reading.details"])
    }

    /// A queued link is judged when it opens: one that no longer fits is reported with its reason.
    @Test func aQueuedLinkThatNoLongerFitsIsReportedWhenItOpens() throws {
        let runner = try FlowScriptRunner(bundle: try Self.appWithPostLink(), flow: "app")
        let lines = runner.run(
            script: """
                start
                open /posts/5
                event continue
                event continue
                event done
                """)
        #expect(lines[1].status == "queued")
        let last = try #require(lines.last)
        #expect(last.path.map { "\($0.flow).\($0.screen)" } == ["auth.signIn"])
        #expect(last.links?.map(\.url) == ["/posts/5"])
        #expect(last.links?.first?.status == "rejected")
        #expect(
            last.links?.first?.reason
                == "deep link '/posts/5' cannot show 'main' now: flow 'app' starts at 'onboarding' now ('hasOnboarded' is false)"
        )
    }

    /// A queued link's arguments are checked when it is queued, past routes whose conditions are judged
    /// later: a constraint or a host check that fails refuses it at once.
    @Test func aQueuedLinkWithBadArgumentsIsRefusedAtOnce() throws {
        let runner = try FlowScriptRunner(bundle: try Self.appWithPostLink(), flow: "app")
        let lines = runner.run(script: "start\nopen /posts/0\ncheck postExists 5 false\nopen /posts/5\nopen /posts/6")
        #expect(lines.map(\.status) == ["applied", "rejected", "applied", "rejected", "queued"])
        #expect(lines[1].reason == "'postId' of screen 'detail' of flow 'posts': 0 is less than the minimum 1")
        #expect(lines.last?.instances?.children.first?.queuedLinks == ["/posts/6"])
    }

    /// A queued link whose URL matches no pattern is refused at once.
    @Test func aQueuedLinkMatchingNoPatternIsRefusedAtOnce() throws {
        let runner = try FlowScriptRunner(bundle: try Self.appWithPostLink(), flow: "app")
        let lines = runner.run(script: "start\nopen /posts/five")
        #expect(lines.last?.status == "rejected")
        #expect(lines.last?.instances?.children.first?.queuedLinks == nil)
    }

    /// Guarantee 2: back at a tab's first route is refused; the app keeps running.
    @Test func backAtATabsFirstRouteIsRefused() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "social")
        let lines = runner.run(script: "start\nback\nselect search\nback\nbackto 0")
        #expect(lines.map(\.status) == ["applied", "rejected", "applied", "rejected", "rejected"])
        #expect(
            lines[1].reason == "back would remove the first route of tab 'feed'; a tab lives as long as its tab flow")
        #expect(
            lines[3].reason == "back would remove the first route of tab 'search'; a tab lives as long as its tab flow")
        #expect(lines.map(\.coordinator) == ["running", "running", "running", "running", "running"])
    }

    /// Guarantee 3: an event from a route under the sign-in cover is refused; the cover stays.
    @Test func anEventFromUnderACoverIsRefused() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "social")
        let lines = runner.run(script: "open /feed/new\nevent @1 openPost postID=1")
        #expect(lines[0].stacks?.map(\.kind) == ["tab", "cover"])
        #expect(lines[1].status == "rejected")
        #expect(
            lines[1].reason
                == "route 1 ('feed.timeline') is under the presented flow 'signIn': only the routes of the topmost presented stack send events"
        )
        #expect(lines[1].stacks?.map(\.kind) == ["tab", "cover"])
    }

    /// Guarantee 4: declining the confirmation a deep link asked for reports the link dropped.
    @Test func keepReportsTheLinkThatAsked() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading")
        let lines = runner.run(script: "open /books/1/edit\nopen /books/1\nkeep")
        #expect(lines.map(\.status) == ["applied", "pending", "applied"])
        #expect(lines[2].links?.map(\.url) == ["/books/1"])
        #expect(lines[2].links?.first?.status == "rejected")
        #expect(
            lines[2].links?.first?.reason
                == "deep link '/books/1' was dropped: the person kept 'edit.editor', which the link would have removed")
        #expect(lines[2].path.map(\.screen) == ["library", "details", "editor"])
    }

    /// Guarantee 4: a link whose confirmation another step drops or replaces is reported, not lost.
    @Test func aLinkWaitingForAConfirmationIsReportedWhenAnotherStepDropsIt() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading")
        let lines = runner.run(script: "open /books/1/edit\nopen /books/1\nevent cancel")
        #expect(lines.map(\.status) == ["applied", "pending", "applied"])
        #expect(lines[2].links?.map(\.url) == ["/books/1"])
        #expect(
            lines[2].links?.first?.reason
                == "deep link '/books/1' was dropped: the confirmation it waited for was dropped by another step")
        let confirmed = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading")
        let opened = confirmed.run(script: "open /books/1/edit\nopen /books/1\nconfirm")
        #expect(opened.map(\.status) == ["applied", "pending", "applied"])
        #expect(opened[2].links == nil)
        #expect(opened[2].path.map(\.screen) == ["library", "details"])
    }

    /// Data an outcome carries reaches what its handler builds, through a guarded link's continuation too:
    /// the `notes` instance that sign-in's `signedIn` handler built keeps `account` when the link opens.
    @Test func aContinuationKeepsWhatTheHandlerBuilt() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "notesApp")
        let lines = runner.run(
            script: """
                start
                open /notes/5
                event submit email=ada@example.com
                condition isSignedIn true
                event verify code=123456
                """)
        let last = try #require(lines.last)
        #expect(last.links?.map(\.url) == ["/notes/5"])
        #expect(last.path.map(\.screen) == ["list", "note"])
        #expect(last.instances?.children.first?.arguments["account"]?.value == .string("ada@example.com"))
    }
}
