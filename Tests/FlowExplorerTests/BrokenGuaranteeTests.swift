import FlowCompiler
import FlowExplorer
import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// Every step guarantee of docs/RUNNING.md ("Guarantees") reported when a step breaks it: each test splices
/// a step the runtime would never take — a state before it, a command, a result and a state after it, each
/// taken from a real run of a shipped app — and expects exactly that guarantee's code (with FC813 once per
/// instance the splice makes vanish without a word in the step's result, guarantee 8) from the
/// explorer's own predicates (``FlowExplorer/brokenGuarantees(in:before:command:result:after:pendingOrigin:)``).
/// So a predicate weakened, or one that stops firing, fails here (issue 31, item 7).
@MainActor
struct BrokenGuaranteeTests {
    /// The state after `lines` of root flow `flow` and the result of the last line when it is a step.
    static func run(_ flow: String, _ lines: [String]) throws -> (copy: CoordinatorStateCopy, result: StepResult?) {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: flow)
        var result: StepResult?
        for (index, line) in lines.enumerated() {
            if index == lines.count - 1, let command = try ScriptCommand.parse(line),
                let stepped = command.step(on: runner.coordinator, handle: { runner.coordinator.instance($0) })
            {
                result = stepped
            } else {
                _ = runner.run(line: line)
            }
        }
        return (runner.coordinator.copyState(), result)
    }

    static func broken(
        _ flow: String, before: [String], command: String, result: [String], after: [String]
    ) throws -> [String] {
        let step = try #require(try Self.run(flow, result).result)
        return FlowExplorer.brokenGuarantees(
            in: try Fixtures.shipped(), before: try Self.run(flow, before).copy,
            command: try #require(try ScriptCommand.parse(command)), result: step,
            after: try Self.run(flow, after).copy
        ).map(\.code)
    }

    /// The spliced steps break nothing when the states are the real ones around the step.
    @Test func theRealStepsBreakNothing() throws {
        let lines = ["condition hasOnboarded true", "start", "event openEpisode episodeID=1", "event play"]
        let before = Array(lines.dropLast())
        #expect(try Self.broken("podcasts", before: before, command: "event play", result: lines, after: lines) == [])
    }

    /// FC801: a rejected step (an event no screen declares) after which the state differs.
    @Test func aRefusedStepThatChangedTheStateIsFC801() throws {
        #expect(
            try Self.broken(
                "reading", before: ["start"], command: "event nothing", result: ["start", "event nothing"],
                after: ["start", "event selectBook bookID=1"]) == ["FC801"])
    }

    /// FC802: back with the tab bar shown, after which the coordinator is stopped.
    @Test func backThatStoppedATabBarIsFC802() throws {
        #expect(
            try Self.broken(
                "social", before: ["start"], command: "back", result: ["start", "select search"],
                after: ["start", "stop"]) == ["FC802", "FC813", "FC813"])
    }

    /// FC803: back from under the player's cover, after which the cover is gone though it did not finish.
    @Test func aCoverRemovedWithoutFinishingIsFC803() throws {
        let episode = ["condition hasOnboarded true", "start", "event openEpisode episodeID=1"]
        #expect(
            try Self.broken(
                "podcasts", before: episode + ["event play"], command: "back", result: episode, after: episode)
                == ["FC803", "FC813"])
    }

    /// FC804: a step after which onboarding's queued link is gone, without a word in the step's links.
    @Test func aQueuedLinkDroppedSilentlyIsFC804() throws {
        #expect(
            try Self.broken(
                "podcasts", before: ["start", "open /episodes/1"], command: "event next",
                result: ["start", "event next"], after: ["start"]) == ["FC804"])
    }

    /// The codes of the guarantees a restore step from `before` with `result` to `after` breaks (podcasts).
    static func restoreBroken(
        _ before: CoordinatorStateCopy, _ result: StepResult, _ after: CoordinatorStateCopy
    ) throws -> [String] {
        FlowExplorer.brokenGuarantees(
            in: try Fixtures.shipped(), before: before, command: .restore(nil), result: result, after: after
        ).map(\.code)
    }

    /// FC804 for a restore: a restore that reports onboarding's queued link dropped though the restored state
    /// holds it again (breaker report §6). The real restore of the state's own snapshot reports nothing.
    @Test func aRestoreThatReportsAPutBackLinkDroppedIsFC804() throws {
        let queued = ["start", "open /episodes/1"]
        let state = try Self.run("podcasts", queued).copy
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "podcasts")
        for line in queued { _ = runner.run(line: line) }
        let real = runner.coordinator.restore(runner.coordinator.snapshot())
        #expect(real == .applied)
        #expect(real.deferredLinks == [])
        let restored = runner.coordinator.copyState()
        #expect(try Self.restoreBroken(state, real, restored) == [])
        var misreported = real
        misreported.deferredLinks = [
            DeferredLink(
                url: "/episodes/1", status: .rejected,
                reason: .linkDropped(url: "/episodes/1", because: "flow 'onboarding' was removed before it finished"))
        ]
        #expect(try Self.restoreBroken(state, misreported, restored) == ["FC804"])
    }

    /// FC804 on a restore, counted: the onboarding instance it puts back held `/episodes/1` twice (opened
    /// twice while onboarding runs) and holds it once after restoring a snapshot taken between the two
    /// `open`s; the restore reports it dropped once, and a result that reports it not at all is FC804.
    @Test func aRestoreThatDropsOneOfTwoEqualLinksSilentlyIsFC804() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "podcasts")
        for line in ["start", "open /episodes/1"] { _ = runner.run(line: line) }
        let once = runner.coordinator.snapshot()
        _ = runner.run(line: "open /episodes/1")
        let state = runner.coordinator.copyState()
        let real = runner.coordinator.restore(once)
        #expect(real == .applied)
        #expect(real.deferredLinks.map(\.url) == ["/episodes/1"])
        let restored = runner.coordinator.copyState()
        #expect(try Self.restoreBroken(state, real, restored) == [])
        var silent = real
        silent.deferredLinks = []
        #expect(try Self.restoreBroken(state, silent, restored) == ["FC804"])
    }

    /// FC805: a step that reports finished an instance that was not alive before it.
    @Test func aFlowFinishedThatWasNotAliveIsFC805() throws {
        let editing = ["start", "event selectBook bookID=1", "event edit"]
        #expect(
            try Self.broken(
                "reading", before: ["start"], command: "event save", result: editing + ["event save"],
                after: editing + ["event save"]) == ["FC805"])
    }

    /// FC812: a step after which a kept tab is gone, without it in the step's dropped tabs.
    @Test func aKeptTabDroppedSilentlyIsFC812() throws {
        #expect(
            try Self.broken(
                "social", before: ["start", "select search", "select profile", "select feed"],
                command: "select search", result: ["start", "select search"], after: ["start", "select search"])
                == ["FC812", "FC813"])
    }

    /// FC806: the snapshot of a state steps built (book 1's details, while the host said book 1 exists),
    /// judged with a host that says it does not: restore refuses it, as it rightly does for such a host, so
    /// the state is one that "restore accepts every state steps build" does not hold for. With the answers
    /// the state was built with, it restores to the same state.
    @Test func aBuiltStateThatRestoreRefusesIsFC806() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading")
        for line in ["start", "event selectBook bookID=1"] { _ = runner.run(line: line) }
        let snapshot = runner.coordinator.snapshot()
        let gone = FlowHost(check: { name, value in !(name == "bookExists" && value == .int(1)) })
        let broken = try #require(
            try FlowExplorer.brokenRestore(in: try Fixtures.shipped(), flow: "reading", snapshot: snapshot, host: gone))
        #expect(broken.0.code == "FC806")
        #expect(
            broken.1
                == "the snapshot of a state steps built was refused on restore: 'bookID' of screen 'details' of flow 'reading': host check 'bookExists' refused 1"
        )
        #expect(
            try FlowExplorer.brokenRestore(
                in: try Fixtures.shipped(), flow: "reading", snapshot: snapshot, host: FlowHost()) == nil)
    }
}

