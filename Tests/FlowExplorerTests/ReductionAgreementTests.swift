import FlowCompiler
import FlowExplorer
import FlowModel
import FlowRuntime
import FlowTestSupport
import Foundation
import Testing

/// Each reduction of the explorer (``ExplorationReduction``, proved in docs/RUNNING.md, "Reductions")
/// checked: on every fixture set, the shipped roots and 200 generated apps, the reduced and the full
/// exploration agree on every finding, every warning and the shapes reached (the path shown, the status
/// and whether a confirmation is asked: what the reductions do not merge).
@MainActor
struct ReductionAgreementTests {
    /// What a reduced and a full exploration of one root disagree on, in words; empty when they agree.
    /// Each set of `reductions` is compared with the exploration without any (the queue reductions only
    /// when some flow the bundle has queues links: elsewhere they merge nothing). Compared only when the
    /// full exploration is complete (a bounded one stops at states the reduced one may have merged);
    /// warnings FC807, FC809, FC810 and FC811 only when it is also exhaustive (the full exploration leaves
    /// out queues holding a URL more than twice, so it proves less). Besides findings, warnings and the
    /// shapes reached, the steps seen: from each shape, each command's status, reason and the links it
    /// reports (the URLs named, and what became of those not superseded: a queue with a URL twice reports
    /// it superseded once more), the digits of ids and tokens left out. The exploration with every reduction
    /// also runs each step the unread-answers memo reuses again and compares it exactly
    /// (``ExplorationBounds/unreadAnswerCheck``): a reused step that differs is a disagreement too.
    static func disagreements(
        _ bundle: FlowBundle, flow: String, bounds: ExplorationBounds = ExplorationBounds(),
        reductions: [ExplorationReduction] = [.all, .queuedLinkRepeats, .queuedLinkOrder]
    ) throws -> (compared: Bool, merged: Int, disagreements: [String]) {
        var fullBounds = bounds
        fullBounds.reductions = []
        let (full, fullSteps) = try observed(bundle, flow: flow, bounds: fullBounds)
        guard full.isComplete else { return (false, 0, []) }
        let queues = bundle.flows.contains { $0.linkPolicy == .queue }
        var found: [String] = []
        var merged = 0
        for (index, reduction) in reductions.enumerated() where index == 0 || queues {
            var reducedBounds = bounds
            reducedBounds.reductions = reduction
            reducedBounds.unreadAnswerCheck = true
            let (reduced, reducedSteps) = try observed(bundle, flow: flow, bounds: reducedBounds)
            found += reduced.unreadAnswerViolations.map { "reductions \(reduction.rawValue): \($0)" }
            if index == 0 { merged = full.states - reduced.states }
            found += compare(reduced, reducedSteps, full, fullSteps).map { "reductions \(reduction.rawValue): \($0)" }
        }
        return (true, merged, found)
    }

    /// An exploration with the set of steps it saw (``disagreements(_:flow:bounds:reductions:)``).
    static func observed(
        _ bundle: FlowBundle, flow: String, bounds: ExplorationBounds
    ) throws -> (ExplorationReport, Set<String>) {
        var raw: [(state: Int, step: String)] = []
        let report = try FlowExplorer.explore(bundle, flow: flow, bounds: bounds) { step in
            let after = step.trace()
            let links = after.links ?? []
            let named = Set(links.map(\.url)).sorted()
            let opened = Set(
                links.filter { !($0.reason ?? "").contains("superseded by") }.map {
                    "\($0.url) \($0.status) \($0.reason ?? "")"
                }
            ).sorted()
            raw.append(
                (
                    step.state,
                    "\(step.command.line) → \(after.status) \(after.reason ?? "") links \(named) opened \(opened)"
                ))
        }
        let steps = Set(
            raw.map { entry in
                let before = report.reached[entry.state]
                let shape = "\(before.path.joined(separator: " ")) \(before.status) \(before.asksForConfirmation)"
                return String("\(shape): \(entry.step)".map { $0.isNumber ? "N" : $0 })
            })
        return (report, steps)
    }

