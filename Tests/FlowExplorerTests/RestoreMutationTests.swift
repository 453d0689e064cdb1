import FlowExplorer
import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Foundation
import Testing

/// Restore accepts exactly the states steps can build (docs/RUNNING.md, "Snapshots", and guarantee 6):
/// every state the explorer reaches in the shipped apps and the explorer fixtures restores to itself, and
/// every mutation of its snapshot that is not itself a reached state (compared up to tokens and instance
/// ids, under the same host answers) is refused, with a reason that names what the mutation changed.
@MainActor
struct RestoreMutationTests {
    /// Per app: states reached, states restored and mutated, mutations tried, refused, accepted as another
    /// reached state, and accepted where no test can tell (an argument a `$name` passes: an event's
    /// parameter or a placeholder may give any value, which exploration tries only one of).
    @Test(arguments: [
        ("app", 120, 32, 450, 402, 40, 8),
        ("notesApp", 56, 24, 282, 240, 26, 16),
        ("reading", 24, 6, 76, 68, 6, 2),
        ("social", 2594, 782, 28_160, 23_460, 3_788, 912),
    ])
    func everyMutationOfAShippedAppsStateIsRefusedUnlessStepsBuildIt(
        flow: String, states: Int, bases: Int, tried: Int, refused: Int, explored: Int, undecided: Int
    ) throws {
        let audit = try RestoreAudit(bundle: try Fixtures.shipped(), flow: flow)
        #expect(audit.failures == [])
        let counts: [Int] = [audit.states, audit.bases, audit.tried, audit.refused, audit.explored, audit.undecided]
        let expected: [Int] = [states, bases, tried, refused, explored, undecided]
        #expect(counts == expected)
    }

    @Test func everyMutationOfAnExplorerFixturesStateIsRefusedUnlessStepsBuildIt() throws {
        let folder = Fixtures.flowsFolder + "/../Tests/Fixtures/explorer"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }
            .sorted()
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            // The explorer's fixtures hold what only exploration proves, and some what the validator warns of.
            let bundle = try Fixtures.bundle([text], ignoring: ["FC308", "FC653"])
            for flow in FlowExplorer.rootFlows(of: bundle) {
                let audit = try RestoreAudit(bundle: bundle, flow: flow)
                #expect(audit.failures == [], "\(file), flow \(flow)")
                #expect(audit.tried > 0, "\(file), flow \(flow)")
            }
        }
    }

}

/// One app's audit: its reached states, their round trips, and every mutation of their snapshots.
@MainActor
struct RestoreAudit {
    private(set) var states = 0
    private(set) var bases = 0
    private(set) var tried = 0
    private(set) var refused = 0
    private(set) var explored = 0
    private(set) var undecided = 0
    /// What went wrong, one sentence each, naming the flow, the state's script, the mutation and the answers.
    private(set) var failures: [String] = []

    private let bundle: FlowBundle
    private let flow: String

    init(bundle: FlowBundle, flow: String) throws {
        self.bundle = bundle
        self.flow = flow
        let report = try FlowExplorer.explore(bundle, flow: flow)
        guard report.isComplete else {
            failures.append("flow \(flow): exploration bounded by \(report.bound ?? "")")
            return
        }
        // The reached states, by the conditions set true (the others answer false, as a runner's do).
        var reached: [[String]: Set<FlowSnapshot>] = [:]
        var candidates: [(script: [String], conditions: [String], snapshot: FlowSnapshot)] = []
        for script in report.stateScripts.map({ $0.map(\.line) }) {
            let runner = try FlowScriptRunner(bundle: bundle, flow: flow)
            for line in script { runner.run(line: line) }
            guard runner.coordinator.status == .running, runner.coordinator.pendingConfirmation == nil else { continue }
            let conditions = Self.conditionsSetTrue(by: script)
            let snapshot = runner.coordinator.snapshot()
            reached[conditions, default: []].insert(snapshot)
            candidates.append((script, conditions, snapshot))
        }
        states = report.states
        let passed = Self.passedByName(in: bundle)
        for (script, conditions, snapshot) in candidates {
            let (result, restored) = try restore(snapshot, conditions: conditions)
            guard result.status == .applied else {
                if Self.isHeldToRoundTrip(script, snapshot: snapshot, bundle: bundle, flow: flow) {
                    failures.append(
                        "flow \(flow): the state of [\(script.joined(separator: "; "))] was refused on restore: \(result)"
                    )
                }
                continue
            }
            guard restored == snapshot else {
                failures.append("flow \(flow): the state of [\(script.joined(separator: "; "))] restored as another")
                continue
            }
            bases += 1
            for mutation in SnapshotMutation.all(of: snapshot, in: bundle, passed: passed)
            where mutation.snapshot != snapshot {
                guard !Self.repeatsTooOften(mutation.snapshot) else { continue }
                tried += 1
                let (result, after) = try restore(mutation.snapshot, conditions: conditions)
                let context =
                    "flow \(flow), conditions [\(conditions.joined(separator: ", "))], state [\(script.joined(separator: "; "))], \(mutation.change)"
                if result.status == .applied {
                    if reached[conditions]?.contains(after) == true {
                        explored += 1
                    } else if mutation.mayBeBuilt {
                        undecided += 1
                    } else {
                        failures.append("\(context): restore accepted a state no step builds: \(Self.json(after))")
                    }
                    continue
                }
                refused += 1
                let reason = result.reason.map { "\($0)" } ?? "\(result.status)"
                if !mutation.reasonNames.contains(where: { reason.contains("'\($0)'") }) {
                    failures.append(
                        "\(context): refused for a reason that names none of \(mutation.reasonNames): \(reason)")
                }
            }
        }
    }