/// FC806 is located as every guarantee is, at the screen shown before the breaking step (docs/RUNNING.md,
/// "Checking flows"): for a state whose restore breaks, the step that built it.
@MainActor
struct RestoreFindingLocationTests {
    /// Book 1's details, built from the library, judged with a host that says book 1 is gone: the finding is at
    /// the library screen (`Flows/reading.yaml:6:3`, where `flowc check` puts a finding on screen `library`),
    /// not at the details screen the state shows; its witness, replayed with that answer before `restore`,
    /// breaks the same way.
    @Test func aBrokenRestoreIsLocatedAtTheScreenTheStepThatBuiltTheStateLeft() throws {
        let steps = try ["start", "event selectBook bookID=1"].map { try #require(try ScriptCommand.parse($0)) }
        let gone = FlowHost(check: { name, value in !(name == "bookExists" && value == .int(1)) })
        let bundle = try Fixtures.shipped()
        let finding = try #require(
            try FlowExplorer.brokenRestoreFinding(in: bundle, flow: "reading", steps: steps, host: gone))
        #expect(finding.code == "FC806")
        #expect(finding.flow == "reading")
        #expect(finding.screen == "library")
        #expect(finding.witness == ["start", "event selectBook bookID=1", "snapshot", "stop", "restore"])
        let flows = try FlowValidation.validate(paths: ["Flows/reading.yaml", "Flows/edit.yaml"]).flows
        let screen = flows.first { $0.name.value == finding.flow }?.screens.first { $0.name.value == finding.screen }
        #expect(screen?.name.location.description == "Flows/reading.yaml:6:3")

        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading")
        for line in finding.witness.dropLast() { _ = runner.run(line: line) }
        _ = runner.run(line: "check bookExists 1 false")
        let last = try #require(finding.witness.last)
        let restored = try #require(runner.run(line: last))
        #expect(restored.status == "rejected")
        let refusal = "the snapshot of a state steps built was refused on restore: \(restored.reason ?? "")"
        #expect(refusal == finding.message)
    }
}
