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
    /// Each shipped app explored once with the default bounds, shared by the tests below (the tab-bar
    /// app takes seconds in a debug build).
    private static var reports: [String: ExplorationReport] = [:]

    static func report(_ flow: String) throws -> ExplorationReport {
        if let known = reports[flow] { return known }
        let report = try FlowExplorer.explore(try Fixtures.shipped(), flow: flow)
        reports[flow] = report
        return report
    }

    /// The counts: states (with the host's answers: conditions, and each check answered both ways for
    /// each value the explorer passes) and steps tried.
    @Test(arguments: [
        ("app", 120, 1328), ("notesApp", 56, 748), ("reading", 24, 304), ("social", 2594, 68506), ("market", 30, 428),
    ])
    func aShippedAppIsExploredCompletelyAndKeepsEveryGuarantee(flow: String, states: Int, steps: Int) throws {
        let report = try Self.report(flow)
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
            #expect(running.contains("\(guarantee.number). **\(guarantee.code)**: \(guarantee.statement)"))
        }
        #expect(
            Guarantee.allCases.map(\.code) == [
                "FC801", "FC802", "FC803", "FC804", "FC805", "FC806", "FC812", "FC813", "FC814",
            ])
    }

    /// Every state's witness (every 20th of the tab-bar app's), run by `flowc run`'s script runner from a
    /// new coordinator, ends in that state: the same path, status and pending confirmation.
    @Test(arguments: [("app", 1), ("notesApp", 1), ("reading", 1), ("social", 20), ("market", 1)])
    func everyReachedStateIsReproducedByItsWitness(flow: String, stride every: Int) throws {
        let bundle = try Fixtures.shipped()
        let report = try Self.report(flow)
        #expect(report.reached.count == report.states)
        #expect(report.reached.first?.parent == nil)
        #expect(report.reached.first?.command == nil)
        #expect(report.reached.first?.status == "idle")
        var mismatches: [String] = []
        for index in stride(from: 0, to: report.reached.count, by: every) {
            let witness = report.witness(of: index)
            #expect(witness.count == report.reached[index].depth)
            let runner = try FlowScriptRunner(bundle: bundle, flow: flow)
            for line in witness { _ = runner.run(line: line) }
            let coordinator = runner.coordinator
            let reached = report.reached[index]
            let status: String =
                switch coordinator.status {
                case .idle: "idle"
                case .running: "running"
                case .stopped: "stopped"
                case .finished: "finished"
                }
            if coordinator.path.map({ "\($0.flow).\($0.screen)" }) != reached.path || status != reached.status
                || (coordinator.pendingConfirmation != nil) != reached.asksForConfirmation
            {
                mismatches.append("state \(index): " + witness.joined(separator: "; "))
            }
        }
        #expect(mismatches == [])
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

    @Test func theShippedAppsHaveNoWarning() throws {
        for flow in ["app", "notesApp", "reading", "social"] {
            let report = try ShippedFlowsExplorationTests.report(flow)
            #expect(report.warnings.map { "\($0.code.code) \($0.subject): \($0.message)" } == [])
        }
    }
}
