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

    /// The podcast app (onboarding with a queued link, tabs, guarded links with outcome data, a confirm
    /// sheet, a cover): no guarantee breaks in its first 400 states.
    @Test func thePodcastAppKeepsEveryGuaranteeInItsFirstStates() throws {
        var bounds = ExplorationBounds()
        bounds.maxStates = 400
        let report = try FlowExplorer.explore(try Fixtures.shipped(), flow: "podcasts", bounds: bounds)
        #expect(report.findings.filter { $0.code != "FC807" }.map { "\($0.code): \($0.message)" } == [])
        #expect(report.states == 400)
    }

    @Test func everyGuaranteeHasACodeAndAStatementInRunningMD() throws {
        let running = try String(contentsOfFile: Fixtures.flowsFolder + "/../docs/RUNNING.md", encoding: .utf8)
        for guarantee in Guarantee.allCases {
            #expect(running.contains("\(guarantee.rawValue). **\(guarantee.code)**: \(guarantee.statement)"))
        }
        #expect(Guarantee.allCases.map(\.code) == ["FC801", "FC802", "FC803", "FC804", "FC805", "FC806", "FC810"])
    }

    @Test func aFlowThatIsNotInTheBundleIsRefused() throws {
        #expect(throws: FlowRuntimeError.unknownFlow("nope")) {
            try FlowExplorer.explore(try Fixtures.shipped(), flow: "nope")
        }
    }
}

/// Exploration proves what the validator finds from the definitions: an action FC308 calls always refused
/// is refused in every state the explorer reaches (FC807), with the shortest script that sends it.
@MainActor
struct RefusedEventTests {
    /// `Tests/Fixtures/explorer/refused-pop.yaml`: `leave` pops the flow's first route (FC308).
    static let flow: String =
        (try? String(
            contentsOfFile: Fixtures.flowsFolder + "/../Tests/Fixtures/explorer/refused-pop.yaml", encoding: .utf8))
        ?? ""

    @Test func anActionTheValidatorCallsAlwaysRefusedIsRefusedInEveryExploredState() throws {
        let report = try FlowExplorer.explore(try Fixtures.bundle([Self.flow], ignoring: ["FC308"]), flow: "demo")
        #expect(report.isComplete)
        #expect(report.findings == [])
        #expect(report.refusedEvents.map { "\($0.flow).\($0.screen).\($0.event)" } == ["demo.detail.leave"])
        #expect(report.refusedEvents.first?.witness == ["start", "event next", "event leave"])
        #expect(
            report.refusedEvents.first?.reason
                == "pop 2 would remove the first route of flow 'demo' (it has 2); use finish")
    }

    @Test func theShippedAppsHaveNoEventRefusedInEveryState() throws {
        for flow in ["app", "notesApp", "reading"] {
            let report = try FlowExplorer.explore(try Fixtures.shipped(), flow: flow)
            #expect(report.refusedEvents.map { "\($0.flow).\($0.screen).\($0.event): \($0.reason)" } == [])
        }
    }
}
