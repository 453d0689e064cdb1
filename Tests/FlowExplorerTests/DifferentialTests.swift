import FlowCompiler
import FlowExplorer
import FlowModel
import FlowRuntime
import FlowTestSupport
import Foundation
import Testing

/// The validator against the explorer (``DifferentialCheck``) on the shipped flows, every valid fixture
/// and apps from ``YAMLAppGenerator``: valid ones, and near-misses whose exact diagnostics the generator
/// knows. A disagreement prints the app's YAML, the item, both verdicts and the witness script.
@MainActor
struct DifferentialTests {
    /// Small bounds: the generated apps are small, and most explore completely within them.
    static var bounds: ExplorationBounds {
        var bounds = ExplorationBounds()
        bounds.maxStates = 200
        bounds.maxDepth = 8
        return bounds
    }

    /// Seeds per batch of valid apps, and batches.
    static let appsPerBatch = 25
    nonisolated static let validBatches = 0..<8
    /// Near-miss apps per kind.
    static let nearMissesPerKind = 12

    /// Validates `files` as one set, or records why that failed.
    static func validate(_ files: [String]) -> ValidationResult {
        FlowValidation.validate(sources: files.enumerated().map { ("inline\($0.offset).yaml", Array($0.element.utf8)) })
    }

    static func located(_ diagnostic: Diagnostic) -> ExpectedDiagnostic {
        ExpectedDiagnostic(
            file: diagnostic.location.file, line: diagnostic.location.line, column: diagnostic.location.column,
            code: diagnostic.code, message: diagnostic.message)
    }

    static func record(_ disagreements: [DifferentialCheck.Disagreement], in yaml: String, _ what: String) {
        for disagreement in disagreements {
            Issue.record("\(what): \(disagreement)\n\(yaml)")
        }
    }

    @Test(arguments: validBatches)
    func validGeneratedAppsAgreeWithTheExplorer(batch: Int) throws {
        var check = DifferentialCheck(bounds: Self.bounds)
        for offset in 0..<Self.appsPerBatch {
            let seed = UInt64(batch * Self.appsPerBatch + offset)
            let app = YAMLAppGenerator.app(seed: seed)
            let result = Self.validate(app.files)
            let errors = result.diagnostics.filter { $0.severity == .error }.map(Self.located)
            guard errors.isEmpty else {
                Issue.record(
                    "seed \(seed): a valid app has errors:\n\(errors.map(\.description).joined(separator: "\n"))\n\(app.yaml)"
                )
                continue
            }
            let bundle = try GraphLowering.lower(result.flows)
            let disagreements = try check.check(bundle, diagnostics: result.diagnostics, refused: [])
            let known = Self.knownGeneratedGaps[seed] ?? []
            #expect(disagreements.map(\.item).filter { known.contains($0) }.sorted() == known.sorted(), "seed \(seed)")
            Self.record(disagreements.filter { !known.contains($0.item) }, in: app.yaml, "seed \(seed)")
        }
        // At least a fifth explore completely within the bounds (a fifth to a half do, since the apps nest
        // tab bars in sheets and covers, tab sets in tabs, sheets over sheets and covers in tabs), so "every
        // reachable screen is shown" is checked on many apps.
        #expect(check.summary.complete * 5 >= check.summary.explorations)
        print(
            "differential batch \(batch): \(Self.appsPerBatch) apps, \(check.summary.states) states, \(check.summary.complete)/\(check.summary.explorations) complete, \(check.summary.handlers) handlers run, refused on some paths: \(check.summary.refusedOnSomePaths)"
        )
    }

