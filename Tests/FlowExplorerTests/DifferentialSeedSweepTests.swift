import FlowCompiler
import FlowExplorer
import FlowModel
import FlowTestSupport
import Foundation
import Testing

/// The differential check of ``DifferentialTests`` over seeds that CI does not run, for hunting the siblings
/// of a fault locally: `FLOWC_DIFF_SEEDS=200..2000 swift test --skip-build --filter DifferentialSeedSweep`
/// (a half-open range `FROM..TO`). With `FLOWC_DIFF_DUMP=DIR` each app that disagrees is written to
/// `DIR/seedN/inline<i>.yaml`, ready for `flowc check DIR/seedN`.
@MainActor
struct DifferentialSeedSweepTests {
    /// The seeds `FLOWC_DIFF_SEEDS` names, or none.
    nonisolated static var seeds: Range<UInt64>? {
        guard let text = ProcessInfo.processInfo.environment["FLOWC_DIFF_SEEDS"] else { return nil }
        let bounds = text.split(separator: ".", omittingEmptySubsequences: true).compactMap { UInt64($0) }
        guard bounds.count == 2, bounds[0] < bounds[1] else { return nil }
        return bounds[0]..<bounds[1]
    }

    @Test(.enabled(if: seeds != nil, "set FLOWC_DIFF_SEEDS=FROM..TO"))
    func generatedAppsOfTheSweptSeedsAgreeWithTheExplorer() throws {
        guard let seeds = Self.seeds else { return }
        let dump = ProcessInfo.processInfo.environment["FLOWC_DIFF_DUMP"]
        var check = DifferentialCheck(bounds: DifferentialTests.bounds)
        for seed in seeds {
            let app = YAMLAppGenerator.app(seed: seed)
            let result = DifferentialTests.validate(app.files)
            let errors = result.diagnostics.filter { $0.severity == .error }.map(DifferentialTests.located)
            guard errors.isEmpty else {
                let listed = errors.map(\.description).joined(separator: "\n")
                Issue.record("seed \(seed): a valid app has errors:\n\(listed)")
                continue
            }
            let bundle = try GraphLowering.lower(result.flows)
            let disagreements = try check.check(bundle, diagnostics: result.diagnostics, refused: [])
            guard !disagreements.isEmpty else { continue }
            if let dump {
                let folder = dump + "/seed\(seed)"
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                for (index, file) in app.files.enumerated() {
                    try file.write(toFile: folder + "/inline\(index).yaml", atomically: true, encoding: .utf8)
                }
            }
            DifferentialTests.record(disagreements, in: app.yaml, "seed \(seed)")
        }
    }
}
