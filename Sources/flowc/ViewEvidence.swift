import FlowCompiler
import FlowExplorer
import FlowModel
import FlowScript
import FlowView
import FlowcCommandLine

/// `flowc view --check`: what `flowc check` finds, put on the page: its line per root flow (extent,
/// states, steps), its findings and warnings as diagnostics on their nodes, and each one's witness
/// script run by the same script runner as `flowc run`, so the page plays it like a trace.
enum ViewEvidence {
    /// Explores every root flow of `result` (which has no errors) within `bounds`.
    /// - Returns: nil, having printed why, when the flows cannot be lowered or explored.
    @MainActor
    static func check(
        _ result: ValidationResult, paths: [String], configuration: FlowConfiguration?, bounds: ExplorationBounds,
        into page: inout FlowViewPage
    ) -> Bool {
        let bundle: FlowBundle
        do {
            bundle = try GraphLowering.lower(result.flows)
        } catch {
            Console.error("flowc: error: \(error)")
            return false
        }
        for flow in FlowExplorer.rootFlows(of: bundle) {
            let report: ExplorationReport
            do {
                report = try FlowExplorer.explore(bundle, flow: flow, bounds: bounds)
            } catch {
                Console.error("flowc: error: flow '\(flow)' cannot be explored: \(error)")
                return false
            }
            let broken = CheckCommand.findings(of: report, in: result, configuration: configuration, paths: paths)
            page.coverage.append(report.line(flow: flow, bounds: bounds, reported: broken.reported))
            var found: [(Diagnostic, [String])] = Array(zip(broken.diagnostics, report.findings.map(\.witness)))
            found += report.warnings.map {
                (CheckCommand.diagnostic(for: $0, root: flow, in: result.flows, paths: paths), $0.witness)
            }
            // Suppressions and .flowc.yml's rules apply as under `flowc check`: a finding switched off is not
            // shown, one whose severity they change is shown with it.
            let settled = result.settling(
                found.map(\.0), reportedBy: .check, configuration: configuration, judgingUnused: false)
            for (found, witness) in found {
                guard
                    let diagnostic = settled.first(where: {
                        $0.code == found.code && $0.message == found.message && $0.location == found.location
                    })
                else { continue }
                page.diagnostics.append(diagnostic)
                guard !witness.isEmpty, let runner = try? FlowScriptRunner(bundle: bundle, flow: flow) else { continue }
                let steps = witness.compactMap { runner.run(line: $0) }.map(FlowScriptRunner.json)
                page.plays.append(
                    .init(title: "\(diagnostic.code) witness (flow \(flow)): \(diagnostic.message)", steps: steps))
            }
        }
        return true
    }
}
