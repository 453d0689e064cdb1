import FlowCompiler
import FlowExplorer
import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Foundation

/// The validator's verdict on a set of flow files held against the explorer's: what one says and the
/// other contradicts, each a ``Disagreement`` that prints the flows, the item, both verdicts and the
/// witness script.
@MainActor
struct DifferentialCheck {
    /// One thing the validator and the explorer (or a guarantee) disagree on.
    struct Disagreement: CustomStringConvertible {
        var item: String
        var validator: String
        var explorer: String
        var witness: [String] = []
        var description: String {
            "\(item)\n  validator: \(validator)\n  explorer: \(explorer)"
                + (witness.isEmpty ? "" : "\n  witness:\n    " + witness.joined(separator: "\n    "))
        }
    }

    /// What was checked, for the figures a test prints.
    struct Summary {
        var states = 0
        var complete = 0
        var explorations = 0
        var handlers = 0
        /// Handlers that ran from some state and were refused from another (`flow.child.outcome: reason`).
        var refusedOnSomePaths: [String] = []
    }

    var bounds: ExplorationBounds
    /// Whether to try every handler from the reached states (``FlowExplorer/handlerReach(_:flow:report:)``).
    var tryHandlers = true
    var summary = Summary()

    init(bounds: ExplorationBounds) { self.bounds = bounds }

    /// The screens FC301 calls unreachable, as `flow.screen`, read from its diagnostics.
    static func unreachableScreens(_ diagnostics: [Diagnostic]) -> Set<String> {
        var screens: Set<String> = []
        for diagnostic in diagnostics where diagnostic.code == "FC301" {
            let parts = diagnostic.message.split(separator: "'", omittingEmptySubsequences: false)
            // "screen 'S' is unreachable from the start of flow 'F'; …"
            guard diagnostic.message.hasPrefix("screen "), parts.count >= 4 else { continue }
            screens.insert("\(parts[3]).\(parts[1])")
        }
        return screens
    }

    /// The flows `root` runs, at any depth, itself included (by index).
    static func flowsRun(by root: Int, in bundle: FlowBundle) -> Set<Int> {
        var reached: Set<Int> = [root]
        var pending = [root]
        while let flow = pending.popLast() {
            for child in bundle.flows[flow].children where reached.insert(child.flow).inserted {
                pending.append(child.flow)
            }
        }
        return reached
    }

