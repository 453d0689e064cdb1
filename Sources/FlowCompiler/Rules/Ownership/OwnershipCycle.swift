import FlowDefinitions
import FlowModel

/// FC405 `ownership-cycle`: a flow starts itself through its child declarations.
struct OwnershipCycle: FlowRule {
    static let description = RuleDescription(
        code: "FC405",
        identifier: "ownership-cycle",
        severity: .error,
        summary: "a flow starts itself through its child declarations",
        explanation: """
            Child declarations form an ownership tree: a parent holds its child until the child
            finishes. A flow that, through its children (directly or across files), runs itself
            makes that tree unbounded, and the compiled graph could nest without end. Each set of
            flows that start one another is reported once, with a shortest cycle through its first
            flow, at the child declaration that closes it; the notes point at the other
            declarations on the way. A flow that runs itself directly is also reported on its own. Break the cycle, for example by finishing
            with an outcome the outer flow handles instead of starting it again.
            """,
        triggeringExamples: [
            """
            ---- reading.yaml ----
            flow: reading
            start: library
            outcomes: [done]
            screens:
              library: { on: { edit: { start: edit }, close: { finish: done } } }
            children:
              edit: { flow: edit, on: { saved: stay } }
            ---- edit.yaml ----
            flow: edit
            start: editor
            outcomes: [saved]
            screens:
              editor: { on: { save: { finish: saved }, open: { start: reading } } }
            children:
              ↓reading: { flow: reading, on: { done: stay } }
            """
        ],
        nonTriggeringExamples: [
            """
            ---- reading.yaml ----
            flow: reading
            start: library
            screens:
              library: { on: { edit: { start: edit } } }
            children:
              edit: { flow: edit, on: { saved: stay } }
            ---- edit.yaml ----
            flow: edit
            start: editor
            outcomes: [saved]
            screens:
              editor: { on: { save: { finish: saved } } }
            """
        ]
    )

    init() {}

    private struct Edge {
        let target: Int
        let declaration: ChildDefinition
    }

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        let flows = catalog.uniqueFlows
        let index = Dictionary(uniqueKeysWithValues: flows.enumerated().map { ($1.name.value, $0) })
        let edges: [[Edge]] = flows.map { flow in
            flow.children.compactMap { child in index[child.flow.value].map { Edge(target: $0, declaration: child) } }
        }
        for component in Self.stronglyConnectedComponents(count: flows.count, edges: edges) {
            let members = Set(component)
            guard let root = component.min(),
                members.count > 1 || edges[root].contains(where: { $0.target == root })
            else { continue }
            guard let (path, closing) = Self.shortestCycle(through: root, within: members, edges: edges) else {
                continue
            }
            let names = ([root] + path.map(\.target)).map { flows[$0].name.value } + [flows[root].name.value]
            var notes: [DiagnosticNote] = []
            var from = root
            for step in path {
                notes.append(
                    DiagnosticNote(
                        "flow \(MessageText.name(flows[from].name.value)) runs \(MessageText.name(flows[step.target].name.value)) as child \(MessageText.name(step.declaration.name.value)) here",
                        at: step.declaration.name.location))
                from = step.target
            }
            diagnostics.append(
                Self.diagnostic(
                    "ownership cycle \(names.joined(separator: " → ")): flow \(MessageText.name(flows[root].name.value)) starts itself through its children; finish with an outcome the outer flow handles instead",
                    at: closing.name, notes: notes))
            // A flow that runs itself directly is a cycle of its own, even inside a larger one.
            for member in component.sorted() {
                for edge in edges[member] where edge.target == member && edge.declaration != closing {
                    let name = flows[member].name.value
                    diagnostics.append(
                        Self.diagnostic(
                            "ownership cycle \(name) → \(name): flow \(MessageText.name(name)) runs itself as child \(MessageText.name(edge.declaration.name.value)); finish with an outcome the outer flow handles instead",
                            at: edge.declaration.name))
                }
            }
        }
    }

    /// The edges of a shortest cycle from `root` back to it inside `members` (breadth first), as the
    /// path up to the last flow and the declaration that closes the cycle. Linear in the component.
    private static func shortestCycle(
        through root: Int, within members: Set<Int>, edges: [[Edge]]
    ) -> ([Edge], ChildDefinition)? {
        var parent: [Int: Edge] = [:]
        var from: [Int: Int] = [:]
        var queue = [root]
        var head = 0
        var visited: Set<Int> = [root]
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in edges[node] where members.contains(edge.target) {
                if edge.target == root {
                    var path: [Edge] = []
                    var current = node
                    while current != root, let step = parent[current], let previous = from[current] {
                        path.append(step)
                        current = previous
                    }
                    return (path.reversed(), edge.declaration)
                }
                guard visited.insert(edge.target).inserted else { continue }
                parent[edge.target] = edge
                from[edge.target] = node
                queue.append(edge.target)
            }
        }
        return nil
    }

    /// Tarjan's algorithm, iterative so deep ownership chains cannot overflow the stack; each
    /// component lists its flow indices. Linear in flows plus declarations.
    private static func stronglyConnectedComponents(count: Int, edges: [[Edge]]) -> [[Int]] {
        var order = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var components: [[Int]] = []
        var counter = 0
        for start in 0..<count where order[start] < 0 {
            // Each frame is a node and the index of its next edge to explore.
            var frames: [(node: Int, next: Int)] = [(start, 0)]
            order[start] = counter
            low[start] = counter
            counter += 1
            stack.append(start)
            onStack[start] = true
            while let frame = frames.last {
                let node = frame.node
                if frame.next < edges[node].count {
                    frames[frames.count - 1].next += 1
                    let target = edges[node][frame.next].target
                    if order[target] < 0 {
                        order[target] = counter
                        low[target] = counter
                        counter += 1
                        stack.append(target)
                        onStack[target] = true
                        frames.append((target, 0))
                    } else if onStack[target] {
                        low[node] = min(low[node], order[target])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node {
                    low[parent] = min(low[parent], low[node])
                }
                guard low[node] == order[node] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == node { break }
                }
                components.append(component)
            }
        }
        return components
    }
}
