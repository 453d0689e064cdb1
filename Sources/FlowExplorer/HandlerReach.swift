import FlowModel
import FlowRuntime
import FlowScript

/// Which outcome handlers of child declarations the explored states reach: for every state of an
/// exploration (``ExplorationReport/reached``) that runs a child instance, finishing it with each outcome
/// of its flow (`finish #ID OUTCOME`, with arguments that meet the outcome's constraints) is tried once
/// until one state runs the handler. What the validator accepts (FC402: every outcome handled; FC303:
/// the child can finish) the runtime must then carry out; the differential tests hold the two together.
package struct HandlerReach: Sendable {
    /// The handler of outcome `outcome` under child declaration `child` of flow `flow`.
    package struct Handler: Hashable, Sendable, Comparable, CustomStringConvertible {
        package var flow: String
        package var child: String
        package var outcome: String
        package var description: String { "\(flow).\(child).\(outcome)" }
        package static func < (a: Self, b: Self) -> Bool { a.description < b.description }
    }

    /// Why a finish was refused, and the script whose last line was refused.
    package struct Refusal: Hashable, Sendable {
        package var reason: String
        package var witness: [String]
    }

    /// The handlers that ran (applied, or asked for a confirmation first), with the script whose last line ran them.
    package var ran: [Handler: [String]] = [:]
    /// The handlers whose finish was refused in some state, with the first refusal.
    package var refused: [Handler: Refusal] = [:]
    /// The handlers whose child instance some explored state runs: those that could be tried.
    package var offered: Set<Handler> = []

    /// The handlers offered that never ran, sorted.
    package var neverRan: [Handler] { offered.subtracting(ran.keys).sorted() }
}

extension FlowExplorer {
    /// Tries, from the states `report` reached (an exploration of root flow `flow` of `bundle`), the
    /// outcomes of each child instance they run, until each handler ran once (see ``HandlerReach``). Each
    /// try runs the state's witness, as typed commands (``ExplorationReport/commands(of:)``), on a new
    /// coordinator, then the typed `finish`: the cost is states times untried handlers. Scripts are
    /// printed (``FlowScript/ScriptCommand/line``) only for the report.
    @MainActor
    package static func handlerReach(_ bundle: FlowBundle, flow: String, report: ExplorationReport) -> HandlerReach {
        var reach = HandlerReach()
        let witnesses = report.witnesses ?? ActionWitnesses(bundle: bundle)
        func replay(_ commands: [ScriptCommand]) -> (FlowScriptRunner, TraceLine?)? {
            guard let runner = try? FlowScriptRunner(bundle: bundle, flow: flow) else { return nil }
            var last: TraceLine?
            for command in commands { last = runner.run(command) }
            return (runner, last)
        }
        for (index, state) in report.reached.enumerated()
        where state.status == "running" && !state.asksForConfirmation {
            let witness = report.commands(of: index)
            guard let (_, trace) = replay(witness), let tree = trace?.instances else { continue }
            var tries: [(HandlerReach.Handler, ScriptCommand)] = []
            var pending = [tree]
            while let entry = pending.popLast() {
                pending += entry.children
                for child in entry.children where child.kept != true {
                    guard let declaration = child.child, let childFlow = bundle.flowIndex(named: child.flow) else {
                        continue
                    }
                    for (outcomeIndex, outcome) in bundle.flows[childFlow].outcomes.enumerated() {
                        let handler = HandlerReach.Handler(flow: entry.flow, child: declaration, outcome: outcome)
                        reach.offered.insert(handler)
                        guard reach.ran[handler] == nil else { continue }
                        let arguments =
                            ArgumentWitness.operands(
                                bundle.flows[childFlow].parameters(ofOutcome: outcomeIndex),
                                chosen: witnesses.outcome(outcomeIndex, of: childFlow)) ?? [:]
                        tries.append(
                            (
                                handler,
                                .finish(instance: FlowInstanceID(child.id), outcome: outcome, arguments: arguments)
                            ))
                    }
                }
            }
            for (handler, command) in tries where reach.ran[handler] == nil {
                guard let (runner, _) = replay(witness) else { continue }
                let after = runner.run(command)
                let script = (witness + [command]).map(\.line)
                switch after.status {
                case "applied", "pending": reach.ran[handler] = script
                default:
                    if reach.refused[handler] == nil {
                        reach.refused[handler] = .init(reason: after.reason ?? after.status, witness: script)
                    }
                }
            }
        }
        return reach
    }
}