    @Test(arguments: NearMiss.allCases)
    func nearMissesHaveTheirExactDiagnosticAndTheExplorerAgrees(kind: NearMiss) throws {
        var check = DifferentialCheck(bounds: Self.bounds)
        var made = 0
        // Seeds from 1000 on, until enough apps had a place for the near-miss (an app without a child that
        // an event starts has none for `unhandledOutcome`).
        for seed in UInt64(1000)..<UInt64(1000 + 10 * Self.nearMissesPerKind) where made < Self.nearMissesPerKind {
            let app = YAMLAppGenerator.app(seed: seed, nearMiss: kind)
            guard app.nearMiss == kind else { continue }
            made += 1
            let result = Self.validate(app.files)
            let errors = result.diagnostics.filter { $0.severity == .error }.map(Self.located).sorted()
            if errors != app.expected {
                Issue.record(
                    "seed \(seed) \(kind): the validator said\n\(errors.map(\.description).joined(separator: "\n"))\nexpected\n\(app.expected.map(\.description).joined(separator: "\n"))\n\(app.yaml)"
                )
                continue
            }
            // An unknown screen cannot be lowered; the other near-misses run with their errors let through.
            guard kind != .brokenReference else { continue }
            let bundle = try Fixtures.bundle(app.files, ignoring: Set(app.expected.map(\.code)))
            let disagreements = try check.check(
                bundle, diagnostics: result.diagnostics, refused: app.refusedEvents)
            Self.record(disagreements, in: app.yaml, "seed \(seed) \(kind)")
        }
        #expect(made == Self.nearMissesPerKind)
    }

