import FlowModel
import FlowRuntime
import FlowScript

/// A path to one target: the shortest script the explorer found that reaches it, with the host answers
/// it assumes.
package struct TargetPath {
    /// A host condition the path depends on: the value it answers at the path's end, and whether the
    /// script sets it (a `condition` line) or leaves it at its default, false.
    package struct Condition: Equatable, Sendable {
        package var name: String
        package var value: Bool
        package var setByScript: Bool

        package init(name: String, value: Bool, setByScript: Bool) {
            self.name = name
            self.value = value
            self.setByScript = setByScript
        }
    }

    /// A host check the path's steps ask, with the value asked about (as `check NAME VALUE` writes it);
    /// the explorer's host answers every check true, so each path assumes true.
    package struct Check: Equatable, Sendable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    package var target: PathTarget
    /// The `flowc run` lines, from a new coordinator; the last reaches the target.
    package var script: [String]
    /// The trace line of each script line, as `flowc run` prints it.
    package var traces: [TraceLine]
    /// Every condition the root flow and the flows it runs declare, by name.
    package var conditions: [Condition]
    /// The checks asked along the path, in the order first asked.
    package var checks: [Check]
}

/// A target no explored step reached, and why.
package struct UnreachedTarget: Equatable, Sendable {
    package var target: PathTarget
    /// In a sentence: refused every time (with the first reason), never shown, never started …, and
    /// whether the exploration was complete or bounded.
    package var reason: String
}

/// What ``FlowPaths/search(_:flow:coverage:bounds:)`` found for one root flow.
package struct PathReport {
    package var rootFlow: String
    package var coverage: PathCoverage
    /// One path per reached target, in target order (``PathTarget/targets(of:root:coverage:)``).
    package var paths: [TargetPath]
    package var unreached: [UnreachedTarget]
    /// The exploration the paths come from (complete or bounded, its counts and findings).
    package var exploration: ExplorationReport
}

