import FlowExplorer
import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// The explorer over random tab-and-sheet apps (``TreeModelBasedTests/app(seed:)``: tabs, sheets, covers,
/// pushes, removal policies, nested pickers, tab selection, links): no guarantee of docs/RUNNING.md breaks
/// in any state within the bounds.
@MainActor
struct RandomAppExplorationTests {
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func noGuaranteeBreaksInARandomApp(seed: UInt64) throws {
        var bounds = ExplorationBounds()
        bounds.maxStates = 250
        bounds.maxDepth = 6
        let report = try FlowExplorer.explore(try TreeModelBasedTests.app(seed: seed), flow: "home", bounds: bounds)
        for finding in report.findings {
            Issue.record(
                "\(finding.code) \(finding.flow ?? "-").\(finding.screen ?? "-"): \(finding.message)\n  \(finding.witness.joined(separator: "\n  "))"
            )
        }
        #expect(report.states > 50)
    }
}
