import FlowModel
import FlowRuntime
import FlowScript

/// Explores what a flow's coordinator can reach: breadth first from a new coordinator, every step a
/// person, the host or the system can take in each state (``ExplorationActions``), run by the runtime's
/// own step through `flowc run`'s script runner, and every ``Guarantee`` checked on every step.
///
/// States are compared up to route tokens and instance ids (by their snapshot, status, pending
/// confirmation and the conditions set). A state is reached again by running its script on a new
/// coordinator, so each finding's witness is a script `flowc run` reproduces, shortest first.
/// Bounds: ``ExplorationBounds``; the report says whether the exploration was complete.
@MainActor
package enum FlowExplorer {
    /// Explores the root flow `flow` of `bundle`.
    /// - Throws: ``FlowRuntimeError`` when the flow cannot be a root flow (unknown, or with parameters
    ///   that have no default).
    @MainActor
    package static func explore(_ bundle: FlowBundle, flow: String, bounds: ExplorationBounds = ExplorationBounds())
        throws(FlowRuntimeError) -> ExplorationReport
    {
        guard let root = bundle.flowIndex(named: flow) else { throw .unknownFlow(flow) }
        _ = try FlowScriptRunner(bundle: bundle, flow: flow)
        let actions = ExplorationActions(bundle: bundle, rootFlow: root)
        var report = ExplorationReport(rootFlow: flow)
        var seen: Set<String> = []
        var reported: Set<String> = []
        var refused: [String: (reason: String, witness: [String])] = [:]
        var taken: Set<String> = []
        var frontier: [ExploredState] = [ExploredState(lines: [], conditions: [:], pendingOrigin: nil)]
        do {
            let (runner, _) = try frontier[0].replay(bundle: bundle, flow: flow)
            seen.insert(ExploredState.key(of: runner.coordinator, conditions: [:], pendingOrigin: nil))
        } catch {
            throw error as? FlowRuntimeError ?? .unknownFlow(flow)
        }
        report.states = 1
        report.reached = [
            ReachedState(parent: nil, line: nil, depth: 0, path: [], status: "idle", asksForConfirmation: false)
        ]
        var depth = 0
        func record(_ guarantee: Guarantee, _ message: String, witness: [String], top: TraceLine.RouteEntry?) {
            let command = witness.last?.split(separator: " ").first.map(String.init) ?? ""
            let identity = "\(guarantee.rawValue)|\(top?.flow ?? "")|\(top?.screen ?? "")|\(command)"
            guard reported.insert(identity).inserted else { return }
            report.findings.append(
                ExplorationFinding(
                    guarantee: guarantee, rootFlow: flow, flow: top?.flow, screen: top?.screen, message: message,
                    witness: witness))
        }
        while !frontier.isEmpty {
            guard depth < bounds.maxDepth else {
                report.bound = "depth \(bounds.maxDepth)"
                break
            }
            var next: [ExploredState] = []
            for state in frontier {
                guard let (base, baseTrace) = try? state.replay(bundle: bundle, flow: flow) else { continue }
                let beforeKey = ExploredState.key(
                    of: base.coordinator, conditions: state.conditions, pendingOrigin: state.pendingOrigin)
                let top = baseTrace?.path.last
                // The valid `event` lines from the route on screen: what FC807 counts.
                var validEvents: [String: String] = [:]
                if base.coordinator.status == .running, let route = base.coordinator.path.last {
                    for event in actions.events(of: route, sentFrom: nil) where event.valid {
                        validEvents[event.line] = "\(route.flow)\u{1F}\(route.screen)\u{1F}\(event.event)"
                    }
                }
                for line in actions.lines(in: base.coordinator, trace: baseTrace, conditions: state.conditions) {
                    guard let (runner, _) = try? state.replay(bundle: bundle, flow: flow),
                        let after = runner.run(line: line)
                    else { continue }
                    report.steps += 1
                    if let key = validEvents[line] {
                        if after.status == "rejected" || after.status == "stale" {
                            if refused[key] == nil, !taken.contains(key) {
                                refused[key] = (after.reason ?? after.status, state.lines + [line])
                            }
                        } else {
                            taken.insert(key)
                            refused[key] = nil
                        }
                    }
                    var conditions = state.conditions
                    let words = line.split(separator: " ")
                    if words.first == "condition", words.count == 3 {
                        conditions[String(words[1])] = words[2] == "true"
                    }
                    let origin: String? =
                        after.status == "pending"
                        ? line : (runner.coordinator.pendingConfirmation != nil ? state.pendingOrigin : nil)
                    let afterKey = ExploredState.key(
                        of: runner.coordinator, conditions: conditions, pendingOrigin: origin)
                    let checks = GuaranteeChecks(
                        before: .init(trace: baseTrace, key: beforeKey), line: line, after: after, afterKey: afterKey,
                        pendingOrigin: state.pendingOrigin)
                    for (guarantee, message) in checks.violations() {
                        record(guarantee, message, witness: state.lines + [line], top: top)
                    }
                    guard !seen.contains(afterKey) else { continue }
                    if repeatsTooOften(after.path, bound: bounds.maxRouteRepeats) { continue }
                    guard seen.count < bounds.maxStates else {
                        report.bound = "\(bounds.maxStates) states"
                        continue
                    }
                    seen.insert(afterKey)
                    report.states += 1
                    let reached = ExploredState(
                        lines: state.lines + [line], conditions: conditions, pendingOrigin: origin,
                        index: report.reached.count)
                    report.reached.append(
                        ReachedState(
                            parent: state.index, line: line, depth: reached.lines.count,
                            path: after.path.map { $0.flow + "." + $0.screen }, status: after.coordinator,
                            asksForConfirmation: after.pending != nil))
                    if let message = restoreRoundTrip(of: reached, bundle: bundle, flow: flow) {
                        let conditions = reached.lines.prefix { $0.hasPrefix("condition ") }
                        let witness = reached.lines + ["snapshot", "stop"] + conditions + ["restore"]
                        record(.restoreAcceptsBuiltStates, message, witness: witness, top: after.path.last)
                    }
                    next.append(reached)
                }
            }
            frontier = next
            depth += 1
        }
        report.refusedEvents = refused.sorted { $0.key < $1.key }.map { key, value in
            let parts = key.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            return RefusedEvent(
                flow: parts[0], screen: parts[1], event: parts[2], reason: value.reason, witness: value.witness)
        }
        return report
    }

    /// The flows of `bundle` that can be explored as roots: those no other flow runs as a child, whose
    /// parameters all have defaults, in bundle order.
    package static func rootFlows(of bundle: FlowBundle) -> [String] {
        let children = Set(bundle.flows.flatMap { $0.children.map(\.flow) })
        return bundle.flows.indices.filter { index in
            !children.contains(index) && bundle.flows[index].parameters.allSatisfy { $0.defaultValue != nil }
        }.map { bundle.flows[$0].name }
    }

    /// Whether some screen appears on `path` more than `bound` times.
    private static func repeatsTooOften(_ path: [TraceLine.RouteEntry], bound: Int) -> Bool {
        var counts: [String: Int] = [:]
        for route in path {
            let key = route.flow + "." + route.screen
            counts[key, default: 0] += 1
            if counts[key]! > bound { return true }
        }
        return false
    }

    /// Why the snapshot of `state` does not restore on a new coordinator with the same host answers, or
    /// nil when it restores to the same state. Only states whose conditions were all set before the first
    /// step are tried: a state built before a condition changed may be one steps cannot build now, which
    /// restore rightly refuses. States waiting for a confirmation, and stopped or finished ones, are skipped.
    private static func restoreRoundTrip(of state: ExploredState, bundle: FlowBundle, flow: String) -> String? {
        let firstStep = state.lines.firstIndex { !$0.hasPrefix("condition ") } ?? state.lines.count
        guard !state.lines[firstStep...].contains(where: { $0.hasPrefix("condition ") }),
            let (runner, _) = try? state.replay(bundle: bundle, flow: flow),
            runner.coordinator.status == .running, runner.coordinator.pendingConfirmation == nil
        else { return nil }
        let snapshot = runner.coordinator.snapshot()
        let before = ExploredState.snapshotJSON(snapshot)
        guard let fresh = try? FlowScriptRunner(bundle: bundle, flow: flow) else { return nil }
        for line in state.lines[..<firstStep] { _ = fresh.run(line: line) }
        // Restore trusts the host's answers now: a root route that only a finished child's handler shows
        // (auth after onboarding, while the host still says not onboarded) is refused by design, so only
        // states whose root shows what its start shows with these answers are held to this guarantee.
        guard let started = try? FlowScriptRunner(bundle: bundle, flow: flow) else { return nil }
        for line in state.lines[..<firstStep] { _ = started.run(line: line) }
        _ = started.run(line: "start")
        guard Self.rootStart(of: started.coordinator.snapshot()) == Self.rootStart(of: snapshot) else { return nil }
        guard let restored = fresh.run(line: "restore " + before) else { return nil }
        guard restored.status == "applied" else {
            return "the snapshot of a state steps built was refused on restore: \(restored.reason ?? restored.status)"
        }
        let after = ExploredState.snapshotJSON(fresh.coordinator.snapshot())
        return after == before ? nil : "restoring the snapshot of a state steps built gave another state"
    }

    /// What a snapshot's root instance shows first: its first route's screen, or the child it runs.
    private static func rootStart(of snapshot: FlowSnapshot) -> String? {
        guard let root = snapshot.instances.first else { return nil }
        if let first = root.routes.first { return "screen " + first.screen }
        return snapshot.instances.dropFirst().first.flatMap { $0.child.map { "child " + $0 } }
    }
}
