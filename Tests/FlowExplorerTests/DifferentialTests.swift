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

    /// Seeds left out of this suite while the runtime fault they show is open, with the fault (the seed
    /// sweep, `DifferentialSeedSweepTests`, still runs them). None now: the seeds of the faults F1/F3 of
    /// /work/helpers/r11/gen3-findings.md (157, 171, 198, 199 and near-miss 1006: a link through a kept or
    /// set-aside inner tab set to that set's item layer lost the set's selected tab) agree again and are back.
    nonisolated static let seedsOfOpenFaults: [UInt64: String] = [:]

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
            guard Self.seedsOfOpenFaults[seed] == nil else { continue }
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
            Self.record(disagreements, in: app.yaml, "seed \(seed)")
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
            guard app.nearMiss == kind, Self.seedsOfOpenFaults[seed] == nil else { continue }
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
}
