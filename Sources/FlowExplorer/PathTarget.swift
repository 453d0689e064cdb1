import FlowModel

/// What `flowc paths --cover` asks a path for (docs/RUNNING.md, "Test paths: flowc paths").
package enum PathCoverage: String, CaseIterable, Sendable {
    /// Every screen of the root flow and of the flows it runs as children, at any depth, shown on top.
    case screens
    /// Every transition: each event of each such screen, taken, and each handler of a child's outcome, run.
    case transitions
    /// Every deep-link pattern of the root flow, opened.
    case links
    /// Every outcome of every child declaration, delivered to its parent.
    case outcomes
}

/// One thing a path must reach, named by flow, screen, event, child declaration and outcome as the
/// flow files name them.
package enum PathTarget: Hashable, Sendable, CustomStringConvertible {
    /// Screen `screen` of flow `flow` is the route on top of the path: `screen reading.details`.
    case screen(flow: String, screen: String)
    /// Event `event`, sent from a route of screen `screen` of flow `flow`, is taken (not rejected, not
    /// stale, not left waiting for a confirmation): `event reading.library.selectBook`.
    case event(flow: String, screen: String, event: String)
    /// Flow `flow`'s handler for outcome `outcome` of its child `child` runs: `handler reading.edit.saved`.
    case handler(flow: String, child: String, outcome: String)
    /// A URL of the root flow's link `pattern` opens: `link /books/{bookID:int}`.
    case link(pattern: String)
    /// Child `child` of flow `flow` finishes with `outcome`, delivered to `flow`: `outcome reading.edit.saved`.
    case outcome(flow: String, child: String, outcome: String)

    package var description: String {
        switch self {
        case .screen(let flow, let screen): "screen \(flow).\(screen)"
        case .event(let flow, let screen, let event): "event \(flow).\(screen).\(event)"
        case .handler(let flow, let child, let outcome): "handler \(flow).\(child).\(outcome)"
        case .link(let pattern): "link \(pattern)"
        case .outcome(let flow, let child, let outcome): "outcome \(flow).\(child).\(outcome)"
        }
    }

    /// The targets `coverage` names for root flow `root`, in the order the flow files declare them: the
    /// root flow first, then each flow it runs as a child, depth first in declaration order, each once.
    package static func targets(of bundle: FlowBundle, root: Int, coverage: PathCoverage) -> [PathTarget] {
        if coverage == .links { return bundle.flows[root].links.map { .link(pattern: $0.pattern) } }
        var targets: [PathTarget] = []
        for index in flowsRun(by: root, in: bundle) {
            let graph = bundle.flows[index]
            switch coverage {
            case .screens:
                targets += graph.screens.map { .screen(flow: graph.name, screen: $0.name) }
            case .transitions:
                for screen in graph.screens {
                    targets += screen.events.map { .event(flow: graph.name, screen: screen.name, event: $0.name) }
                }
                for child in graph.children {
                    targets += bundle.flows[child.flow].outcomes.map {
                        .handler(flow: graph.name, child: child.name, outcome: $0)
                    }
                }
            case .outcomes:
                for child in graph.children {
                    targets += bundle.flows[child.flow].outcomes.map {
                        .outcome(flow: graph.name, child: child.name, outcome: $0)
                    }
                }
            case .links:
                break
            }
        }
        return targets
    }

    /// `root` and every flow it runs as a child at any depth, depth first in declaration order, each once
    /// (an explicit stack: a chain of children as long as the bundle's flows uses no call depth).
    static func flowsRun(by root: Int, in bundle: FlowBundle) -> [Int] {
        var order: [Int] = []
        var seen: Set<Int> = []
        var pending = [root]
        while let flow = pending.popLast() {
            guard seen.insert(flow).inserted else { continue }
            order.append(flow)
            pending += bundle.flows[flow].children.map(\.flow).reversed()
        }
        return order
    }
}
