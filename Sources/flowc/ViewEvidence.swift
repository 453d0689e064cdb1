import FlowCompiler
import FlowExplorer
import FlowModel
import FlowScript
import FlowView
import FlowcCommandLine

/// `flowc view --check`: what `flowc check` finds, put on the page: its line per root flow (extent,
/// states, steps), its findings and warnings as diagnostics on their nodes, and each one's witness run
/// by the same script runner as `flowc run`, so the page plays it like a trace. The witness is run as the
/// exploration's commands (``ExplorationReport/commands(of:)-(ReachedWitness)``), never as its text parsed again.
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
            // Each witness as the exploration's commands (its state's shortest script, then what ran from it),
            // not its script text read back (the text reads back the same since the script language's escapes;
            // the commands are what was explored, with no parsing in between).
            var found: [(Diagnostic, ReachedWitness)] = Array(zip(broken.diagnostics, report.findings.map(\.reached)))
            found += report.warnings.map {
                (CheckCommand.diagnostic(for: $0, root: flow, in: result.flows, paths: paths), $0.reached)
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
                let commands = report.commands(of: witness)
                guard !commands.isEmpty, let runner = try? FlowScriptRunner(bundle: bundle, flow: flow) else {
                    continue
                }
                let steps = commands.map { FlowScriptRunner.json(runner.run($0)) }
                page.plays.append(
                    .init(title: "\(diagnostic.code) witness (flow \(flow)): \(diagnostic.message)", steps: steps))
            }
        }
        return true
    }
}