    /// Explores every root flow of `bundle` and holds it to the validator's `diagnostics`:
    /// - no guarantee (FC801–FC806) breaks;
    /// - the events refused in every state (FC807) are exactly `refused` (`flow.screen.event`);
    /// - no screen FC301 calls unreachable is shown, and, in a complete exploration, every other screen
    ///   of a flow the root runs is;
    /// - every outcome handler whose child instance a state runs runs from some state;
    /// - a `confirm` route on the path of a reached state is not removed, unasked, by a link that fails
    ///   (the `linkFallback` screen replaces the path through the removal guard).
    mutating func check(_ bundle: FlowBundle, diagnostics: [Diagnostic], refused: Set<String>) throws -> [Disagreement]
    {
        var disagreements: [Disagreement] = []
        let unreachable = Self.unreachableScreens(diagnostics)
        let roots = FlowExplorer.rootFlows(of: bundle)
        var refusedFound: Set<String> = []
        var everyExplorationExhaustive = true
        for root in roots {
            var shown: Set<String> = []
            let report = try FlowExplorer.explore(bundle, flow: root, bounds: bounds)
            if !report.isExhaustive { everyExplorationExhaustive = false }
            summary.explorations += 1
            summary.states += report.states
            if report.isComplete { summary.complete += 1 }
            for finding in report.findings {
                disagreements.append(
                    Disagreement(
                        item:
                            "guarantee \(finding.code) in root flow '\(root)' at \(finding.flow ?? "-").\(finding.screen ?? "-")",
                        validator: "no error that rules it out", explorer: finding.message, witness: finding.witness))
            }
            for event in report.refusedEvents { refusedFound.insert("\(event.flow).\(event.screen).\(event.event)") }
            for event in report.refusedEvents where !refused.contains("\(event.flow).\(event.screen).\(event.event)") {
                disagreements.append(
                    Disagreement(
                        item: "event \(event.flow).\(event.screen).\(event.event) (FC807)",
                        validator: "not always refused (no FC308, FC402)",
                        explorer: "refused in every explored state that shows it: \(event.reason)",
                        witness: event.witness))
            }
            for (index, state) in report.reached.enumerated() {
                for route in state.path where !shown.contains(route) {
                    shown.insert(route)
                    if unreachable.contains(route) {
                        disagreements.append(
                            Disagreement(
                                item: "screen \(route) (FC301)", validator: "unreachable",
                                explorer: "shown", witness: report.witness(of: index)))
                    }
                }
            }
            // The explorer opens links with valid arguments; a link that matches nothing shows the
            // `linkFallback` screen, which FC301 counts as reached.
            if let runner = try? FlowScriptRunner(bundle: bundle, flow: root) {
                _ = runner.run(line: "start")
                for route in runner.run(line: "open /no-such-link")?.path ?? [] {
                    shown.insert("\(route.flow).\(route.screen)")
                }
            }
            if report.isComplete {
                for flow in Self.flowsRun(by: bundle.flowIndex(named: root)!, in: bundle).sorted() {
                    for screen in bundle.flows[flow].screens {
                        let name = "\(bundle.flows[flow].name).\(screen.name)"
                        if !unreachable.contains(name), !shown.contains(name) {
                            disagreements.append(
                                Disagreement(
                                    item: "screen \(name) (FC301)", validator: "reachable",
                                    explorer: "never shown in the complete exploration of root flow '\(root)'"))
                        }
                    }
                }
            }
            disagreements += Self.removalGuardProbe(bundle, flow: root, report: report)
            if tryHandlers {
                let reach = FlowExplorer.handlerReach(bundle, flow: root, report: report)
                summary.handlers += reach.ran.count
                for (handler, refusal) in reach.refused.sorted(by: { $0.key < $1.key }) where reach.ran[handler] != nil
                {
                    summary.refusedOnSomePaths.append("\(handler): \(refusal.reason)")
                }
                for handler in reach.neverRan {
                    let refusal = reach.refused[handler]
                    disagreements.append(
                        Disagreement(
                            item: "outcome handler \(handler) (FC402, FC303)",
                            validator: "handled, and the child can finish",
                            explorer: "never runs from any explored state: \(refusal?.reason ?? "not tried")",
                            witness: refusal?.witness ?? []))
                }
            }
        }
        // FC807 is proved only by an exhaustive exploration: a bounded one, or one that left states out
        // for their repeats, says nothing of an event it never saw taken.
        for event in refused.subtracting(refusedFound).sorted() where everyExplorationExhaustive {
            disagreements.append(
                Disagreement(
                    item: "event \(event) (FC807)", validator: "always refused",
                    explorer: "taken in some explored state, or never shown"))
        }
        return disagreements
    }

    /// From every reached state whose path holds a `confirm` route (docs/FORMAT.md, "Removal policy": a
    /// deep link, and `linkFallback` replacing the path, ask first), a link that matches nothing: it is
    /// refused, or asks, or shows the fallback screen only after asking; it never removes the route unasked.
    static func removalGuardProbe(_ bundle: FlowBundle, flow: String, report: ExplorationReport) -> [Disagreement] {
        var confirmScreens: Set<String> = []
        for graph in bundle.flows {
            for screen in graph.screens where screen.removal == .confirm {
                confirmScreens.insert("\(graph.name).\(screen.name)")
            }
        }
        guard !confirmScreens.isEmpty else { return [] }
        var disagreements: [Disagreement] = []
        for (index, state) in report.reached.enumerated()
        where state.status == "running" && !state.asksForConfirmation
            && state.path.contains(where: confirmScreens.contains)
        {
            let witness = report.witness(of: index)
            guard let runner = try? FlowScriptRunner(bundle: bundle, flow: flow) else { continue }
            var before: TraceLine?
            for line in witness { before = runner.run(line: line) }
            let guarded = Set(
                (before?.path ?? []).filter { confirmScreens.contains("\($0.flow).\($0.screen)") }.map(\.token))
            guard let after = runner.run(line: "open /no-such-link"), after.status == "applied" else { continue }
            let left = guarded.subtracting(after.path.map(\.token))
            if !left.isEmpty {
                disagreements.append(
                    Disagreement(
                        item: "removal guard of a confirm route (route \(left.sorted()))",
                        validator: "a confirm route leaves only with the person's decision",
                        explorer: "a failed link removed it unasked: \(after.reason ?? after.status)",
                        witness: witness + ["open /no-such-link"]))
                break
            }
        }
        return disagreements
    }
}
