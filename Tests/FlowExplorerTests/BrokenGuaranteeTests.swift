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

    /// A restore in MovedLinkHolderApp: from login #2 over `home` holding `/product/3` to the state of a
    /// coordinator whose login over `product` holds it (`moved`) or holds nothing; the result the real
    /// restore gives, and the codes of the guarantees broken by that step with the result's links replaced.
    static func movedHolderRestore(moved: Bool) throws -> (
        real: StepResult, broken: ([DeferredLink]) throws -> [String]
    ) {
        let coordinator = try MovedLinkHolderApp.coordinator(overProduct: false, holding: true)
        let before = coordinator.copyState()
        let real = coordinator.restore(
            try MovedLinkHolderApp.coordinator(overProduct: true, holding: moved).snapshot())
        let after = coordinator.copyState()
        return (
            real,
            { links in
                var result = real
                result.deferredLinks = links
                return FlowExplorer.brokenGuarantees(
                    in: try MovedLinkHolderApp.bundle(), before: before, command: .restore(nil), result: result,
                    after: after
                ).map(\.code)
            }
        )
    }

    static let productDropped = DeferredLink(
        url: "/product/3", status: .rejected,
        reason: .linkDropped(url: "/product/3", because: "flow 'login' was removed before it finished"))

    /// FC804 judges a restore by URL, as the runtime reports it (``RestoreDroppedLinks``): a link that login #2
    /// held before and the new login #3 holds after is not dropped, so the real restore (which reports
    /// nothing) breaks nothing, and a result that reports it dropped is FC804. Judged by holder, the real
    /// restore was FC804.
    @Test func aRestoreThatMovesALinkToAnotherHolderIsJudgedByURL() throws {
        let (real, broken) = try Self.movedHolderRestore(moved: true)
        #expect(real == .applied)
        #expect(real.deferredLinks == [])
        #expect(try broken([]) == [])
        #expect(try broken([Self.productDropped]) == ["FC804"])
    }

    /// FC804 on a restore after which no instance holds the link: the real restore reports it dropped and
    /// breaks nothing; a result that does not report it is FC804.
    @Test func aRestoreThatDropsALinkNoInstanceHoldsSilentlyIsFC804() throws {
        let (real, broken) = try Self.movedHolderRestore(moved: false)
        #expect(real.deferredLinks == [Self.productDropped])
        #expect(try broken([Self.productDropped]) == [])
        #expect(try broken([]) == ["FC804"])
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

    /// The codes of the guarantees `open URL` from the state after `before` (social) breaks, with the result of
    /// `result`'s last line and the state after `after`: what the link equals read from the coordinator in the
    /// state before (the runtime's own reading), the tokens shown after from the coordinator after.
    static func linkBroken(_ url: String, before: [String], result: [String], after: [String]) throws -> [String] {
        let bundle = try Fixtures.shipped()
        let runner = try FlowScriptRunner(bundle: bundle, flow: "social")
        for line in before { _ = runner.run(line: line) }
        let part = try #require(runner.coordinator.linkShownAgain(url))
        let afterRunner = try FlowScriptRunner(bundle: bundle, flow: "social")
        for line in after { _ = afterRunner.run(line: line) }
        return FlowExplorer.brokenGuarantees(
            in: bundle, before: runner.coordinator.copyState(), command: .open(url),
            result: try #require(try Self.run("social", result).result), after: afterRunner.coordinator.copyState(),
            shownAgain: (part, afterRunner.coordinator.path.map(\.token))
        ).map(\.code)
    }

    /// What `/search/a` equals, read by the runtime: the search tab's instance and its two routes, shown when
    /// the search tab is selected, kept when the feed is.
    @Test func theRuntimeReadsWhatALinkEquals() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "social")
        for line in ["start", "open /search/a"] { _ = runner.run(line: line) }
        let shown = try #require(runner.coordinator.linkShownAgain("/search/a"))
        #expect(shown.isShown)
        #expect(shown.tokens == runner.coordinator.path.map(\.token))
        #expect(shown.instances == [try #require(runner.coordinator.path.first).instance])
        #expect(runner.coordinator.linkShownAgain("/search/b") == nil)
        _ = runner.run(line: "select feed")
        let kept = try #require(runner.coordinator.linkShownAgain("/search/a"))
        #expect(!kept.isShown)
        #expect(kept.tokens == shown.tokens && kept.instances == shown.instances)
    }

    /// What the step that opens a link records in its result (``StepResult/linkShownAgain``, which the explorer
    /// judges guarantee 9 by) is what ``FlowCoordinator/linkShownAgain(_:)`` reads before it, from the one link
    /// the step built: the search tab kept (`/search/a`), shown (`/search/a` again), equal to nothing
    /// (`/search/b`); nothing is recorded by a coordinator that does not record (a host's).
    @Test func theStepThatOpensALinkRecordsWhatItEquals() throws {
        let bundle = try Fixtures.shipped()
        let recording = try FlowScriptRunner(bundle: bundle, flow: "social")
        let host = try FlowScriptRunner(bundle: bundle, flow: "social")
        recording.coordinator.recordsLinksShownAgain = true
        for line in ["start", "open /search/a", "select feed"] {
            _ = recording.run(line: line)
            _ = host.run(line: line)
        }
        let kept = try #require(recording.coordinator.linkShownAgain("/search/a"))
        #expect(!kept.isShown)
        #expect(recording.coordinator.open("/search/a").linkShownAgain == kept)
        #expect(host.coordinator.open("/search/a").linkShownAgain == nil)
        let shown = try #require(recording.coordinator.linkShownAgain("/search/a"))
        #expect(shown.isShown && shown.tokens == kept.tokens && shown.instances == kept.instances)
        #expect(recording.coordinator.open("/search/a").linkShownAgain == shown)
        #expect(recording.coordinator.linkShownAgain("/search/b") == nil)
        let other = recording.coordinator.open("/search/b")
        #expect(other.status == .applied && other.linkShownAgain == nil)
    }

    /// FC814: `/search/a` while the search tab shows it, judged with the result and state of `/search/b`
    /// (which replaces the results route): the route `/search/a` equals is not kept and the state changed. The
    /// real step breaks nothing.
    @Test func aLinkEqualToTheShownStackThatChangedItIsFC814() throws {
        let shown = ["start", "open /search/a"]
        #expect(
            try Self.linkBroken(
                "/search/a", before: shown, result: shown + ["open /search/a"], after: shown + ["open /search/a"])
                == [])
        #expect(
            try Self.linkBroken(
                "/search/a", before: shown, result: shown + ["open /search/b"], after: shown + ["open /search/b"])
                == ["FC814"])
    }

    /// FC814 for a kept stack: `/search/a` while the feed is selected and the search tab keeps `/search/a`,
    /// judged with the state after `/search/b` from there: the kept route is not shown again. The real step
    /// selects the kept tab as it was and breaks nothing.
    @Test func aLinkEqualToAKeptStackThatReplacedItIsFC814() throws {
        let kept = ["start", "open /search/a", "select feed"]
        #expect(
            try Self.linkBroken(
                "/search/a", before: kept, result: kept + ["open /search/a"], after: kept + ["open /search/a"]) == [])
        #expect(
            try Self.linkBroken(
                "/search/a", before: kept, result: kept + ["open /search/a"], after: kept + ["open /search/b"])
                == ["FC814"])
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
/// "Checking flows"): for a state whose restore breaks, the step that built it. Found by the explorer itself,
/// through a restorer whose host says book 1 is gone (``ExplorationBounds/restoreCheck``).
@MainActor
struct RestoreFindingLocationTests {
    /// The explorer's findings for `reading` when the restorer's host says book 1 does not exist.
    static func bookGone() throws -> ExplorationReport {
        var bounds = ExplorationBounds()
        bounds.restoreCheck = { name, value in name == "bookExists" && value == .int(1) ? false : nil }
        return try FlowExplorer.explore(try Fixtures.shipped(), flow: "reading", bounds: bounds)
    }