/// `flowc paths`: for each target of a coverage (``PathCoverage``), the shortest event sequence that
/// reaches it, taken from the explorer's breadth-first search (``FlowExplorer``) on the runtime's own
/// step, so every path is a script `flowc run` reproduces (docs/RUNNING.md, "Test paths: flowc paths").
///
/// Shortest means fewest script lines, `condition` lines included; among paths of one length the
/// explorer's order decides (conditions, links, confirmation, events in declaration order, back, …).
@MainActor
package enum FlowPaths {
    /// Searches root flow `flow` of `bundle` for paths to every target `coverage` names.
    /// - Throws: ``FlowRuntimeError`` when the flow cannot be a root flow (unknown, or with parameters
    ///   that have no default).
    package static func search(
        _ bundle: FlowBundle, flow: String, coverage: PathCoverage, bounds: ExplorationBounds = ExplorationBounds()
    ) throws(FlowRuntimeError) -> PathReport {
        try search(bundle, flow: flow, coverages: [coverage], bounds: bounds)[0]
    }

    /// Searches root flow `flow` of `bundle` for paths to the targets of each of `coverages`, from one
    /// exploration: a report per coverage, in the order given.
    /// - Throws: ``FlowRuntimeError`` when the flow cannot be a root flow (unknown, or with parameters
    ///   that have no default).
    package static func search(
        _ bundle: FlowBundle, flow: String, coverages: [PathCoverage], bounds: ExplorationBounds = ExplorationBounds()
    ) throws(FlowRuntimeError) -> [PathReport] {
        guard let root = bundle.flowIndex(named: flow) else { throw .unknownFlow(flow) }
        let targets = coverages.map { PathTarget.targets(of: bundle, root: root, coverage: $0) }
        var recorder = PathRecorder(bundle: bundle, root: root, wanted: Set(targets.joined()))
        let exploration = try FlowExplorer.explore(bundle, flow: flow, bounds: bounds) { recorder.observe($0) }
        let host = ExplorationHost(
            bundle: bundle, root: root, witnesses: exploration.witnesses ?? ActionWitnesses(bundle: bundle))
        var reports: [PathReport] = []
        var made: [PathTarget: TargetPath] = [:]
        for (coverage, targets) in zip(coverages, targets) {
            var paths: [TargetPath] = []
            var unreached: [UnreachedTarget] = []
            for target in targets {
                if let known = made[target] {
                    paths.append(known)
                } else if let (script, traces) = recorder.scripts[target] {
                    let path = path(
                        to: target, script: script, traces: traces, bundle: bundle, conditions: host.conditionNames)
                    made[target] = path
                    paths.append(path)
                } else {
                    let reason = recorder.reason(target, exploration: exploration, bounds: bounds)
                    unreached.append(UnreachedTarget(target: target, reason: reason))
                }
            }
            reports.append(
                PathReport(
                    rootFlow: flow, coverage: coverage, paths: paths, unreached: unreached, exploration: exploration))
        }
        return reports
    }

    /// The path of `script`, whose commands' trace lines are `traces` (from the exploration), with the host
    /// answers it assumes read off them.
    private static func path(
        to target: PathTarget, script: [ScriptCommand], traces: [TraceLine], bundle: FlowBundle,
        conditions names: [String]
    ) -> TargetPath {
        var checks: [TargetPath.Check] = []
        func ask(_ parameters: [ParameterNode], _ arguments: [String: Value]) {
            for parameter in parameters {
                guard let name = parameter.constraints.check, let value = arguments[parameter.name] else { continue }
                let check = TargetPath.Check(name: name, value: value.description)
                if !checks.contains(check) { checks.append(check) }
            }
        }
        for (index, (command, trace)) in zip(script, traces).enumerated() {
            let before = index > 0 ? traces[index - 1] : nil
            if case .event(let name, let token, let texts) = command,
                let sender = before?.path.last(where: { token == nil || $0.token == token?.rawValue }),
                let screen = bundle.screen(sender.flow, sender.screen),
                let event = screen.events.first(where: { $0.name == name })
            {
                ask(event.parameters, parsed(texts, event.parameters))
            }
            for route in trace.path {
                if let screen = bundle.screen(route.flow, route.screen) {
                    ask(screen.parameters, route.arguments.mapValues(\.value))
                }
            }
            for entry in trace.instances.map(ExplorationActions.entries(of:)) ?? [] {
                if let index = bundle.flowIndex(named: entry.flow) {
                    ask(bundle.flows[index].parameters, entry.arguments.mapValues(\.value))
                }
            }
            for finished in trace.finished ?? [] {
                if let index = bundle.flowIndex(named: finished.flow),
                    let outcome = bundle.flows[index].outcomes.firstIndex(of: finished.outcome)
                {
                    ask(bundle.flows[index].parameters(ofOutcome: outcome), finished.arguments.mapValues(\.value))
                }
            }
        }
        var values: [String: Bool] = [:]
        for case .condition(let name, let value) in script { values[name] = value }
        let conditions = names.map {
            TargetPath.Condition(name: $0, value: values[$0] ?? false, setByScript: values[$0] != nil)
        }
        return TargetPath(
            target: target, script: script.map(\.line), traces: traces, conditions: conditions, checks: checks)
    }

    /// Script operands parsed by their parameters' types (those that do not parse are left out).
    nonisolated static func parsed(_ texts: [String: String], _ parameters: [ParameterNode]) -> [String: Value] {
        var values: [String: Value] = [:]
        for parameter in parameters {
            if let text = texts[parameter.name], let value = parameter.type.parse(text) {
                values[parameter.name] = value
            }
        }
        return values
    }
}

extension FlowBundle {
    /// Screen `screen` of the flow named `flow`.
    func screen(_ flow: String, _ screen: String) -> ScreenNode? {
        flowIndex(named: flow).flatMap { index in flows[index].screens.first { $0.name == screen } }
    }
}
