import FlowCompiler
import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// Child flows nest at most ``ChildNesting/limit`` levels: a chain at the limit runs (and its trace line
/// holds the whole instance tree), a deeper one is refused by the runtime whether children are started by
/// events, by a flow's start, by a deep link or by a restore — and nothing overflows the stack on the way.
@MainActor
struct ChildNestingLimitTests {
    /// `count` flows `f0 … f(count-1)`, each able to start the next; with `startsChild` each flow's start
    /// is its child (the shape that crashed), otherwise a screen whose `go` event starts it.
    static func chain(_ count: Int, startsChild: Bool) -> [String] {
        (0..<count).map { index -> String in
            let last = index + 1 == count
            var text = "flow: f\(index)\noutcomes: [done]\n"
            if startsChild && !last {
                text += "start: c\nchildren:\n  c: { flow: f\(index + 1), on: { done: { finish: done } } }\n"
            } else {
                text += "start: s\nscreens:\n  s:\n    on:\n      done: { finish: done }\n"
                if !last {
                    text += "      go: { start: c }\nchildren:\n  c: { flow: f\(index + 1), on: { done: stay } }\n"
                }
            }
            return text
        }
    }

    @Test func aChainAtTheLimitRunsAndTracesWhole() throws {
        let runner = try FlowScriptRunner(
            bundle: try Fixtures.bundle(Self.chain(ChildNesting.limit + 1, startsChild: false)), flow: "f0")
        let script = (["start"] + Array(repeating: "event go", count: ChildNesting.limit)).joined(separator: "\n")
        let lines = runner.run(script: script)
        #expect(lines.count == ChildNesting.limit + 1)
        #expect(lines.allSatisfy { $0.status == "applied" })
        let last = try #require(lines.last)
        #expect(last.path.count == ChildNesting.limit + 1)
        #expect(last.path.last?.flow == "f64")
        var depth = 0
        var entry = last.instances
        while let current = entry, let child = current.children.first {
            depth += 1
            entry = child
        }
        #expect(depth == ChildNesting.limit)
        let json = FlowScriptRunner.json(last)
        #expect(json.contains(#""child":"c","children":[],"flow":"f64","id":65"#))
        // Finishing the deepest instance runs its parent's handler; all the way back down works too.
        #expect(runner.run(line: "event done")?.path.count == ChildNesting.limit)
        #expect(runner.run(line: "backto 1")?.status == "applied")
        #expect(runner.run(line: "event go")?.status == "applied")
    }

    @Test func aChainAboveTheLimitIsRefusedByEvents() throws {
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle(Self.chain(ChildNesting.limit + 2, startsChild: false), ignoring: ["FC406"]),
            flow: "f0")
        coordinator.start()
        for _ in 0..<ChildNesting.limit { #expect(coordinator.send("go") == .applied) }
        let before = coordinator.path
        #expect(
            coordinator.send("go") == StepResult(.rejected, .childNestingTooDeep(flow: "f64", child: "c", limit: 64)))
        #expect(coordinator.path == before)
        // A snapshot one level deeper than the limit is refused too.
        var snapshot = coordinator.snapshot()
        snapshot.instances.append(
            FlowSnapshot.Instance(
                child: "c", flow: "f65", arguments: [:],
                routes: [FlowSnapshot.RouteEntry(screen: "s", arguments: [:])]))
        #expect(
            coordinator.restore(snapshot)
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "its 66 instances nest child flows more than 64 levels deep")))
        #expect(coordinator.path == before)
    }

    /// Before: a chain of 4,000 flows each starting the next as its start crashed `start`
    /// (at 20,000 in `Transition.startChild`, the same walk); it is refused at the limit with nothing changed.
    @Test(arguments: [ChildNesting.limit + 2, 4_000])
    func startingADeepChainIsRefused(count: Int) throws {
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle(Self.chain(count, startsChild: true), ignoring: ["FC406"]), flow: "f0")
        #expect(coordinator.start() == StepResult(.rejected, .childNestingTooDeep(flow: "f64", child: "c", limit: 64)))
        #expect(coordinator.path.isEmpty)
        #expect(coordinator.status == .idle)
    }

    /// The validator reports the deep chain once, located at the declaration that passes the limit.
    @Test(arguments: [ChildNesting.limit + 2, 4_000])
    func theValidatorReportsTheDeclarationThatPassesTheLimit(count: Int) {
        let sources = Self.chain(count, startsChild: true).enumerated().map {
            ("f\($0.offset).yaml", Array($0.element.utf8))
        }
        let found = FlowValidation.validate(sources: sources).diagnostics.filter { $0.code == "FC406" }
        #expect(found.map { "\($0.location.file):\($0.location.line):\($0.location.column)" } == ["f64.yaml:5:3"])
        #expect(
            found.first?.message
                == "child 'c' of flow 'f64' runs flow 'f65' 65 levels below flow 'f0'; child flows nest at most 64 levels: finish with an outcome and let a parent start the next step instead"
        )
        #expect(found.first?.notes.map(\.location.file) == ["f0.yaml"])
    }

    @Test func aChainAtTheLimitValidates() {
        let sources = Self.chain(ChildNesting.limit + 1, startsChild: true).enumerated().map {
            ("f\($0.offset).yaml", Array($0.element.utf8))
        }
        #expect(
            FlowValidation.validate(sources: sources).diagnostics.filter { $0.severity == .error }.map(\.code) == [])
    }
}