    /// What `reduced` and `full` (and the steps each saw) disagree on, in words.
    static func compare(
        _ reduced: ExplorationReport, _ reducedSteps: Set<String>, _ full: ExplorationReport, _ fullSteps: Set<String>
    ) -> [String] {
        var found: [String] = []
        if !reduced.isComplete { found.append("the full exploration is complete, the reduced one is not") }
        func findings(_ report: ExplorationReport) -> Set<String> {
            Set(report.findings.map { "\($0.code) at \($0.flow ?? "").\($0.screen ?? ""): \($0.message)" })
        }
        let provedOnlyWhenExhaustive: Set<ExplorationCode> = [
            .refusedEverywhere, .childCannotFinish, .outcomeGoesNowhere, .linkGoesNowhere,
        ]
        func warnings(_ report: ExplorationReport) -> Set<String> {
            Set(
                report.warnings.filter { full.isExhaustive || !provedOnlyWhenExhaustive.contains($0.code) }.map {
                    "\($0.code.rawValue) \($0.subject): \($0.message)"
                })
        }
        func shapes(_ report: ExplorationReport) -> Set<String> {
            Set(report.reached.map { "\($0.path.joined(separator: " ")) \($0.status) \($0.asksForConfirmation)" })
        }
        for (what, reducedSide, fullSide) in [
            ("findings", findings(reduced), findings(full)), ("warnings", warnings(reduced), warnings(full)),
            ("shapes", shapes(reduced), shapes(full)), ("steps", reducedSteps, fullSteps),
        ] where reducedSide != fullSide {
            found.append(
                "\(what): only reduced \(reducedSide.subtracting(fullSide).sorted().prefix(3)), only full \(fullSide.subtracting(reducedSide).sorted().prefix(3))"
            )
        }
        return found
    }