    /// The shipped flows and each valid fixture (a file, or a folder as one set).
    nonisolated static let fixtureSets: [String] = {
        let valid = Fixtures.flowsFolder + "/../Tests/Fixtures/valid"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: valid)) ?? []
        return ["Flows"] + entries.sorted().map { "valid/" + $0 }
    }()

    @Test(arguments: fixtureSets)
    func shippedFlowsAndValidFixturesAgreeWithTheExplorer(set: String) throws {
        let root = Fixtures.flowsFolder + "/.."
        let path = set == "Flows" ? Fixtures.flowsFolder : root + "/Tests/Fixtures/" + set
        let result = try FlowValidation.validate(paths: [path])
        #expect(!result.hasErrors)
        let bundle = try GraphLowering.lower(result.flows)
        var bounds = ExplorationBounds()
        // The tab-bar app `social` has 978 states: bounded, as in ShippedFlowsExplorationTests.
        bounds.maxStates = 300
        let check = DifferentialCheck(bounds: bounds)
        var copy = check
        let disagreements = try copy.check(bundle, diagnostics: result.diagnostics, refused: [])
        let known = Self.knownGaps[set] ?? []
        #expect(disagreements.map(\.item).sorted() == known)
        Self.record(disagreements.filter { !known.contains($0.item) }, in: set, set)
    }

    /// Disagreements that come from the explorer not reaching a state, not from a fault of the validator
    /// or the runtime, by set. `Flows/login.yaml`'s `submit` takes an email with the pattern
    /// `[^@ ]+@[^@ ]+`, and the explorer's argument witness (`aaa`) does not match it, so `code` is never
    /// shown and sign-in never finishes (so `notesApp`'s handler of `signedIn` never runs); when the
    /// explorer's witnesses meet patterns, this list empties and the test says so.
    nonisolated static let knownGaps: [String: [String]] = [:]

    /// Disagreements between the validator and the explorer on generated apps that are open, by seed, each
    /// to be fixed (an item twice: two witnesses of it). All are runtime faults the format 1.3 nestings
    /// (tab-bar items that present, issue 32) brought out; the validator is right in each:
    /// - FC812, seeds 65, 173, 174: a presented tab bar (a sheet) whose item's flow holds a queued link
    ///   (`linkPolicy: queue`); when the item's flow finishes (or an event finishes it), the queued link
    ///   opens and replaces the root's stack, which removes the tab bar, and its kept tab is not in the
    ///   step's dropped tabs ("'finish #5 cancelled' dropped the kept tab 'shareFlowTab1' (#4) of
    ///   'shareFlow' without reporting it"; witness: start, event open, event switch, select upload #2,
    ///   open /items/1, finish #5 cancelled).
    /// - FC806, seeds 28, 61, 92, 125, 126, 145, 159, 160, 196: a tab set inside a tab whose item presents
    ///   a sheet, then a link (`/first`) that selects the outer tab: the snapshot of that state is refused
    ///   on restore ("flow 'appTab1Flow' selects tab 'appTab1FlowTab0', but no instance after it runs that
    ///   tab"; witness for seed 92: start, select appTab1 #1, event present, open /first, snapshot, stop,
    ///   restore).
    /// - FC806, seed 98: a tab bar presented as a sheet from the root's second screen, its item's sheet
    ///   over it, then back on the tab flow (#1): the restored snapshot is refused ("in flow 'app', screen
    ///   'summary' never starts child 'rating'"; witness: open /items/1, event open, event present,
    ///   back 1 #1, snapshot, stop, restore): the state that back built has the tab bar over a screen that
    ///   never starts it.
    nonisolated static let knownGeneratedGaps: [UInt64: [String]] = [
        28: [
            "guarantee FC806 in root flow 'app' at appTab0Flow.news",
            "guarantee FC806 in root flow 'app' at appTab0Flow.quiz",
            "guarantee FC806 in root flow 'app' at signupFlow.home",
        ],
        61: [
            "guarantee FC806 in root flow 'app' at appTab0Flow.dashboard",
            "guarantee FC806 in root flow 'app' at appTab0Flow.library",
        ],
        65: [
            "guarantee FC812 in root flow 'app' at viewerFlow.account",
            "guarantee FC812 in root flow 'app' at viewerFlow.account",
            "guarantee FC812 in root flow 'app' at viewerFlow.notes",
            "guarantee FC812 in root flow 'app' at viewerFlow.notes",
            "guarantee FC812 in root flow 'app' at viewerFlow.contacts",
            "guarantee FC812 in root flow 'app' at viewerFlow.contacts",
        ],
        92: [
            "guarantee FC806 in root flow 'app' at appTab0Flow.log",
            "guarantee FC806 in root flow 'app' at appTab0Flow.chat",
        ],
        98: [
            "guarantee FC806 in root flow 'app' at ratingFlowTab0Flow.panel",
            "guarantee FC806 in root flow 'app' at ratingFlowTab0Flow.inventory",
            "guarantee FC806 in root flow 'app' at ratingFlowTab1Flow.notes",
            "guarantee FC806 in root flow 'app' at composeFlow.cart",
            "guarantee FC806 in root flow 'app' at ratingFlowTab1Flow.complete",
            "guarantee FC806 in root flow 'app' at composeFlow.review",
        ],
        125: [
            "guarantee FC806 in root flow 'app' at appTab0Flow.chat",
            "guarantee FC806 in root flow 'app' at appTab0Flow.notes",
        ],
        126: [
            "guarantee FC806 in root flow 'app' at appTab0Flow.terms",
            "guarantee FC806 in root flow 'app' at appTab0Flow.inventory",
        ],
        145: [
            "guarantee FC806 in root flow 'app' at appTab0Flow.browse",
            "guarantee FC806 in root flow 'app' at appTab0Flow.about",
        ],
        159: ["guarantee FC806 in root flow 'app' at appTab0Flow.welcome"],
        160: [
            "guarantee FC806 in root flow 'app' at appTab0Flow.archive",
            "guarantee FC806 in root flow 'app' at appTab0Flow.brief",
        ],
        173: [
            "guarantee FC812 in root flow 'app' at uploadFlow.scheduler",
            "guarantee FC812 in root flow 'app' at uploadFlow.scheduler",
            "guarantee FC812 in root flow 'app' at uploadFlow.menu",
            "guarantee FC812 in root flow 'app' at uploadFlow.menu",
        ],
        174: [
            "guarantee FC812 in root flow 'app' at filterFlow.notes",
            "guarantee FC812 in root flow 'app' at filterFlow.notes",
            "guarantee FC812 in root flow 'app' at filterFlow.map",
            "guarantee FC812 in root flow 'app' at filterFlow.map",
            "guarantee FC812 in root flow 'app' at filterFlow.checkout",
            "guarantee FC812 in root flow 'app' at filterFlow.checkout",
        ],
        196: [
            "guarantee FC806 in root flow 'app' at appTab0Flow.photo",
            "guarantee FC806 in root flow 'app' at appTab0Flow.status",
        ],
    ]
}
