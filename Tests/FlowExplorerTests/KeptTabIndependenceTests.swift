import FlowExplorer
import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// The runtime facts the kept-tab reduction rests on (docs/RUNNING.md, "Reductions", "Kept tabs";
/// ``KeptTabIndependence``), checked on every step of every fixture set, every shipped root and 200
/// generated apps: a local step (not a tab selection, a deep link, a restore, `stop`, a back or a
/// dismissal of a kept stack, and one that, run without the kept tabs, selects no tab, starts none aside,
/// removes no tab set and asks for no confirmation) writes no kept tab, and returns the same result and
/// leaves the same state, those kept tabs aside, as the same step run without them.
@MainActor
struct KeptTabIndependenceTests {
    /// The facts' check on one root: what it found.
    static func facts(
        _ bundle: FlowBundle, flow: String, bounds: ExplorationBounds = ExplorationBounds(),
        rule: KeptTabRule = .proved
    ) throws -> (report: ExplorationReport, facts: KeptTabFacts) {
        var checked = bounds
        checked.keptTabCheck = rule
        // The memo of local steps (off by default), each reused step compared with the runtime's own.
        checked.reductions.insert(.keptTabSteps)
        // Without the memo of steps across host answers (``ExplorationReduction/unreadAnswers``, in `.all`):
        // the steps it reuses are not run, so the local steps checked and `reusedSteps` would count both
        // memos; its own check is UnreadAnswerStepsTests.
        checked.reductions.remove(.unreadAnswers)
        let report = try FlowExplorer.explore(bundle, flow: flow, bounds: checked)
        return (report, try #require(report.keptTabs))
    }

    @Test(arguments: ReductionAgreementTests.fixtureSets)
    func everyLocalStepOfAFixtureSetLeavesTheKeptTabsAlone(set: String) throws {
        let bundle = try ReductionAgreementTests.bundle(ofSet: set)
        for root in FlowExplorer.rootFlows(of: bundle) {
            let (_, facts) = try Self.facts(bundle, flow: root)
            #expect(facts.violations == [], "\(set), root \(root)")
        }
    }

    /// The shipped roots, with exactly what was checked: the local steps from states that keep a tab, how
    /// many of them a reduction stepping each E once would not run, and the distinct E among the states.
    @Test func everyLocalStepOfTheShippedRootsLeavesTheKeptTabsAlone() throws {
        let bundle = try Fixtures.shipped()
        var found: [String: [Int]] = [:]
        for root in FlowExplorer.rootFlows(of: bundle) {
            let (report, facts) = try Self.facts(bundle, flow: root)
            #expect(facts.violations == [], "\(root)")
            found[root] = [
                report.states, facts.classes, facts.numberedClasses, report.steps, facts.checked, facts.repeated,
                report.reusedSteps,
            ]
        }
        // states, distinct E, distinct E with ids and tokens, steps, local steps checked, of them from an E
        // expanded before, steps the kept-tab reduction reused (each checked against the runtime's own step)
        #expect(
            found == [
                "app": [120, 120, 120, 1328, 0, 0, 0], "notesApp": [56, 56, 56, 748, 0, 0, 0],
                "reading": [24, 24, 24, 304, 0, 0, 0], "podcasts": [2160, 552, 1908, 47688, 17044, 14812, 2314],
                "shop": [6480, 984, 3944, 189916, 65832, 58274, 27188], "market": [30, 12, 30, 428, 164, 127, 0],
                "social": [2594, 306, 1990, 68506, 28544, 26778, 6926],
            ])
    }

    /// The kept-tab reduction's exact check can fail: reusing a local step from a state whose E is equal
    /// only up to ids and tokens (``ExplorationReduction/unsoundKeptTabClassUpToIds``) builds a state
    /// numbered otherwise than the runtime's step from the state itself.
    @Test func reusingAStepAcrossNumberingsIsCaught() throws {
        var bounds = ExplorationBounds()
        bounds.reductions.insert(.unsoundKeptTabClassUpToIds)
        let (report, facts) = try Self.facts(try Fixtures.shipped(), flow: "shop", bounds: bounds)
        #expect(report.reusedSteps > 27188)
        // The facts' check sees the wrong state first (the step run from it again without its kept tabs
        // is refused), the exact check of the reused step after it.
        #expect(
            facts.violations.first
                == "back 1 #7: its result differs without the kept tabs (rejected: back would remove the first route of tab 'home'; a tab lives as long as its tab flow against applied); the state it leaves, kept tabs aside, differs without them"
        )
        #expect(facts.violations.contains { $0.contains(" reused: ") }, "\(facts.violations)")
    }

    @Test(arguments: 0..<8)
    func everyLocalStepOfAGeneratedAppLeavesTheKeptTabsAlone(batch: Int) throws {
        var checked = 0
        for (seed, yaml, bundle, root) in try ReductionAgreementTests.generatedRoots(batch: batch) {
            let (_, facts) = try Self.facts(bundle, flow: root, bounds: DifferentialTests.bounds)
            checked += facts.checked
            #expect(facts.violations == [], "seed \(seed), root \(root)\n\(yaml)")
        }
        #expect(checked > 0)
    }

    /// The check can fail: counting a tab selection as local, the shopping app's `select` of another tab
    /// writes the tab it leaves.
    @Test func countingATabSelectionLocalBreaksTheFacts() throws {
        let (_, facts) = try Self.facts(try Fixtures.shipped(), flow: "shop", rule: .unsoundSelectionIsLocal)
        #expect(
            facts.violations.first == "select home #3: it wrote a kept tab")
    }
}
