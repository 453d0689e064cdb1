import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// An interactive run must not hide the tree: the text `flowc run` shows on a terminal names every flow
/// instance with its id, marks sheets, covers and tabs, and lists each shown tab set, so `dismiss #ID`,
/// `select TAB #ID`, `back N #ID` and `finish #ID` can be typed from what is shown.
@MainActor
struct ReadableTraceTests {
    func shown(_ runner: FlowScriptRunner, _ script: String) -> [String] {
        runner.run(script: script).map { ReadableTrace.render($0, bundle: runner.coordinator.bundle) }
    }

    @Test func tabsSheetsAndCoversShowTheirInstances() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "social")
        let texts = shown(
            runner,
            """
            start
            select search
            select feed
            condition isSignedIn true
            event compose
            dismiss #5
            dismiss #4
            select profile
            event signIn
            """)
        #expect(
            texts == [
                "applied\npath: [social #1 / feed #2 tab] timeline\ntabs of social #1: feed #2 (shown), search, profile\nevents: openPost(postID: int), compose, showProfile",
                "applied\npath: [social #1 / search #3 tab] query\ntabs of social #1: feed #2 (kept), search #3 (shown), profile\nevents: submit(query: string)",
                "applied\npath: [social #1 / feed #2 tab] timeline\ntabs of social #1: feed #2 (shown), search #3 (kept), profile\nevents: openPost(postID: int), compose, showProfile",
                "applied\npath: [social #1 / feed #2 tab] timeline\ntabs of social #1: feed #2 (shown), search #3 (kept), profile\nevents: openPost(postID: int), compose, showProfile",
                "applied\npath: [social #1 / feed #2 tab] timeline › [compose #4 sheet] compose\ntabs of social #1: feed #2 (shown), search #3 (kept), profile\nevents: preview(title: string), cancel",
                "rejected: no flow instance #5\npath: [social #1 / feed #2 tab] timeline › [compose #4 sheet] compose\ntabs of social #1: feed #2 (shown), search #3 (kept), profile\nevents: preview(title: string), cancel",
                "applied\npath: [social #1 / feed #2 tab] timeline\ntabs of social #1: feed #2 (shown), search #3 (kept), profile\nevents: openPost(postID: int), compose, showProfile",
                "applied\npath: [social #1 / profile #5 tab] me\ntabs of social #1: feed #2 (kept), search #3 (kept), profile #5 (shown)\nevents: openSettings, signIn, showFeed",
                "applied\npath: [social #1 / profile #5 tab] me › [signIn #6 cover] credentials\ntabs of social #1: feed #2 (kept), search #3 (kept), profile #5 (shown)\nevents: submit, cancel",
            ])
    }

    @Test func aChainOfInstancesWithoutRoutesStandsInOneBracket() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "app")
        let texts = shown(
            runner,
            """
            condition hasOnboarded true
            condition isLoggedIn true
            start
            event selectPost postId=4
            """)
        #expect(
            texts.last?.components(separatedBy: "\n").dropFirst().first
                == "path: [app #1 / main #2 / posts #3] list › detail(postId: 4)")
    }

    @Test func keptTabsRestoredButNeverShownHaveIds() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "social")
        let texts = shown(
            runner,
            """
            start
            select search
            event submit query=swift
            select feed
            snapshot
            stop
            restore
            back 1 #9
            """)
        #expect(
            texts[6]
                == "applied\npath: [social #4 / feed #6 tab] timeline\ntabs of social #4: feed #6 (shown), search #5 (kept), profile\nevents: openPost(postID: int), compose, showProfile"
        )
        #expect(
            texts[7]
                == "rejected: no flow instance #9\npath: [social #4 / feed #6 tab] timeline\ntabs of social #4: feed #6 (shown), search #5 (kept), profile\nevents: openPost(postID: int), compose, showProfile"
        )
        // The kept tab's id works: finishing it is refused as for any kept tab (no "no longer alive"),
        // and back on its stack pops it where it is kept.
        #expect(
            runner.run(line: "finish #5 done")?.reason
                == "flow instance 5 is in a tab that is not selected; it can finish once its tab is selected")
        #expect(runner.run(line: "back 1 #5")?.status == "applied")
    }
}
