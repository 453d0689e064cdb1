import FlowDefinitions
import FlowModel

/// FC406 `child-nesting-too-deep`: child declarations chain more than `ChildNesting.limit` levels deep.
struct ChildNestingTooDeep: FlowRule {
    /// A chain of `count` flows, each running the next as its start; the last shows a screen.
    private static func chain(_ count: Int, marked: Bool) -> String {
        (0..<count).map { index in
            let file = "---- f\(index).yaml ----\n"
            guard index + 1 < count else { return file + "{ flow: f\(index), start: s, screens: { s: {} } }" }
            let mark = marked && index == ChildNesting.limit ? "↓" : ""
            return file + "{ flow: f\(index), start: c, children: { \(mark)c: { flow: f\(index + 1) } } }"
        }.joined(separator: "\n")
    }

    static let description = RuleDescription(
        code: "FC406",
        identifier: "child-nesting-too-deep",
        severity: .error,
        summary: "child flows nest more than \(ChildNesting.limit) levels deep",
        explanation: """
            A child flow runs inside its parent, which runs inside its own parent, up to the root flow.
            The runtime keeps that chain of flow instances, and starting, finishing, restoring and
            tracing walk it, so it is bounded: a child flow may run at most \(ChildNesting.limit) levels
            below the root flow (the root is level 0). A chain of child declarations deeper than that
            can never run to its end: the runtime refuses to start the child that passes the limit
            (`childNestingTooDeep`). The chain is counted from a flow no other flow runs, along the
            longest chain of child declarations, and reported once, at the declaration that passes the
            limit; a note points at the flow the chain starts from. Flatten the chain: let a flow
            finish with an outcome and have its parent start the next step, instead of nesting it.
            """,
        triggeringExamples: [chain(ChildNesting.limit + 2, marked: true)],
        nonTriggeringExamples: [chain(ChildNesting.limit + 1, marked: false)]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        let flows = catalog.uniqueFlows
        let index = Dictionary(uniqueKeysWithValues: flows.enumerated().map { ($1.name.value, $0) })
        // Kahn's order over child declarations: flows inside an ownership cycle (FC405) and below one
        // are never reached, so the walk ends; it is iterative and linear in flows plus declarations.
        var edges: [[(target: Int, declaration: ChildDefinition)]] = flows.map { _ in [] }
        var incoming = [Int](repeating: 0, count: flows.count)
        for (position, flow) in flows.enumerated() {
            for child in flow.children {
                guard let target = index[child.flow.value] else { continue }
                edges[position].append((target, child))
                incoming[target] += 1
            }
        }
        var level = [Int](repeating: 0, count: flows.count)
        var top = Array(flows.indices)  // the flow each one's deepest chain starts from
        var ready = flows.indices.filter { incoming[$0] == 0 }
        var head = 0
        while head < ready.count {
            let node = ready[head]
            head += 1
            for edge in edges[node] {
                if level[node] == ChildNesting.limit {
                    let root = flows[top[node]]
                    diagnostics.append(
                        Self.diagnostic(
                            "child \(MessageText.name(edge.declaration.name.value)) of flow \(MessageText.name(flows[node].name.value)) runs flow \(MessageText.name(edge.declaration.flow.value)) \(ChildNesting.limit + 1) levels below flow \(MessageText.name(root.name.value)); child flows nest at most \(ChildNesting.limit) levels: finish with an outcome and let a parent start the next step instead",
                            at: edge.declaration.name,
                            notes: [
                                DiagnosticNote(
                                    "the chain starts at flow \(MessageText.name(root.name.value)), which no flow runs as a child",
                                    at: root.name.location)
                            ]))
                }
                if level[node] + 1 > level[edge.target] {
                    level[edge.target] = level[node] + 1
                    top[edge.target] = top[node]
                }
                incoming[edge.target] -= 1
                if incoming[edge.target] == 0 { ready.append(edge.target) }
            }
        }
    }
}
