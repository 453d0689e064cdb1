import FlowModel

/// A short description of what an event does, for its doc comment: "push `details`", "start child `edit`".
enum ActionSummary {
    /// What `action` (run by flow `graph`) does. A conditional names its condition and does not describe
    /// its branches, so the text stays one line however deep the branches nest.
    static func describe(_ action: ActionNode, in graph: FlowGraph) -> String {
        switch action {
        case .push(let screen, _): return "push `\(name(of: .screen(screen), in: graph))`"
        case .startChild(let child, _): return "start child `\(name(of: .child(child), in: graph))`"
        case .pop(let count): return "pop \(count)"
        case .popTo(let screen): return "pop to `\(name(of: .screen(screen), in: graph))`"
        case .replaceRoot(let target, _): return "replace the root with `\(name(of: target, in: graph))`"
        case .finish(let outcome, _):
            return "finish with `\(graph.outcomes.indices.contains(outcome) ? graph.outcomes[outcome] : "?")`"
        case .conditional(let condition, _, _):
            return
                "chosen by host condition `\(graph.conditions.indices.contains(condition) ? graph.conditions[condition] : "?")`"
        case .show(let target, _): return "show `\(name(of: target, in: graph))`"
        case .stay: return "stay"
        case .select(let tab): return "select tab `\(tab)`"
        case .selectShowing(let routes):
            guard case .child(let child)? = routes.first?.target else { return "select a tab" }
            return
                "select tab `\(name(of: .child(child), in: graph))` showing \(routes.count - 1) route\(routes.count == 2 ? "" : "s")"
        }
    }

    private static func name(of target: TargetNode, in graph: FlowGraph) -> String {
        switch target {
        case .screen(let index): graph.screens.indices.contains(index) ? graph.screens[index].name : "?"
        case .child(let index): graph.children.indices.contains(index) ? graph.children[index].name : "?"
        }
    }
}
