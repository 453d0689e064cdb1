import FlowExplorer
import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Foundation
import Testing

/// `flowc paths`' library: the shortest explored script to each target, the host answers it assumes, the
/// coverage summary, and the scripts as `flowc run` reads them (docs/RUNNING.md, "Test paths: flowc paths").
@MainActor
struct PathSearchTests {
    static func fixture(_ name: String) throws -> String {
        try String(contentsOfFile: Fixtures.flowsFolder + "/../Tests/Fixtures/explorer/" + name, encoding: .utf8)
    }

    static func shop() throws -> FlowBundle {
        try Fixtures.bundle([try fixture("shop/shop.yaml"), try fixture("shop/checkout.yaml")])
    }

    @Test func everyScreenOfTheShopHasItsShortestPathWithTheConditionsAndChecksItAssumes() throws {
        let report = try FlowPaths.search(try Self.shop(), flow: "shop", coverage: .screens)
        #expect(report.unreached == [])
        #expect(report.exploration.isComplete)
        #expect(
            report.paths.map { "\($0.target): \($0.script.joined(separator: " | "))" } == [
                "screen shop.welcome: start",
                "screen shop.catalog: start | event join",
                "screen shop.item: condition isMember true | open /items/1",
                "screen shop.review: condition isMember true | open /items/1 | event review",
                "screen checkout.pay: condition isMember true | open /items/1 | event buy",
            ])
        let item = report.paths[2]
        #expect(item.conditions == [.init(name: "isMember", value: true, setByScript: true)])
        #expect(item.checks == [.init(name: "inStock", value: "1")])
        #expect(report.paths[0].conditions == [.init(name: "isMember", value: false, setByScript: false)])
        #expect(report.paths[0].checks == [])
        #expect(
            PathScript.text(of: item, rootFlow: "shop", coverage: .screens) == """
                # flowc paths --flow shop --cover screens: screen shop.item
                # The shortest script the explorer found (2 lines); run it with 'flowc run PATH… --flow shop --script FILE'.
                # assumes: condition isMember true (set by the script)
                # assumes: check inStock 1 true (the explorer's host answers every check true)
                condition isMember true
                open /items/1

                """)
        #expect(PathScript.fileName(of: 2, in: report) == "03-screen-shop.item.flowscript")
    }

    /// An event whose step waits for a confirmation is taken by the `confirm` after it; handlers and
    /// outcomes are reached when the child finishes with them.
    @Test func transitionsIncludeAnEventTakenAfterItsConfirmationAndEveryHandler() throws {
        let reports = try FlowPaths.search(try Self.shop(), flow: "shop", coverages: [.transitions, .outcomes, .links])
        #expect(reports.map(\.coverage) == [.transitions, .outcomes, .links])
        #expect(
            reports[0].paths.map { "\($0.target): \($0.script.joined(separator: " | "))" } == [
                "event shop.welcome.join: start | event join",
                "event shop.catalog.open: start | event join | event open itemID=1",
                "event shop.item.buy: condition isMember true | open /items/1 | event buy",
                "event shop.item.close: condition isMember true | open /items/1 | event close",
                "event shop.item.review: condition isMember true | open /items/1 | event review",
                "event shop.review.done: condition isMember true | open /items/1 | event review | event done | confirm",
                "handler shop.checkout.paid: condition isMember true | open /items/1 | event buy | event pay",
                "handler shop.checkout.abandoned: condition isMember true | open /items/1 | event buy | event leave",
                "event checkout.pay.pay: condition isMember true | open /items/1 | event buy | event pay",
                "event checkout.pay.leave: condition isMember true | open /items/1 | event buy | event leave",
            ])
        #expect(reports[0].paths[5].traces.map(\.status) == ["applied", "applied", "applied", "pending", "applied"])
        #expect(
            reports[1].paths.map(\.target) == [
                .outcome(flow: "shop", child: "checkout", outcome: "paid"),
                .outcome(flow: "shop", child: "checkout", outcome: "abandoned"),
            ])
        #expect(reports[1].paths[0].traces.last?.finished?.map(\.outcome) == ["paid"])
        #expect(reports[2].paths.map(\.target) == [.link(pattern: "/items/{itemID:int}")])
        #expect(reports[2].paths[0].script == ["condition isMember true", "open /items/1"])
        #expect(reports[0].unreached == [] && reports[1].unreached == [] && reports[2].unreached == [])
    }

    /// `Tests/Fixtures/explorer/refused-pop.yaml`: `leave` is refused every time (FC807), so the summary
    /// lists it with the runtime's reason.
    @Test func theSummaryListsATargetRefusedEveryTimeWithItsReason() throws {
        let bundle = try Fixtures.bundle([try Self.fixture("refused-pop.yaml")], ignoring: ["FC308"])
        let report = try FlowPaths.search(bundle, flow: "demo", coverage: .transitions)
        #expect(
            PathSummary.text(of: report) == """
                flow demo, cover transitions: 2 of 3 targets reached; exploration complete, 4 states, 12 steps
                reached: event demo.home.next (2 lines)
                reached: event demo.detail.back (3 lines)
                not reached: event demo.detail.leave: refused the one time it was sent: pop 2 would remove the first route of flow 'demo' (it has 2); use finish; the exploration was complete (4 states, a screen at most 3 times on one path)

                """)
    }

    /// Found by the breaker (`/work/breaker/r12/chat`): the summary words the exploration as `flowc check`
    /// does, so one that left states out for their repeats is not called complete (it said "exploration
    /// complete" where check says "complete up to 4 repeats of a screen (left out: …)").
    @Test func theSummarySaysWhatRepeatsLeftOut() throws {
        let bundle = try Fixtures.bundle(try ExplorationWarningTests.fixture("pop-three"))
        let report = try FlowPaths.search(bundle, flow: "demo", coverage: .screens)
        #expect(
            PathSummary.text(of: report).split(separator: "\n").first
                == "flow demo, cover screens: 2 of 2 targets reached; exploration complete up to 4 repeats of a screen (left out: demo.card; 4 from pop: 3 in demo.card on up), 7 states, 52 steps"
        )
    }

    /// The sign-in app's email has a `pattern`: the explorer's witness meets it (its shortest match), so
    /// every transition of the notes app is reached, the code screen and the handler of `signedIn` too.
    @Test func theNotesAppTransitionsAreAllReached() throws {
        let report = try FlowPaths.search(try Fixtures.shipped(), flow: "notesApp", coverage: .transitions)
        #expect(report.unreached.map { "\($0.target): \($0.reason)" } == [])
        #expect(report.paths.count == 13)
    }

    /// A bounded exploration is named in each reason.
    @Test func aBoundedSearchSaysSoInEveryReason() throws {
        var bounds = ExplorationBounds()
        bounds.maxDepth = 1
        let report = try FlowPaths.search(try Self.shop(), flow: "shop", coverage: .screens, bounds: bounds)
        #expect(report.paths.map(\.target.description) == ["screen shop.welcome"])
        #expect(
            report.unreached.map { "\($0.target): \($0.reason)" } == [
                "screen shop.catalog: no step shows it; the exploration was bounded by depth 1",
                "screen shop.item: no step shows it; the exploration was bounded by depth 1",
                "screen shop.review: no step shows it; the exploration was bounded by depth 1",
                "screen checkout.pay: no step shows it; the exploration was bounded by depth 1",
            ])
    }

    @Test func anUnknownRootFlowIsRefused() throws {
        #expect(throws: FlowRuntimeError.unknownFlow("nope")) {
            try FlowPaths.search(try Fixtures.shipped(), flow: "nope", coverage: .screens)
        }
    }
}
