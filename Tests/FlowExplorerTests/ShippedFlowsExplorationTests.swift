import FlowExplorer
import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// The explorer over the shipped apps: every state they reach, every step checked against every guarantee
/// of docs/RUNNING.md ("Guarantees").
@MainActor
struct ShippedFlowsExplorationTests {
    @Test(arguments: [("app", 99, 765), ("notesApp", 21, 190), ("reading", 9, 73)])
    func aShippedAppIsExploredCompletelyAndKeepsEveryGuarantee(flow: String, states: Int, steps: Int) throws {
        let report = try FlowExplorer.explore(try Fixtures.shipped(), flow: flow)
        #expect(report.findings.map { "\($0.code): \($0.message)" } == [])
        #expect(report.isComplete)
        #expect(report.states == states)
        #expect(report.steps == steps)
    }

    /// The tab-bar app has more states than the default bound: a bounded exploration says so.
    @Test func aBoundedExplorationSaysWhichBoundStoppedIt() throws {
        var bounds = ExplorationBounds()
        bounds.maxStates = 300
        let report = try FlowExplorer.explore(try Fixtures.shipped(), flow: "social", bounds: bounds)
        #expect(report.findings.map { "\($0.code): \($0.message)" } == [])
        #expect(!report.isComplete)
        #expect(report.bound == "300 states")
        #expect(report.states == 300)
    }

    @Test func everyGuaranteeHasACodeAndAStatementInRunningMD() throws {
        let running = try String(contentsOfFile: Fixtures.flowsFolder + "/../docs/RUNNING.md", encoding: .utf8)
        for guarantee in Guarantee.allCases {
            #expect(running.contains("\(guarantee.rawValue). **\(guarantee.code)**: \(guarantee.statement)"))
        }
        #expect(Guarantee.allCases.map(\.code) == ["FC801", "FC802", "FC803", "FC804", "FC805", "FC806"])
    }

    @Test func aFlowThatIsNotInTheBundleIsRefused() throws {
        #expect(throws: FlowRuntimeError.unknownFlow("nope")) {
            try FlowExplorer.explore(try Fixtures.shipped(), flow: "nope")
        }
    }
}
