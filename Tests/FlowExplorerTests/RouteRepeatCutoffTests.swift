import FlowExplorer
import FlowModel
import FlowTestSupport
import Testing

/// The cutoff on a screen's repeats derived from the flows (docs/RUNNING.md, "A screen repeated on a
/// stack"): one more than the largest `pop: N`, so every count test a step makes is answered both ways
/// where it can be.
@MainActor
struct RouteRepeatCutoffTests {
    /// `up` pops 3 routes: taken once `card` is on the stack 3 times, refused below that. The cutoff from
    /// the flow (4) keeps the states where it is taken and reports FC808, whose witness runs; the
    /// constant it replaces (2) never sees it taken and reports nothing.
    @Test func theCutoffFromTheFlowFindsWhatTwoRepeatsHide() throws {
        let bundle = try Fixtures.bundle(try ExplorationWarningTests.fixture("pop-three"))
        let report = try FlowExplorer.explore(bundle, flow: "demo")
        #expect(report.repeatCutoff == 4)
        #expect(report.repeatCutoffSource == "pop: 3 in demo.card on up")
        #expect(
            report.extent(ExplorationBounds())
                == "complete up to 4 repeats of a screen (left out: demo.card; 4 from pop: 3 in demo.card on up)")
        #expect(!report.isExhaustive)
        #expect(
            report.warnings.map { "\($0.code.rawValue) \($0.subject): \($0.message)" } == [
                "FC808 event(flow: \"demo\", screen: \"card\", event: \"up\"): event 'up' of screen 'card' is taken in some explored states and refused in others: pop 3 would remove the first route of flow 'demo' (it has 2); use finish"
            ])
        let witness = report.warnings.first?.witness ?? []
        #expect(witness == ["start", "event next", "event up"])
        let trace = try ExplorationWarningTests.run(witness, in: bundle, flow: "demo")
        #expect(trace.last?.status == "rejected")

        var two = ExplorationBounds()
        two.maxRouteRepeats = 2
        let cut = try FlowExplorer.explore(bundle, flow: "demo", bounds: two)
        #expect(cut.repeatCutoff == 2)
        #expect(cut.extent(two) == "complete up to 2 repeats of a screen (left out: demo.card)")
        #expect(cut.warnings.map(\.code) == [])
    }

    /// The cutoff is one more than the largest `pop: N` of the flows the root runs, and 2 when none is
    /// above 1: the shipped roots keep 2, a `pop: 2` makes 3.
    @Test func theCutoffIsOneMoreThanTheLargestPop() throws {
        let shipped = try Fixtures.shipped()
        for root in FlowExplorer.rootFlows(of: shipped) {
            var bounds = ExplorationBounds()
            bounds.maxStates = 1
            let report = try FlowExplorer.explore(shipped, flow: root, bounds: bounds)
            #expect(report.repeatCutoff == 2, "\(root)")
            #expect(report.repeatCutoffSource == nil, "\(root)")
        }
        let bundle = try Fixtures.bundle(try ExplorationWarningTests.fixture("refused-pop"), ignoring: ["FC308"])
        let report = try FlowExplorer.explore(bundle, flow: "demo")
        #expect(report.repeatCutoff == 3)
        #expect(report.repeatCutoffSource == "pop: 2 in demo.detail on leave")
        #expect(report.extent(ExplorationBounds()) == "complete")
    }
}
