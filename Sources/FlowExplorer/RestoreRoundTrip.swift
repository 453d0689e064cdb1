import FlowModel
import FlowRuntime
import FlowScript

/// Guarantee 6 (docs/RUNNING.md, "Guarantees"; FC806), judged on a state: the snapshot of a state steps built
/// restores on a coordinator with the same host answers, and the restored state's snapshot is the same. The
/// explorer judges every state it reaches with it; the tests hold it to a state that breaks it.
enum RestoreRoundTrip {
    /// Why `snapshot` does not restore on `restorer` (an idle coordinator of the same bundle and host), or
    /// restores to another state; nil when it restores to the same state.
    @MainActor
    static func failure(of snapshot: FlowSnapshot, on restorer: FlowCoordinator) -> String? {
        let restored = restorer.restore(snapshot)
        let refused = restored.status != .applied
        if refused {
            return
                "the snapshot of a state steps built was refused on restore: \(restored.reason?.description ?? restored.status.rawValue)"
        }
        guard restorer.snapshot() == snapshot else {
            return "restoring the snapshot of a state steps built gave another state"
        }
        return nil
    }

    /// What the script that shows the round trip break runs after the steps that built the state (`steps`,
    /// answers first): `snapshot`, `stop`, the same answers again and `restore`.
    static func afterSteps(_ steps: [ScriptCommand]) -> [ScriptCommand] {
        [.snapshot, .stop] + steps.prefix(while: \.setsHostAnswer) + [.restore(nil)]
    }
}

extension FlowExplorer {
    /// Guarantee 6 judged on the state whose snapshot is `snapshot` (of root flow `flow` of `bundle`), exactly
    /// as the explorer judges each state it reaches: the snapshot is restored on a new coordinator whose host
    /// is `host`. The tests use it to hold the predicate to a state that breaks it (one judged with host
    /// answers other than those it was built with, which restore rightly refuses), so a weakened predicate
    /// fails a test.
    /// - Returns: the guarantee and why it is broken, or nil.
    @MainActor
    package static func brokenRestore(
        in bundle: FlowBundle, flow: String, snapshot: FlowSnapshot, host: FlowHost
    ) throws(FlowRuntimeError) -> (Guarantee, String)? {
        let restorer = try FlowCoordinator(bundle: bundle, flow: flow, host: host)
        return RestoreRoundTrip.failure(of: snapshot, on: restorer).map { (.restoreAcceptsBuiltStates, $0) }
    }
}
