import FlowExplorer
import FlowModel
import FlowRuntime
import FlowScript
import Foundation

/// The snapshot half of ``VersionDiff``: every explored state's snapshot (and variants of its arguments)
/// restored on the old and the new bundle, judged per ``SnapshotShape``.
@MainActor
struct SnapshotTrials {
    let old: FlowBundle
    let new: FlowBundle
    let root: String
    let newRoot: String?

    /// One snapshot the old version restores, and what the new one did with it.
    private struct Trial {
        var snapshot: FlowSnapshot
        var conditions: [String: Bool]
        var result: StepResult
    }

    func findings(for scripts: [[ScriptCommand]]) -> [VersionFinding] {
        var shapes: [String] = []
        var trials: [String: [Trial]] = [:]
        var tried: Set<String> = []
        for commands in scripts {
            guard let runner = try? FlowScriptRunner(bundle: old, flow: root) else { continue }
            var conditions: [String: Bool] = [:]
            for command in commands {
                runner.run(command)
                if case .condition(let name, let value) = command { conditions[name] = value }
            }
            guard runner.coordinator.status == .running, runner.coordinator.pendingConfirmation == nil else { continue }
            let snapshot = runner.coordinator.snapshot()
            let answers = VersionDiff.conditionCommands(conditions).map(\.line).joined(separator: ",")
            for variant in [snapshot] + variants(of: snapshot) {
                let key = Self.json(variant) + "|" + answers
                guard tried.insert(key).inserted,
                    restore(variant, on: old, flow: root, conditions: conditions)?.status == .applied
                else { continue }
                let result =
                    newRoot.flatMap { restore(variant, on: new, flow: $0, conditions: conditions) }
                    ?? StepResult(.rejected, .unknownFlow(root))
                let shape = SnapshotShape.text(of: variant)
                if trials[shape] == nil { shapes.append(shape) }
                trials[shape, default: []].append(Trial(snapshot: variant, conditions: conditions, result: result))
            }
        }
        return shapes.map { finding(shape: $0, trials: trials[$0] ?? []) }
    }

    private func finding(shape: String, trials: [Trial]) -> VersionFinding {
        let accepted = trials.filter { $0.result.status == .applied }
        let refused = trials.filter { $0.result.status != .applied }
        var finding = VersionFinding(
            kind: .snapshot, verdict: .keep, rootFlow: root, subject: shape, detail: "", witness: "",
            newFlow: newRoot)
        finding.newRootFlow = newRoot
        if let first = refused.first {
            finding.verdict = accepted.isEmpty ? .break : .narrow
            let reason = first.result.reason?.description ?? first.result.status.rawValue
            let renamed =
                first.result.renaming.map {
                    $0.renamed.isEmpty ? "" : " (after renaming \(Self.renames($0.renamed.map(\.description))))"
                } ?? ""
            finding.cause = reason + renamed
            finding.detail =
                accepted.isEmpty
                ? "the new version refuses it\(renamed): \(reason)"
                : "the new version restores \(accepted.count) of its \(trials.count) saved argument sets, and refuses this one\(renamed): \(reason)"
            finding.witness = witness(first)
            finding.newFlow = deepestFlow(of: first) ?? newRoot
        } else if let renamed = accepted.first(where: { !($0.result.renaming?.renamed.isEmpty ?? true) }) {
            finding.verdict = .rename
            finding.cause = Self.renames(renamed.result.renaming?.renamed.map(\.description) ?? [])
            finding.detail = "it restores after renaming " + finding.cause
            finding.witness = witness(renamed)
            finding.newFlow = deepestFlow(of: renamed) ?? newRoot
        } else if let first = accepted.first {
            finding.detail = "it restores as it is"
            finding.witness = witness(first)
        }
        return finding
    }

    /// The `flowc run` lines that restore the trial's snapshot: its conditions, then `restore JSON`.
    private func witness(_ trial: Trial) -> String {
        (VersionDiff.conditionCommands(trial.conditions) + [.restore(Self.json(trial.snapshot))]).map(\.line)
            .joined(separator: "\n")
    }

    /// The current name of the last instance's flow the trial's snapshot names (after renames), if the new
    /// bundle has it.
    private func deepestFlow(of trial: Trial) -> String? {
        for instance in trial.snapshot.instances.reversed() {
            if let name = VersionDiff.currentName(ofFlow: instance.flow, in: new) { return name }
        }
        return nil
    }

    /// The result of restoring `snapshot` on a new coordinator of `bundle`'s flow `flow` whose host answers
    /// `conditions`; nil when the flow cannot be a root.
    private func restore(_ snapshot: FlowSnapshot, on bundle: FlowBundle, flow: String, conditions: [String: Bool])
        -> StepResult?
    {
        guard let runner = try? FlowScriptRunner(bundle: bundle, flow: flow) else { return nil }
        for command in VersionDiff.conditionCommands(conditions) { runner.run(command) }
        return runner.coordinator.restore(snapshot)
    }

    /// `snapshot` with one route argument at a time replaced by a value that meets or breaks a constraint of
    /// the receiving parameter, in the old flows or (found by its current or former names) in the new ones.
    private func variants(of snapshot: FlowSnapshot) -> [FlowSnapshot] {
        var variants: [FlowSnapshot] = []
        for (position, instance) in snapshot.instances.enumerated() {
            for (routeIndex, route) in instance.routes.enumerated() {
                for (name, value) in route.arguments.sorted(by: { $0.key < $1.key }) {
                    for candidate in candidates(flow: instance.flow, screen: route.screen, parameter: name)
                    where candidate != value {
                        var variant = snapshot
                        variant.instances[position].routes[routeIndex].arguments[name] = candidate
                        variants.append(variant)
                    }
                }
            }
        }
        return variants
    }

    /// The values at an edge of a constraint of the parameter `parameter` of screen `screen` of flow `flow`, old
    /// and new (``ConstraintEdges``).
    private func candidates(flow: String, screen: String, parameter: String) -> [Value] {
        var parameters: [ParameterNode] = []
        if let index = old.flowIndex(named: flow),
            let screenIndex = old.flows[index].screenIndex(namedNowOrFormerly: screen)
        {
            parameters += old.flows[index].screens[screenIndex.index].parameters.filter { $0.name == parameter }
        }
        if let name = VersionDiff.currentName(ofFlow: flow, in: new), let index = new.flowIndex(named: name),
            let screenIndex = new.flows[index].screenIndex(namedNowOrFormerly: screen)
        {
            parameters += new.flows[index].screens[screenIndex.index].parameters.filter { $0.name == parameter }
        }
        var values: [Value] = []
        for text in ConstraintEdges.texts(for: parameters) {
            for node in parameters {
                if let value = node.type.parse(text), !values.contains(value) { values.append(value) }
            }
        }
        return values
    }

    /// The renames a restore reported, each once, in order (a kept tab's rename is reported for each place the
    /// tab is named).
    static func renames(_ descriptions: [String]) -> String {
        var seen = Set<String>()
        return descriptions.filter { seen.insert($0).inserted }.joined(separator: ", ")
    }

    static func json(_ snapshot: FlowSnapshot) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(snapshot) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
