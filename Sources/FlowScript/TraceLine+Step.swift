import FlowModel
import FlowRuntime

extension TraceLine {
    /// The trace line of script line `line`, whose text is `text`, after a step with `status` and
    /// `reason`: the coordinator's state as `coordinator` holds it now, with `instances` (its
    /// ``FlowCoordinator/instanceTree()``) and the snapshot `snapshot` took, if any. The one builder of a
    /// step's trace line: ``FlowScriptRunner`` and the explorer (``init(line:text:result:coordinator:)``)
    /// both use it.
    @MainActor
    package init(
        line: Int, text: String, status: String, reason: String?, coordinator: FlowCoordinator,
        instances: InstanceTreeEntry?, snapshot: FlowSnapshot?
    ) {
        let coordinatorState: String
        var outcome: String?
        switch coordinator.status {
        case .idle: coordinatorState = "idle"
        case .running: coordinatorState = "running"
        case .stopped: coordinatorState = "stopped"
        case .finished(let finished):
            coordinatorState = "finished"
            outcome = finished
        }
        self.init(
            line: line, command: TraceEcho.bounded(ScriptText.trimmed(text[...])), status: status,
            reason: reason,
            coordinator: coordinatorState, outcome: outcome,
            path: coordinator.path.map {
                TraceLine.RouteEntry(
                    token: $0.token.rawValue, instance: $0.instance.rawValue, flow: $0.flow,
                    screen: $0.screen, arguments: $0.arguments.mapValues(JSONArgument.init))
            },
            stacks: Self.stackEntries(coordinator),
            tabs: Self.tabSetEntries(coordinator),
            instances: instances,
            pending: coordinator.pendingConfirmation.map {
                TraceLine.PendingEntry(prompt: $0.prompt, route: $0.route.rawValue, flow: $0.flow, screen: $0.screen)
            },
            snapshot: snapshot)
    }

    /// The trace line of script line `line`, whose text is `text`, after a step that gave `result` and
    /// took no snapshot: what `flowc run` prints for it.
    @MainActor
    package init(line: Int, text: String, result: StepResult, coordinator: FlowCoordinator) {
        self.init(
            line: line, text: text, status: result.status.rawValue, reason: result.reason?.description,
            coordinator: coordinator, instances: coordinator.instanceTree(), snapshot: nil)
        record(result)
    }

    /// Adds what `result` says beyond the state: the flows that finished, the deep links dropped or
    /// opened after the step, a restore's renames, the kept tabs dropped and the instances removed without
    /// finishing.
    package mutating func record(_ result: StepResult) {
        if !result.finished.isEmpty {
            finished = result.finished.map {
                TraceLine.FinishedEntry(
                    instance: $0.instance.rawValue, flow: $0.flow, outcome: $0.outcome,
                    arguments: $0.arguments.mapValues(JSONArgument.init))
            }
        }
        if !result.deferredLinks.isEmpty {
            links = result.deferredLinks.map {
                TraceLine.LinkEntry(url: $0.url, status: $0.status.rawValue, reason: $0.reason?.description)
            }
        }
        if let renaming = result.renaming {
            self.renaming = TraceLine.RenamingEntry(
                renamed: renaming.renamed.map(\.description), refused: renaming.refused)
        }
        if !result.droppedTabs.isEmpty {
            droppedTabs = result.droppedTabs.map {
                TraceLine.DroppedTabEntry(flow: $0.flow, tab: $0.tab, instance: $0.instance.rawValue, routes: $0.routes)
            }
        }
        if !result.removed.isEmpty {
            removed = result.removed.map {
                TraceLine.RemovedEntry(
                    flow: $0.flow, instance: $0.instance.rawValue, child: $0.child, why: $0.cause.rawValue)
            }
        }
    }

    @MainActor
    private static func stackEntries(_ coordinator: FlowCoordinator) -> [TraceLine.StackEntry]? {
        let stacks = coordinator.stacks
        if stacks.count <= 1, stacks.allSatisfy({ $0.kind == .root }) { return nil }
        return stacks.map { stack in
            var kind = "root"
            var tab: String?
            switch stack.kind {
            case .root: break
            case .tab(let name, _): (kind, tab) = ("tab", name)
            case .sheet: kind = "sheet"
            case .cover: kind = "cover"
            }
            return TraceLine.StackEntry(
                id: stack.id.rawValue, kind: kind, tab: tab, routes: stack.routes.map(\.token.rawValue))
        }
    }

    @MainActor
    private static func tabSetEntries(_ coordinator: FlowCoordinator) -> [TraceLine.TabSetEntry]? {
        let sets = coordinator.tabSets
        guard !sets.isEmpty else { return nil }
        return sets.map { set in
            TraceLine.TabSetEntry(
                instance: set.id.rawValue, flow: set.flow, tabs: set.tabs, selected: set.selected,
                kept: set.keptStacks.mapValues { $0.routes.map(\.token.rawValue) })
        }
    }
}