    /// Item 1, shown only by the event `pick` from `home`, judged with a restorer whose host says item 1 is
    /// gone: the finding is at `home`, the screen the building step left (line 4 of the file), not at `item`;
    /// its witness, replayed with that answer before `restore`, breaks the same way.
    @Test func aBrokenRestoreIsLocatedAtTheScreenTheStepThatBuiltTheStateLeft() throws {
        let yaml = """
            flow: shop
            start: home
            screens:
              home:
                on:
                  pick: { params: { id: { type: int, min: 1 } }, push: item, with: { id: $id } }
              item:
                params: { id: { type: int, min: 1, check: itemExists } }
                on:
                  back: { pop: 1 }
            """
        let bundle = try Fixtures.bundle([yaml])
        var bounds = ExplorationBounds()
        bounds.restoreCheck = { name, value in name == "itemExists" && value == .int(1) ? false : nil }
        let report = try FlowExplorer.explore(bundle, flow: "shop", bounds: bounds)
        #expect(report.findings.map(\.code) == ["FC806"])
        let finding = try #require(report.findings.first)
        #expect(finding.flow == "shop")
        #expect(finding.screen == "home")
        #expect(finding.witness == ["start", "event pick id=1", "snapshot", "stop", "restore"])
        // Where the witness comes from: the state the step built, then the round trip run from it.
        #expect(finding.reached.then == [.snapshot, .stop, .restore(nil)])
        #expect(report.reached[finding.reached.state].path == ["shop.home", "shop.item"])
        #expect(report.commands(of: finding.reached).map(\.line) == finding.witness)
        let flows = FlowValidation.validate(sources: [("shop.yaml", Array(yaml.utf8))]).flows
        let screen = flows.first { $0.name.value == finding.flow }?.screens.first { $0.name.value == finding.screen }
        #expect(screen?.name.location.description == "shop.yaml:4:3")

        let runner = try FlowScriptRunner(bundle: bundle, flow: "shop")
        for line in finding.witness.dropLast() { _ = runner.run(line: line) }
        _ = runner.run(line: "check itemExists 1 false")
        let last = try #require(finding.witness.last)
        let restored = try #require(runner.run(line: last))
        #expect(restored.status == "rejected")
        let refusal = "the snapshot of a state steps built was refused on restore: \(restored.reason ?? "")"
        #expect(refusal == finding.message)
    }

