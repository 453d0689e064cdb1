import FlowExplorer
import FlowModel
import FlowRuntime
import FlowScript
import Foundation

/// `flowc diff OLD NEW`: for every shape of saved state and every deep-link pattern the old flows allow,
/// whether the new flows keep it, rename it, narrow it or break it.
///
/// Nothing here re-implements the runtime's rules: the old flows are explored (``FlowExplorer``) and every
/// explored state's snapshot, with argument values varied by ``ArgumentWitness``, is restored on a new
/// coordinator of the old bundle (what it accepts is what the old version could have saved) and then of the
/// new one (``FlowCoordinator/restore(_:)``, with its declared renames); every old link pattern's witness
/// URLs are opened after `start` on both, under each answer of the host conditions. The verdicts come from
/// those results alone. Cost: one exploration per old root flow, and per explored state two restores per
/// argument variant.
@MainActor
package enum VersionDiff {
    /// Compares the old bundle with the new one, root flow by root flow of the old bundle.
    package static func compare(
        old: FlowBundle, new: FlowBundle, bounds: ExplorationBounds = ExplorationBounds()
    ) -> VersionDiffReport {
        var report = VersionDiffReport()
        for root in FlowExplorer.rootFlows(of: old) {
            let newRoot = currentName(ofFlow: root, in: new)
            guard let exploration = try? FlowExplorer.explore(old, flow: root, bounds: bounds) else { continue }
            if let bound = exploration.bound, report.bound == nil { report.bound = "\(root): \(bound)" }
            report.findings += SnapshotTrials(old: old, new: new, root: root, newRoot: newRoot)
                .findings(for: Array(exploration.stateScripts.dropFirst()))
            report.findings += LinkTrials(old: old, new: new, root: root, newRoot: newRoot).findings()
        }
        report.findings.sort {
            ($0.rootFlow, $0.kind == .snapshot ? 0 : 1, $0.subject) < (
                $1.rootFlow, $1.kind == .snapshot ? 0 : 1, $1.subject
            )
        }
        return report
    }

    /// Marks the findings `.flowc.yml` acknowledges (`acceptedBreaks`: shapes and link patterns, as the
    /// findings' subjects are written).
    package static func acknowledge(_ accepted: [String], in report: inout VersionDiffReport) {
        let names = Set(accepted)
        for index in report.findings.indices where names.contains(report.findings[index].subject) {
            report.findings[index].acknowledged = true
        }
    }

    /// The name of the flow of `bundle` that is named `name` now or formerly (`formerly:`).
    static func currentName(ofFlow name: String, in bundle: FlowBundle) -> String? {
        if bundle.flowIndex(named: name) != nil { return name }
        return bundle.flows.first { $0.renames?.flow.contains(name) == true }?.name
    }

    /// `condition NAME true|false` commands for `answers`, sorted by name.
    static func conditionCommands(_ answers: [String: Bool]) -> [ScriptCommand] {
        answers.sorted { $0.key < $1.key }.map { .condition($0.key, $0.value) }
    }
}
