import FlowExplorer
import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// A finding is proved or not printed (issue 31, "Exact findings"): witnesses come from the constraints
/// themselves, a child that leaves by a confirmed removal can finish, "refused everywhere" needs every
/// reachable state explored, and a link target is reached only when the step shows it.
@MainActor
struct ExactFindingsTests {
    /// A link placeholder gets a value that meets the constraints of the parameters it feeds: the
    /// pattern's shortest match (`A-0` for `A-[0-9]+`), a value inside `min`/`max`.
    @Test func aLinkPlaceholderGetsTheWitnessOfTheParametersItFeeds() throws {
        let bundle = try Fixtures.shipped()
        let shop = try #require(bundle.flowIndex(named: "shop"))
        #expect(
            bundle.flows[shop].links.map { ArgumentWitness.url(of: $0, flow: shop, in: bundle) } == [
                "/orders/A-0", "/categories/1/products/1", "/cart",
            ])
        let podcasts = try #require(bundle.flowIndex(named: "podcasts"))
        #expect(
            bundle.flows[podcasts].links.map { ArgumentWitness.url(of: $0, flow: podcasts, in: bundle) } == [
                "/episodes/1", "/discover/a", "/account/subscriptions",
            ])
    }

    /// A witness is a URL the runtime matches to the witness value: a `values` entry holding `/`, `?`, `#` and
    /// `%` is percent-encoded in the URL (as generated link builders write it), and the runtime's matcher
    /// decodes it back, so the link opens with that very value and the exploration reaches it (no FC811).
    @Test func aWitnessValueWithReservedCharactersIsPercentEncoded() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: notes
            start: list
            screens:
              list:
                on:
                  open: { push: note, with: { title: "a/b?c#d%e" } }
              note:
                params: { title: { type: string, values: ["a/b?c#d%e"] } }
            links:
              "/notes/{title}": [list, { note: { title: $title } }]
            """
        ])
        let root = try #require(bundle.flowIndex(named: "notes"))
        let url = ArgumentWitness.url(of: bundle.flows[root].links[0], flow: root, in: bundle)
        #expect(url == "/notes/a%2Fb%3Fc%23d%25e")
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "notes")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.open(url) == .applied)
        #expect(coordinator.path.map(\.description) == ["notes.list", "notes.note(title: a/b?c#d%e)"])
        let report = try FlowExplorer.explore(bundle, flow: "notes")
        #expect(report.warnings.map(\.code.code) == [])
    }

    /// The shopping app (issue 31): before, FC811 on `/orders/{orderID}` (opened as `/orders/a`, which the
    /// pattern refuses, with an unrelated refusal from before onboarding as the cause) and FC809 on the
    /// shell that leaves by back → confirm. It explores exhaustively within the default bounds: the deep
    /// links queued again and again during onboarding are one state up to their repeats
    /// (``ExplorationReduction/queuedLinkRepeats``, ``ExplorationReduction/queuedLinkOrder``), so no state
    /// is left out (8,544 states kept a URL at most twice in a queue and left the rest out; 6,480 classes
    /// cover them all).
    @Test func theShoppingAppIsExploredCompletelyWithNoFalseWarning() throws {
        let report = try FlowExplorer.explore(try Fixtures.shipped(), flow: "shop")
        #expect(report.isExhaustive)
        #expect(report.repeatedScreens == [])
        #expect(report.extent(ExplorationBounds()) == "complete")
        #expect(report.findings.map { "\($0.code): \($0.message)" } == [])
        #expect(report.warnings.map { "\($0.code.rawValue): \($0.message)" } == [])
        #expect(report.states == 6480)
    }

    /// The podcast app, bounded at 5,000 states before and then complete only up to its onboarding's
    /// repeated queued links (6,288 states), is explored exhaustively.
    @Test func thePodcastAppIsExploredCompletely() throws {
        let report = try FlowExplorer.explore(try Fixtures.shipped(), flow: "podcasts")
        #expect(report.isExhaustive)
        #expect(report.findings.map { "\($0.code): \($0.message)" } == [])
        #expect(report.warnings.map { "\($0.code.rawValue): \($0.message)" } == [])
        #expect(report.states == 2160)
    }

    /// Without the reduction, the queues are infinite: the explorer keeps a URL at most twice in one
    /// queue and names what it left out.
    @Test func withoutTheQueueReductionRepeatedQueuedLinksAreLeftOut() throws {
        var bounds = ExplorationBounds()
        bounds.reductions = []
        let report = try FlowExplorer.explore(try Fixtures.shipped(), flow: "shop", bounds: bounds)
        #expect(report.isComplete)
        #expect(!report.isExhaustive)
        #expect(
            report.repeatedScreens.sorted() == [
                "queued /cart on shopOnboarding", "queued /categories/1/products/1 on shopOnboarding",
                "queued /orders/A-0 on shopOnboarding",
            ])
        #expect(report.extent(bounds).hasPrefix("complete up to 2 repeats of a screen (left out: queued"))
        #expect(report.states == 8544)
    }

    /// A child whose only way out is back from a `confirm` route: confirming removes it with the declared
    /// outcome, so it can finish (FC809 said it could not), and the witness of that is run.
    @Test func aChildLeftByAConfirmedRemovalCanFinish() throws {
        let (bundle, report) = try ExplorationWarningTests.explore("leave-by-confirm", flow: "demo")
        #expect(report.isExhaustive)
        #expect(report.warnings == [])
        let trace = try ExplorationWarningTests.run(
            ["start", "event leave", "back", "confirm"], in: bundle, flow: "demo")
        #expect(trace.map(\.status) == ["applied", "applied", "pending", "applied"])
        #expect(trace.last?.path.map(\.screen) == ["home"])
    }

    /// An exploration that leaves states out for their repeats proves no action refused everywhere: the
    /// states left out might take it.
    @Test func anExplorationThatLeftStatesOutReportsNoActionRefusedEverywhere() throws {
        var bounds = ExplorationBounds()
        bounds.maxRouteRepeats = 0
        let bundle = try Fixtures.bundle(try ExplorationWarningTests.fixture("refused-pop"), ignoring: ["FC308"])
        let full = try FlowExplorer.explore(bundle, flow: "demo")
        #expect(full.isExhaustive)
        #expect(full.warnings.map(\.code) == [.refusedEverywhere])
        let cut = try FlowExplorer.explore(bundle, flow: "demo", bounds: bounds)
        #expect(cut.isComplete)
        #expect(!cut.isExhaustive)
        #expect(cut.warnings == [])
    }

    /// `flowc paths` counts a link reached when the step shows its routes: a pattern placeholder opened
    /// with the pattern's match, and a guarded link only once its continuation opens.
    @Test func aLinkTargetIsReachedWhenTheStepShowsIt() throws {
        let bundle = try Fixtures.bundle(try ExplorationWarningTests.fixture("link-pattern"))
        let report = try FlowPaths.search(bundle, flow: "demo", coverage: .links)
        #expect(report.unreached == [])
        #expect(report.paths.map(\.script) == [["open /orders/A-0"]])
        #expect(report.paths[0].traces.last?.path.map(\.screen) == ["list", "order"])

        let notes = try FlowPaths.search(try Fixtures.shipped(), flow: "notesApp", coverage: .links)
        for path in notes.paths {
            let last = try #require(path.traces.last)
            let opened = (last.links ?? []).contains { $0.status == "applied" } || last.command.hasPrefix("open ")
            #expect(opened, "\(path.target)")
            let entries = last.instances.map { [$0] + $0.children } ?? []
            #expect(entries.allSatisfy { $0.pendingLink == nil && ($0.queuedLinks ?? []).isEmpty }, "\(path.target)")
        }
    }

    /// Found by the breaker (`/work/breaker/r12/min-cover`): a link that replaces a cover waits for two
    /// confirmations (the lower route's `when` turned true after it asked). The `confirm` that grants the
    /// second still runs the waiting link, whose removal of the cover guarantee 3 allows: the explorer keeps
    /// the link as the step that waits (before, it took the `confirm` that asked again for it, FC803).
    @Test func aLinkConfirmedInTwoQuestionsRemovesACoverAsTheLink() throws {
        let (bundle, report) = try ExplorationWarningTests.explore("link-confirmed-twice", flow: "app")
        #expect(report.isExhaustive)
        #expect(report.findings.map { "\($0.code): \($0.message)" } == [])
        #expect(report.warnings == [])
        #expect(report.states == 22)
        let trace = try ExplorationWarningTests.run(
            ["start", "event pay", "event next", "open /home", "condition hasDraft true", "confirm", "confirm"],
            in: bundle, flow: "app")
        #expect(trace.map(\.status) == ["applied", "applied", "applied", "pending", "applied", "pending", "applied"])
        #expect(trace.last?.removed?.map(\.why) == ["link"])
        #expect(trace.last?.path.map(\.screen) == ["home"])
    }

    /// Found by the breaker's seed sweep (r14, `FLOWC_DIFF_SEEDS=2000..2500`, seed 2181): a link queued on a
    /// sheet's `queue` flow over a cover opens when that flow finishes, in the same step, and replaces the
    /// part of the tree the cover is in. Guarantee 3 lets a deep link remove a cover; the step's command is
    /// `event cancel` (or `finish #4 cancelled`), not an `open`, and the explorer reported FC803 ("'event
    /// cancel' removed the cover 'viewer' (#3) though its flow did not finish"), with a witness whose run
    /// shows the link reported applied and the cover removed `why: link`. Its sibling (the breaker's
    /// `studio-q`): the held link asks first (`edit` is a `confirm` route), so the `confirm` after the step
    /// runs the link; the explorer took that confirmation for one no step asked (no origin), reported FC803
    /// on `confirm`, and never checked that `keep` reports the held link dropped (guarantee 4).
    @Test func aHeldLinkOpenedWhenItsFlowFinishesMayReplaceACover() throws {
        let (bundle, report) = try ExplorationWarningTests.explore("held-link-replaces-cover", flow: "app")
        #expect(report.isExhaustive)
        #expect(report.findings.map { "\($0.code): \($0.message)" } == [])
        #expect(report.warnings == [])
        #expect(report.states == 16)
        for last in ["event cancel", "finish #4 cancelled"] {
            let trace = try ExplorationWarningTests.run(
                ["start", "event view", "event pick", "open /home", last], in: bundle, flow: "app")
            #expect(trace.map(\.status) == ["applied", "applied", "applied", "queued", "applied"])
            #expect(trace.last?.finished?.map(\.flow) == ["picker"])
            #expect(trace.last?.removed?.map { "\($0.flow) #\($0.instance) \($0.why)" } == ["viewer #3 link"])
            #expect(trace.last?.links?.map { "\($0.url) \($0.status)" } == ["/home applied"])
            #expect(trace.last?.path.map(\.screen) == ["home"])
        }
        let asked = ["start", "event view", "event edit", "event pick", "open /home", "event cancel"]
        let confirmed = try ExplorationWarningTests.run(asked + ["confirm"], in: bundle, flow: "app")
        let statuses = ["applied", "applied", "applied", "applied", "queued", "applied", "applied"]
        #expect(confirmed.map(\.status) == statuses)
        #expect(confirmed[5].links?.map { "\($0.url) \($0.status)" } == ["/home pending"])
        #expect(confirmed[5].pending?.prompt == "discardEdit")
        #expect(confirmed[6].removed?.map { "\($0.flow) #\($0.instance) \($0.why)" } == ["viewer #3 link"])
        #expect(confirmed[6].path.map(\.screen) == ["home"])
        let kept = try ExplorationWarningTests.run(asked + ["keep"], in: bundle, flow: "app")
        #expect(
            kept.last?.links?.map { "\($0.url) \($0.status): \($0.reason ?? "")" } == [
                "/home rejected: deep link '/home' was dropped: the person kept 'viewer.edit', which the link would have removed"
            ])
        #expect(kept.last?.path.map(\.screen) == ["home", "frame", "edit"])
    }

    /// The sibling through a guarded link (the breaker's r14 `guarded`): `/acct/orders` waits on the `login`
    /// sheet inside the cover `viewer` (`otherwise: [main, viewer, login], continueOn: done`); when `login`
    /// finishes with `done`, the continuation opens in the same step and replaces the cover. Before: FC803 on
    /// `event ok` ("removed the cover 'viewer' (#5) though its flow did not finish").
    @Test func aGuardedLinksContinuationMayReplaceACover() throws {
        let (bundle, report) = try ExplorationWarningTests.explore("guarded-link-replaces-cover", flow: "app")
        #expect(report.isExhaustive)
        #expect(report.findings.map { "\($0.code): \($0.message)" } == [])
        #expect(report.states == 38)
        let trace = try ExplorationWarningTests.run(
            ["start", "open /acct/orders", "condition signedIn true", "event ok"], in: bundle, flow: "app")
        #expect(trace.map(\.status) == ["applied", "applied", "applied", "applied"])
        #expect(trace.last?.finished?.map(\.flow) == ["login"])
        #expect(trace.last?.removed?.map { "\($0.flow) #\($0.instance) \($0.why)" } == ["viewer #5 link"])
        #expect(trace.last?.links?.map { "\($0.url) \($0.status)" } == ["/acct/orders applied"])
        #expect(trace.last?.path.map(\.screen) == ["home"])
    }

    /// Found by the breaker (`/work/breaker/r12/min-restore`): a child flow whose conditional `start` shows
    /// `amount` only when `hasPayee` holds, and whose `payee` shows it by `replaceRoot` otherwise. The state
    /// `home › amount` built with `hasPayee` false restores (guarantee 6; before, FC806: "flow 'pay' starts
    /// at 'payee' now").
    @Test func aChildsFirstRouteThatAReplaceRootShowedRestores() throws {
        let (bundle, report) = try ExplorationWarningTests.explore("child-replace-root", flow: "app")
        #expect(report.isExhaustive)
        #expect(report.findings.map { "\($0.code): \($0.message)" } == [])
        #expect(report.states == 10)
        let trace = try ExplorationWarningTests.run(
            ["start", "event pay", "event pick", "snapshot", "stop", "restore"], in: bundle, flow: "app")
        #expect(trace.map(\.status) == ["applied", "applied", "applied", "applied", "applied", "applied"])
        #expect(trace.last?.path.map(\.screen) == ["home", "amount"])
    }

    /// Found by the breaker (`/work/breaker/r12/min-811`): a placeholder passed to a parameter with a
    /// `pattern` and to one with `values` gets a value both accept (`abc`), not the first parameter's
    /// witness (`a`), so `flowc paths` reaches the link (before: "not reached … a is not one of zz9, abc").
    @Test func aPlaceholderFeedingSeveralParametersGetsAValueAllAccept() throws {
        let bundle = try Fixtures.bundle(try ExplorationWarningTests.fixture("link-values-pattern"))
        let app = try #require(bundle.flowIndex(named: "app"))
        #expect(bundle.flows[app].links.map { ArgumentWitness.url(of: $0, flow: app, in: bundle) } == ["/x/abc", "/y"])
        let report = try FlowPaths.search(bundle, flow: "app", coverage: .links)
        #expect(report.unreached == [])
        #expect(report.paths.map(\.script) == [["open /x/abc"], ["open /y"]])
        #expect(report.paths[0].traces.last?.path.map(\.screen) == ["home", "b", "c"])
    }

    /// Found by the breaker (`/work/breaker/r13/min-810`, `min-807`): a value an event or an outcome passes
    /// on is witnessed by one that what it is passed to accepts, as a link placeholder's is. `scan` (a cover
    /// item) finishes with `found(code: 1…99)`, which the handler shows in another tab as `receipt(code:
    /// 60…99)`: sent with `code=1` it was refused everywhere (FC807 on the event, FC810 on the handler) though
    /// `code=60` runs; so were `open(n: 1…9)` pushing `item(n: 5…9)` and `pick(name)` starting a flow whose
    /// `who` has a pattern. `lost(code: 1…9)` meets no receipt, and stays reported with the value it was sent.
    @Test func aValuePassedOnIsWitnessedByOneWhatItIsPassedToAccepts() throws {
        let (bundle, report) = try ExplorationWarningTests.explore("value-crosses-tabs", flow: "app")
        #expect(report.isExhaustive)
        #expect(report.findings.map { "\($0.code): \($0.message)" } == [])
        let reason = "'code' of screen 'receipt' of flow 'shopTab': 1 is less than the minimum 60"
        #expect(
            report.warnings.map { "\($0.code.rawValue): \($0.message) | \($0.witness.joined(separator: "; "))" } == [
                "FC807: event 'lost' of screen 'camera' is refused in every state explored that shows the screen: "
                    + "\(reason) | start; select scan #1; event lost code=1",
                "FC810: outcome 'lost' of child 'scan' goes nowhere: its handler is refused in every state explored "
                    + "that shows the child: \(reason) | start; select scan #1; finish #3 lost code=1",
            ])
        #expect(report.states == 10)
        let paths = try FlowPaths.search(bundle, flow: "app", coverage: .transitions)
        #expect(paths.unreached.map(\.target.description) == ["handler app.scan.lost", "event scanFlow.camera.lost"])
        let scripts = paths.paths.map { $0.script.joined(separator: "; ") }
        #expect(scripts.contains("start; select scan #1; event found code=60"))
        #expect(scripts.contains("start; event open n=5"))
        #expect(scripts.contains("start; event pick name=Aa"))
        let trace = try ExplorationWarningTests.run(
            ["start", "select scan", "event found code=60"], in: bundle, flow: "app")
        #expect(trace.last?.status == "applied")
        #expect(trace.last?.path.map(\.screen) == ["catalog", "receipt"])
        #expect(trace.last?.finished?.map { "\($0.flow) \($0.outcome)" } == ["scanFlow found"])
    }

    /// A value an event passes on is answered both ways by the host's check, as the parameter's own witness
    /// is (review of round 13): `found(code: 1…99, check: valid)` is sent as `code=60` (what `receipt` takes),
    /// so the explorer also tries `valid` refusing 60, and the event refused by the host is explored.
    @Test func aHostCheckIsTurnedForTheValueAnEventPassesOn() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: shop
            start: catalog
            screens:
              catalog:
                on:
                  found:
                    params: { code: { type: int, min: 1, max: 99, check: valid } }
                    push: receipt
                    with: { code: $code }
              receipt:
                params: { code: { type: int, min: 60, max: 99 } }
            """
        ])
        var steps: [String] = []
        let report = try FlowExplorer.explore(bundle, flow: "shop") { step in
            steps.append("\(step.command.line) → \(step.result.status.rawValue)")
        }
        #expect(report.isExhaustive)
        #expect(report.findings.isEmpty && report.warnings.isEmpty)
        #expect(steps.contains("check valid 60 false → applied"))
        #expect(steps.contains("event found code=60 → applied"))
        #expect(steps.contains("event found code=60 → rejected"))
        #expect(!steps.contains { $0.hasPrefix("event found code=1 ") })
    }
}