    /// The YAML texts of a fixture set (a file, or every `.yaml` file of a folder), as a bundle; rule
    /// errors the set is made to have (an explorer fixture that shows a refused pop) are let through.
    static func bundle(ofSet set: String) throws -> FlowBundle {
        let path = Fixtures.flowsFolder + "/../Tests/Fixtures/" + set
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        let files =
            isFolder.boolValue
            ? try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".yaml") }.sorted()
                .map { path + "/" + $0 } : [path]
        let sources = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }
        let result = FlowValidation.validate(
            sources: sources.enumerated().map { ("inline\($0.offset).yaml", Array($0.element.utf8)) })
        let errors = Set(result.diagnostics.filter { $0.severity == .error }.map(\.code))
        return try Fixtures.bundle(sources, ignoring: errors)
    }

    /// Every fixture set small enough to explore without the reductions.
    nonisolated static let fixtureSets: [String] = {
        let base = Fixtures.flowsFolder + "/../Tests/Fixtures/"
        var sets: [String] = []
        for folder in ["valid", "explorer"] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: base + folder)) ?? []
            sets += entries.sorted().map { folder + "/" + $0 }
        }
        return sets + ["versions/old", "versions/new"]
    }()

    @Test(arguments: fixtureSets)
    func reducedAndFullExplorationsAgreeOnAFixtureSet(set: String) throws {
        let bundle = try Self.bundle(ofSet: set)
        var compared = 0
        for root in FlowExplorer.rootFlows(of: bundle) {
            let (done, _, disagreements) = try Self.disagreements(bundle, flow: root)
            if done { compared += 1 }
            #expect(disagreements == [], "\(set), root \(root)")
        }
        #expect(compared > 0, "\(set): no root explored completely without the reductions")
    }

    /// The shipped roots: `podcasts` and `shop` queue deep links during onboarding, where the reduction
    /// merges states (the full exploration keeps a URL at most twice in a queue and is not exhaustive).
    @Test func reducedAndFullExplorationsAgreeOnTheShippedRoots() throws {
        let bundle = try Fixtures.shipped()
        var merged: [String: Int] = [:]
        for root in FlowExplorer.rootFlows(of: bundle) {
            let (done, count, disagreements) = try Self.disagreements(bundle, flow: root)
            #expect(done, "\(root)")
            #expect(disagreements == [], "\(root)")
            if count != 0 { merged[root] = count }
        }
        #expect(merged == ["podcasts": 6288 - 2160, "shop": 8544 - 6480])
    }

    /// The root flows of the 25 generated apps of `batch` (seeds 25 × batch onwards), each with its seed,
    /// the app's YAML (for a failure's message) and its bundle: 8 batches make the 200 generated apps.
    static func generatedRoots(batch: Int) throws -> [(seed: UInt64, yaml: String, bundle: FlowBundle, root: String)] {
        var roots: [(seed: UInt64, yaml: String, bundle: FlowBundle, root: String)] = []
        for seed in UInt64(batch * 25)..<UInt64(batch * 25 + 25) {
            let app = YAMLAppGenerator.app(seed: seed)
            let bundle = try Fixtures.bundle(app.files)
            roots += FlowExplorer.rootFlows(of: bundle).map { (seed, app.yaml, bundle, $0) }
        }
        return roots
    }

    @Test(arguments: 0..<8)
    func reducedAndFullExplorationsAgreeOnGeneratedApps(batch: Int) throws {
        var compared = 0
        for (seed, yaml, bundle, root) in try Self.generatedRoots(batch: batch) {
            let (done, _, disagreements) = try Self.disagreements(bundle, flow: root, bounds: DifferentialTests.bounds)
            if done { compared += 1 }
            #expect(disagreements == [], "seed \(seed), root \(root)\n\(yaml)")
        }
        #expect(compared > 0)
    }

    /// The check can fail: a reduction coarser than the proved ones, comparing each queue by its last link
    /// alone, merges the shopping app's onboarding with `/cart` then `/orders/A-0` queued into the one with
    /// `/orders/A-0` alone, so finishing onboarding is never seen to name `/cart` as well.
    @Test func aCoarserQueueCutDisagrees() throws {
        let (done, merged, disagreements) = try Self.disagreements(
            try Fixtures.shipped(), flow: "shop", reductions: [.unsoundLastQueuedLinkOnly])
        #expect(done)
        #expect(merged == 8544 - 6408)
        // Stopping onboarding with `/cart` and `/orders/A-0` queued drops both; the coarser cut sees only one.
        #expect(disagreements.count == 1)
        #expect(
            disagreements.first?.hasPrefix(
                #"reductions 1073741824: steps: only reduced [], only full ["shopOnboarding.welcome running false: back N #N → applied  links [\"/cart\", \"/categories/N/products/N\", \"/orders/A-N\"]"#
            ) == true, "\(disagreements)")
    }

    /// The repeat cutoff one below the one derived from the flow (`pop: 3`: 4) disagrees with it: the
    /// stack with `card` four times, and the steps from it, are left out (FC808 is still seen: `card`
    /// three times above `home` is enough for `pop: 3`, so k = P + 1 suffices without always being least).
    @Test func aCutoffBelowTheDerivedOneDisagrees() throws {
        let bundle = try Fixtures.bundle(try ExplorationWarningTests.fixture("pop-three"))
        let derived = try Self.observed(bundle, flow: "demo", bounds: ExplorationBounds())
        var lower = ExplorationBounds()
        lower.maxRouteRepeats = derived.0.repeatCutoff - 1
        let cut = try Self.observed(bundle, flow: "demo", bounds: lower)
        let found = Self.compare(cut.0, cut.1, derived.0, derived.1)
        #expect(found.count == 2)
        let shape = "demo.home demo.card demo.card demo.card demo.card running false"
        #expect(found.first == "shapes: only reduced [], only full [\"\(shape)\"]")
        #expect(
            found.last?.hasPrefix(
                #"steps: only reduced [], only full ["demo.home demo.card demo.card demo.card demo.card running false: back N #N → applied"#
            ) == true)
    }

    /// The order of the links before a queue's last one is not compared (``ExplorationReduction/queuedLinkOrder``).
    @Test func theLinksBeforeTheLastAreComparedAsACollection() {
        #expect(QueuedLinkForm.earlierInOrder(["/b", "/a", "/c"]) == ["/a", "/b", "/c"])
        #expect(QueuedLinkForm.earlierInOrder(["/a", "/b", "/c"]) == nil)
        #expect(QueuedLinkForm.earlierInOrder(["/b", "/a"]) == nil)
    }

    /// The canonical form the reduction compares: each URL's last arrival in a queue, in order.
    @Test func aURLQueuedAgainCountsAtItsLastArrival() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "shop")
        _ = coordinator.start()
        for url in ["/cart", "/orders/A-0", "/cart"] { #expect(coordinator.open(url).status == .queued) }
        let copy = coordinator.copyState()
        #expect(copy.queuesALinkTwice)
        #expect(copy.instances.map(\.heldLinks).filter { !$0.isEmpty } == [["/cart", "/orders/A-0", "/cart"]])
        let collapsed = copy.collapsingRepeatedQueuedLinks()
        #expect(!collapsed.queuesALinkTwice)
        #expect(collapsed.instances.map(\.heldLinks).filter { !$0.isEmpty } == [["/orders/A-0", "/cart"]])
        #expect(collapsed != copy)
        // Queued in that order, the two are the same state.
        let other = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "shop")
        _ = other.start()
        for url in ["/orders/A-0", "/cart"] { _ = other.open(url) }
        #expect(other.copyState() == collapsed)
        #expect(other.copyState().collapsingRepeatedQueuedLinks() == other.copyState())
    }
}
