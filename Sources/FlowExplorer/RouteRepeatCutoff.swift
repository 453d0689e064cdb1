import FlowModel

/// How many times one screen may appear on a stack before the explorer leaves a state out, derived from
/// the flows a root flow runs (docs/RUNNING.md, "Reductions", "A screen repeated on a stack"): one more
/// than the largest number of routes any one step removes by count (`pop: N`; `back` removes one). A step
/// reads the routes below its sender only by that count (a `pop: N` is taken when N routes of the flow are
/// below it) or by screen (`popTo`, the topmost one), so on a stack where a screen appears more than this
/// many times every count test of its topmost appearance answers as it does on one where it appears
/// this many times.
struct RouteRepeatCutoff: Equatable {
    /// The most appearances of one screen on a stack that the explorer keeps.
    var repeats: Int
    /// Where the largest count is declared (`flow.screen` and the event, or `flow.child` and the
    /// outcome), or nil when no step removes more than one route (then `back`'s 1 sets the cutoff at 2).
    var source: String?

    /// The cutoff for the flows `root` can run in `bundle`.
    @MainActor
    init(root: Int, in bundle: FlowBundle) {
        var largest = 1
        var source: String?
        func note(_ action: ActionNode, at place: @autoclosure () -> String) {
            var pending = [action]
            while let action = pending.popLast() {
                switch action {
                case .pop(let count) where count > largest:
                    largest = count
                    source = place()
                case .conditional(_, let then, let otherwise):
                    pending += [otherwise, then]
                default: break
                }
            }
        }
        for flow in ExplorationActions.reachableFlows(of: root, in: bundle).sorted() {
            let graph = bundle.flows[flow]
            for screen in graph.screens {
                for event in screen.events {
                    note(event.action, at: "pop: \(largest) in \(graph.name).\(screen.name) on \(event.name)")
                }
            }
            for child in graph.children {
                for (index, handler) in child.handlers.enumerated() {
                    let outcomes = bundle.flows[child.flow].outcomes
                    let outcome = outcomes.indices.contains(index) ? outcomes[index] : "outcome \(index)"
                    note(handler, at: "pop: \(largest) in \(graph.name).\(child.name) on \(outcome)")
                }
            }
        }
        repeats = largest + 1
        self.source = source
    }
}
