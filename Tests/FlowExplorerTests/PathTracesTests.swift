import FlowExplorer
import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// `flowc paths` takes each path's script and trace lines from the exploration it ran (no replay): every
/// script line reads back as the command the explorer ran, and `flowc run`'s script runner, running the
/// script from a new coordinator, prints exactly the trace lines the path carries.
@MainActor
struct PathTracesTests {
    @Test(arguments: ["app", "notesApp", "reading", "social"])
    func aPathsTracesAreWhatFlowcRunPrintsForItsScript(flow: String) throws {
        let bundle = try Fixtures.shipped()
        let reports = try FlowPaths.search(bundle, flow: flow, coverages: PathCoverage.allCases)
        var mismatches: [String] = []
        var paths = 0
        for path in reports.flatMap(\.paths) {
            paths += 1
            let runner = try FlowScriptRunner(bundle: bundle, flow: flow)
            let replayed = path.script.compactMap { runner.run(line: $0) }
            if replayed != path.traces { mismatches.append("\(path.target): " + path.script.joined(separator: "; ")) }
            for line in path.script where try ScriptCommand.parse(line)?.line != line {
                mismatches.append("\(path.target): '\(line)' does not read back")
            }
        }
        #expect(paths > 0)
        #expect(mismatches == [])
    }
}
