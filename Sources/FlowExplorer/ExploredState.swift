import FlowModel
import FlowRuntime
import FlowScript
import Foundation

/// One state the explorer reached: the script that builds it from a new coordinator, and its key, the
/// same for states that differ only in route tokens and instance ids.
@MainActor
struct ExploredState {
    var lines: [String]
    /// The host conditions the script set.
    var conditions: [String: Bool]
    /// The line whose step waits for a confirmation, while one is pending.
    var pendingOrigin: String?
    /// Its index in the report's ``ExplorationReport/reached``.
    var index = 0

    /// A runner that has run `lines`, and the trace line of the last of them (nil before any).
    func replay(bundle: FlowBundle, flow: String) throws -> (FlowScriptRunner, TraceLine?) {
        let runner = try FlowScriptRunner(bundle: bundle, flow: flow)
        var last: TraceLine?
        for line in lines { last = runner.run(line: line) }
        return (runner, last)
    }

    /// The state's key: its snapshot (stable: no tokens, no ids), status, pending confirmation and what
    /// led to it, and the conditions set.
    static func key(of coordinator: FlowCoordinator, conditions: [String: Bool], pendingOrigin: String?) -> String {
        var parts = [snapshotJSON(coordinator.snapshot()), "\(coordinator.status)"]
        if let pending = coordinator.pendingConfirmation {
            parts.append("pending \(pending.flow).\(pending.screen) after \(pendingOrigin ?? "")")
        }
        parts.append(conditions.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))
        return parts.joined(separator: "|")
    }

    static func snapshotJSON(_ snapshot: FlowSnapshot) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(snapshot) else { return "<unencodable>" }
        return String(decoding: data, as: UTF8.self)
    }
}
