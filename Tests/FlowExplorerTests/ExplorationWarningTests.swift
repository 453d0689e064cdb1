import FlowCompiler
import FlowExplorer
import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Foundation
import Testing

/// What only exploration proves (FC807–FC811), each on a small fixture under `Tests/Fixtures/explorer`:
/// the exact warning, and its witness run through `flowc run`'s script runner ending in the state the
/// warning describes.
@MainActor
struct ExplorationWarningTests {
    /// The files of fixture `name` (a file `NAME.yaml`, or every `.yaml` file of folder `NAME`), as text.
    static func fixture(_ name: String) throws -> [String] {
        let base = Fixtures.flowsFolder + "/../Tests/Fixtures/explorer/"
        if FileManager.default.fileExists(atPath: base + name + ".yaml") {
            return [try String(contentsOfFile: base + name + ".yaml", encoding: .utf8)]
        }
        return try FileManager.default.contentsOfDirectory(atPath: base + name).sorted().map {
            try String(contentsOfFile: base + name + "/" + $0, encoding: .utf8)
        }
    }

    static func explore(_ name: String, flow: String, ignoring codes: Set<String> = []) throws -> (
        FlowBundle, ExplorationReport
    ) {
        let bundle = try Fixtures.bundle(try fixture(name), ignoring: codes)
        return (bundle, try FlowExplorer.explore(bundle, flow: flow))
    }

    /// The trace of `witness` run from a new coordinator, as `flowc run` runs it.
    static func run(_ witness: [String], in bundle: FlowBundle, flow: String) throws -> [TraceLine] {
        let runner = try FlowScriptRunner(bundle: bundle, flow: flow)
        return witness.compactMap { runner.run(line: $0) }
    }