    /// A state a step builds before `start` (book 1's details, by `open /books/1`) has no screen shown before
    /// it: its FC806 is at the root flow (its name), with the link in its witness.
    @Test func aBrokenRestoreOfAStateBuiltBeforeStartIsAtTheRootFlow() throws {
        let report = try Self.bookGone()
        #expect(report.findings.map(\.code) == ["FC806"])
        #expect(report.findings.first?.screen == nil)
        #expect(report.findings.first?.witness == ["open /books/1", "snapshot", "stop", "restore"])
    }
}

/// `flowc check`'s line per root flow (``ExplorationReport/line(flow:bounds:reported:)``): each count singular
/// for one, and the broken guarantees counted as they are reported after `.flowc.yml` and inline
/// suppressions (docs/CI.md).
@MainActor
struct ExplorationLineTests {
    /// One state: `bounded by 1 state, 1 state`, not `1 states`.
    @Test func oneStateIsSingular() throws {
        var bounds = ExplorationBounds()
        bounds.maxStates = 1
        let report = try FlowExplorer.explore(try Fixtures.shipped(), flow: "reading", bounds: bounds)
        #expect(
            report.line(flow: "reading", bounds: bounds, reported: 0)
                == "flow reading: bounded by 1 state, 1 state, 4 steps, no guarantee broken")
    }

    /// Three broken guarantees, as many reported as the configuration and suppressions leave.
    @Test func theBrokenCountIsWhatIsReported() throws {
        let finding = try #require(try RestoreFindingLocationTests.bookGone().findings.first)
        let bounds = ExplorationBounds()
        var report = try FlowExplorer.explore(try Fixtures.shipped(), flow: "reading", bounds: bounds)
        report.findings = [finding, finding, finding]
        let line = { (reported: Int) in report.line(flow: "reading", bounds: bounds, reported: reported) }
        #expect(line(3) == "flow reading: complete, 24 states, 304 steps, 3 broken")
        #expect(line(2) == "flow reading: complete, 24 states, 304 steps, 2 broken, 1 more silenced")
        #expect(line(0) == "flow reading: complete, 24 states, 304 steps, 3 broken, all silenced")
    }
}