    /// Restores `snapshot` on a new coordinator whose host answers `conditions` true (the rest false).
    private func restore(_ snapshot: FlowSnapshot, conditions: [String]) throws -> (StepResult, FlowSnapshot) {
        let runner = try FlowScriptRunner(bundle: bundle, flow: flow)
        for condition in conditions { runner.run(line: "condition \(condition) true") }
        let result = runner.coordinator.restore(snapshot)
        return (result, runner.coordinator.snapshot())
    }

    /// The conditions a script leaves true, sorted.
    private static func conditionsSetTrue(by script: [String]) -> [String] {
        var answers: [String: Bool] = [:]
        for line in script {
            let words = line.split(separator: " ")
            if words.count == 3, words[0] == "condition" { answers[String(words[1])] = words[2] == "true" }
        }
        return answers.filter(\.value).keys.sorted()
    }

    /// Whether guarantee 6 holds the state to its round trip: its conditions were all set before its first
    /// step, and its root shows what the root's start shows with them (docs/RUNNING.md, "Guarantees").
    private static func isHeldToRoundTrip(_ script: [String], snapshot: FlowSnapshot, bundle: FlowBundle, flow: String)
        -> Bool
    {
        let first = script.firstIndex { !$0.hasPrefix("condition ") } ?? script.count
        guard !script[first...].contains(where: { $0.hasPrefix("condition ") }),
            let started = try? FlowScriptRunner(bundle: bundle, flow: flow)
        else { return false }
        for line in script[..<first] { started.run(line: line) }
        started.run(line: "start")
        return rootStart(of: started.coordinator.snapshot()) == rootStart(of: snapshot)
    }

    private static func rootStart(of snapshot: FlowSnapshot) -> String? {
        guard let root = snapshot.instances.first else { return nil }
        if let first = root.routes.first { return "screen " + first.screen }
        return snapshot.instances.dropFirst().first?.child.map { "child " + $0 }
    }

    /// Whether a screen appears more than twice on one stack of instances: beyond the explorer's bound.
    private static func repeatsTooOften(_ snapshot: FlowSnapshot) -> Bool {
        var lists = [snapshot.instances]
        while let list = lists.popLast() {
            var counts: [String: Int] = [:]
            for instance in list {
                for route in instance.routes {
                    counts[instance.flow + "." + route.screen, default: 0] += 1
                    // The shipped roots' cutoff: no `pop: N` above 1 (RouteRepeatCutoffTests).
                    if counts[instance.flow + "." + route.screen]! > 2 { return true }
                }
                lists += (instance.otherTabs ?? [:]).values
            }
        }
        return false
    }

    /// Every receiver and parameter some `$name` argument passes (`flow.screen.parameter` or
    /// `flow.>child.parameter`): a value there may come from an event's parameters, an outcome or a link
    /// placeholder, which the explorer tries only one value of.
    static func passedByName(in bundle: FlowBundle) -> Set<String> {
        var passed: Set<String> = []
        for graph in bundle.flows {
            func receiver(_ target: TargetNode) -> String {
                switch target {
                case .screen(let screen): "\(graph.name).\(graph.screens[screen].name)"
                case .child(let child): "\(graph.name).>\(graph.children[child].name)"
                }
            }
            func note(_ target: TargetNode, _ arguments: [ArgumentNode]) {
                for argument in arguments {
                    if case .parameter = argument.source { passed.insert(receiver(target) + "." + argument.name) }
                }
            }
            var actions = [graph.start] + graph.screens.flatMap { $0.events.map(\.action) }
            actions += graph.children.flatMap(\.handlers)
            while let action = actions.popLast() {
                switch action {
                case .push(let screen, let arguments): note(.screen(screen), arguments)
                case .startChild(let child, let arguments): note(.child(child), arguments)
                case .replaceRoot(let target, let arguments), .show(let target, let arguments): note(target, arguments)
                case .conditional(_, let then, let otherwise): actions += [then, otherwise]
                default: break
                }
            }
            for tab in graph.tabs { note(.child(tab.child), tab.arguments) }
            for link in graph.links {
                for routes in [link.routes, link.otherwise?.routes ?? []] {
                    // Placeholders: a link's routes may reach child flows; receivers are named in the flow reached.
                    var flow = graph
                    for route in routes {
                        for argument in route.arguments {
                            guard case .parameter = argument.source else { continue }
                            switch route.target {
                            case .screen(let screen):
                                passed.insert("\(flow.name).\(flow.screens[screen].name).\(argument.name)")
                            case .child(let child):
                                passed.insert("\(flow.name).>\(flow.children[child].name).\(argument.name)")
                            }
                        }
                        if case .child(let child) = route.target { flow = bundle.flows[flow.children[child].flow] }
                    }
                }
            }
        }
        return passed
    }

    static func json(_ snapshot: FlowSnapshot) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(snapshot)).map { String(decoding: $0, as: UTF8.self) } ?? "<unencodable>"
    }
}