    @Test func anEventRefusedOnSomePathsIsFC808() throws {
        let (bundle, report) = try Self.explore("refused-on-some-paths", flow: "demo")
        #expect(report.isComplete)
        #expect(report.findings == [])
        let reason = "pop 1 would remove the first route of flow 'demo' (it has 1); use finish"
        #expect(
            report.warnings == [
                ExplorationWarning(
                    code: .refusedOnSomePaths, subject: .event(flow: "demo", screen: "detail", event: "leave"),
                    message: "event 'leave' of screen 'detail' is taken in some explored states and refused in others: "
                        + reason,
                    reason: reason, witness: ["start", "event jump", "event leave"],
                    reached: ReachedWitness(state: 3, then: [.event(name: "leave", token: nil, arguments: [:])]))
            ])
        let trace = try Self.run(report.warnings[0].witness, in: bundle, flow: "demo")
        #expect(trace.map(\.status) == ["applied", "applied", "rejected"])
        #expect(trace.last?.reason == reason)
        #expect(trace.last?.path.map(\.screen) == ["detail"])
    }

    /// A warning says where its witness comes from (``ReachedWitness``: a state reached, the commands run
    /// from it), and the report gives the witness as those commands. A value with a `"` inside (`say "hi"`)
    /// is written escaped in the witness's text (`v="say \"hi\""`), which reads back as the explored value:
    /// the text and the commands play alike (before the script language's escapes, the text read back as
    /// `say hi`, which `jump` refuses).
    @Test func aWitnessIsTheExploredCommandsAndItsTextReadsBack() throws {
        let (bundle, report) = try Self.explore("witness-quote", flow: "demo")
        #expect(report.warnings.map(\.code) == [.refusedOnSomePaths])
        let warning = try #require(report.warnings.first)
        let jump = ScriptCommand.event(name: "jump", token: nil, arguments: ["v": #"say "hi""#])
        let leave = ScriptCommand.event(name: "leave", token: nil, arguments: [:])
        #expect(warning.reached.then == [leave])
        #expect(report.reached[warning.reached.state].path == ["demo.detail"])
        #expect(report.commands(of: warning.reached) == [.start, jump, leave])
        #expect(warning.witness == ["start", #"event jump v="say \"hi\"""#, "event leave"])
        #expect(try warning.witness.map { try ScriptCommand.parse($0) } == [.start, jump, leave])
        let fromText = try Self.run(warning.witness, in: bundle, flow: "demo")
        #expect(fromText.map(\.status) == ["applied", "applied", "rejected"])
        let runner = try FlowScriptRunner(bundle: bundle, flow: "demo")
        let played = report.commands(of: warning.reached).map { runner.run($0) }
        #expect(played.map(\.status) == ["applied", "applied", "rejected"])
        #expect(played.last?.reason == warning.reason)
        #expect(fromText.last?.reason == warning.reason)
        #expect(played.last?.path.map(\.screen) == ["detail"])
    }

    /// On every explorer fixture, each warning's witness is the lines of the commands its state and steps give.
    @Test func everyWarningsWitnessIsItsReachedCommands() throws {
        let folder = Fixtures.flowsFolder + "/../Tests/Fixtures/explorer/"
        var warnings = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            let fixture = name.hasSuffix(".yaml") ? String(name.dropLast(".yaml".count)) : name
            let bundle = try Fixtures.bundle(try Self.fixture(fixture), ignoring: ["FC308", "FC653"])
            for flow in FlowExplorer.rootFlows(of: bundle) {
                let report = try FlowExplorer.explore(bundle, flow: flow)
                for warning in report.warnings {
                    #expect(report.commands(of: warning.reached).map(\.line) == warning.witness, "\(name) \(flow)")
                    warnings += 1
                }
            }
        }
        #expect(warnings >= 10)
    }

    @Test func aChildThatCannotFinishFromAReachableStateIsFC809() throws {
        let (bundle, report) = try Self.explore("stuck-child", flow: "demo")
        #expect(report.isComplete)
        #expect(report.findings == [])
        #expect(report.warnings.map(\.code) == [.refusedOnSomePaths, .childCannotFinish])
        let stuck = report.warnings[1]
        #expect(stuck.subject == .child(flow: "demo", child: "trap"))
        #expect(
            stuck.message
                == "child 'trap' of flow 'demo' cannot finish once this state is reached (showing trap.hole): no sequence of steps from it finishes the child"
        )
        #expect(stuck.witness == ["start", "event open", "event stuck"])
        let trace = try Self.run(stuck.witness, in: bundle, flow: "demo")
        #expect(trace.map(\.status) == ["applied", "applied", "applied"])
        #expect(trace.last?.path.map { "\($0.flow).\($0.screen)" } == ["demo.home", "trap.hole"])
        #expect(trace.last?.instances?.children.map(\.flow) == ["trap"])
        // From there the child's one event is refused, and back removes the child unfinished.
        let runner = try FlowScriptRunner(bundle: bundle, flow: "demo")
        _ = runner.run(script: stuck.witness.joined(separator: "\n"))
        #expect(runner.run(line: "event leave")?.status == "rejected")
        let back = try #require(runner.run(line: "back"))
        #expect(back.finished == nil)
        #expect(back.path.map { "\($0.flow).\($0.screen)" } == ["demo.home"])
        #expect(back.instances?.children == [])
        // The refused-on-some-paths warning is the same event, sent where it has nowhere to go.
        #expect(report.warnings[0].subject == .event(flow: "trap", screen: "hole", event: "leave"))
        #expect(report.warnings[0].witness == ["start", "event open", "event stuck", "event leave"])
    }

    @Test func anOutcomeWhoseHandlerIsAlwaysRefusedIsFC810() throws {
        let (bundle, report) = try Self.explore("outcome-nowhere", flow: "demo")
        #expect(report.isComplete)
        #expect(report.findings == [])
        let reason = "pop 1 would remove the first route of flow 'demo' (it has 1); use finish"
        #expect(report.warnings.map(\.code) == [.refusedEverywhere, .outcomeGoesNowhere])
        #expect(report.warnings[0].subject == .event(flow: "picker", screen: "list", event: "pick"))
        #expect(report.warnings[0].witness == ["start", "event choose", "event pick"])
        let nowhere = report.warnings[1]
        #expect(nowhere.subject == .handler(flow: "demo", child: "picker", outcome: "picked"))
        #expect(
            nowhere.message
                == "outcome 'picked' of child 'picker' goes nowhere: its handler is refused in every state explored that shows the child: "
                + reason)
        #expect(nowhere.witness == ["start", "event choose", "finish #2 picked"])
        let trace = try Self.run(nowhere.witness, in: bundle, flow: "demo")
        #expect(trace.map(\.status) == ["applied", "applied", "rejected"])
        #expect(trace.last?.reason == reason)
        #expect(trace.last?.path.map { "\($0.flow).\($0.screen)" } == ["demo.home", "picker.list"])
    }

    @Test func aLinkRefusedInEveryStateIsFC811() throws {
        let (bundle, report) = try Self.explore("link-nowhere", flow: "app", ignoring: ["FC653"])
        #expect(report.isComplete)
        #expect(report.findings == [])
        let reason =
            "deep link '/perks' cannot show 'perks' now: event 'upgrade' of screen 'basic' reaches it only when 'isPro' is true, and it is false"
        #expect(
            report.warnings == [
                ExplorationWarning(
                    code: .linkGoesNowhere, subject: .link(flow: "app", pattern: "/perks"),
                    message: "deep link '/perks' is refused in every state explored, before and after start: " + reason,
                    reason: reason, witness: ["open /perks"],
                    reached: ReachedWitness(state: 0, then: [.open("/perks")]))
            ])
        let trace = try Self.run(["condition isPro true", "open /perks"], in: bundle, flow: "app")
        #expect(trace.last?.status == "rejected")
        #expect(
            trace.last?.reason
                == "deep link '/perks' cannot show 'basic' now: flow 'app' starts at 'pro' now ('isPro' is true)")
    }

    /// A link refused only because the explorer's placeholder witness (1) breaks the route's constraint
    /// says nothing of the link: no FC811.
    @Test func aLinkRefusedForTheWitnessValuesIsNoFinding() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: shelf
            start: list
            links:
              "/books/{id:int}": [list, { book: { id: $id } }]
            screens:
              list: { on: { open: { params: { id: { type: int, min: 5 } }, push: book, with: { id: $id } } } }
              book: { params: { id: { type: int, min: 5 } } }
            """
        ])
        let report = try FlowExplorer.explore(bundle, flow: "shelf")
        #expect(report.isComplete)
        #expect(report.findings == [])
        #expect(report.warnings == [])
        let trace = try Self.run(["open /books/1"], in: bundle, flow: "shelf")
        #expect(trace.last?.status == "rejected")
        #expect(trace.last?.reason?.contains("less than the minimum 5") == true)
    }

    /// Every code the explorer reports is in the one registry, as `flowc explain` and suppressions read it:
    /// the warnings as warnings, each guarantee (FC813 too) as an error,
    /// all reported by `flowc check`.
    @Test func everyCodeIsInTheRegistry() throws {
        #expect(ExplorationCode.allCases.map(\.code) == ["FC807", "FC808", "FC809", "FC810", "FC811"])
        for code in ExplorationCode.allCases {
            let rule = try #require(RuleRegistry.rule(code: code.code))
            #expect(rule.severity == .warning)
            #expect(rule.reporter == .check)
        }
        for guarantee in Guarantee.allCases {
            let rule = try #require(RuleRegistry.rule(code: guarantee.code))
            #expect(rule.severity == .error)
            #expect(rule.reporter == .check)
            #expect(rule.summary.contains("(guarantee \(guarantee.number): "), "\(rule.summary)")
        }
        let checkCodes = RuleRegistry.all.filter { $0.reporter == .check }.map(\.code)
        #expect(checkCodes == (1...14).map { String(format: "FC8%02d", $0) })
    }
}
