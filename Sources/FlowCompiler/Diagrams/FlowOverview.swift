import FlowDefinitions
import FlowModel

extension FlowDiagram {
    /// The app overview (`flowc graph --overview`): one node per flow, top down, and for each child-flow
    /// declaration two edges at most: parent → child flow, labelled with the declaration's name and how
    /// it is shown (solid for `push`, or `start`/`replaceRoot` for a child only ever the stack's root; bold for a tab,
    /// dashed for `sheet` and `cover`), and child flow →
    /// parent, dotted, listing each outcome the parent handles and what it does (`signedIn → replaceRoot
    /// main`). A flow's node names the flow, its screen and child counts, `(tabs)` and `root` (started by no
    /// other flow); it is marked with the codes of the diagnostics in its file. A child whose flow is not
    /// in the set points at a marked `? NAME` node. Node ids follow the flows' order, as in ``build(flows:diagnostics:root:)``.
    public static func overview(flows: [FlowDefinition], diagnostics: [Diagnostic] = []) -> FlowDiagram {
        var diagram = FlowDiagram()
        diagram.direction = .topDown
        var ids: [String: String] = [:]
        var codesByFile: [String: Set<String>] = [:]
        for diagnostic in diagnostics { codesByFile[diagnostic.location.file, default: []].insert(diagnostic.code) }
        let started = Set(flows.flatMap { $0.children.map(\.flow.value) })
        func add(_ node: Node) -> String {
            diagram.nodes.append(node)
            diagram.freeNodes.append(node.id)
            return node.id
        }
        for flow in flows where ids[flow.name.value] == nil {
            let name = flow.name.value
            var lines = ["flow \(name)" + (flow.hasTabs ? " (tabs)" : "")]
            lines.append(
                "\(flow.screens.count) screen\(flow.screens.count == 1 ? "" : "s"), \(flow.children.count) child flow\(flow.children.count == 1 ? "" : "s")"
            )
            if !started.contains(name) { lines.append("root") }
            ids[name] = add(
                Node(
                    id: "n\(diagram.nodes.count + 1)", kind: .flow, lines: lines,
                    diagnosed: (codesByFile[flow.file] ?? []).sorted(), name: name))
        }
        for flow in flows {
            guard let parent = ids[flow.name.value] else { continue }
            for child in flow.children {
                let target: String
                if let known = ids[child.flow.value] {
                    target = known
                } else {
                    let missing = "?" + child.flow.value
                    target =
                        ids[missing]
                        ?? add(
                            Node(
                                id: "n\(diagram.nodes.count + 1)", kind: .missing, lines: ["? \(child.flow.value)"],
                                diagnosed: [], name: child.flow.value))
                    ids[missing] = target
                }
                let isTab = flow.tab(named: child.name.value) != nil
                let shown =
                    isTab
                    ? "tab"
                    : child.presentationStyle == .push
                        ? pushedVerb(of: child.name.value, in: flow) : child.presentationStyle.rawValue
                diagram.edges.append(
                    Edge(
                        from: parent, to: target, lines: ["\(shown) \(child.name.value)"],
                        style: child.presentationStyle == .push ? .solid : .dashed, diagnosed: [],
                        child: child.name.value, presentation: isTab ? "tab" : child.presentationStyle.rawValue))
                guard !child.handlers.isEmpty else { continue }
                diagram.edges.append(
                    Edge(
                        from: target, to: parent,
                        lines: child.handlers.map { "\($0.outcome.value) → \(summary($0.action))" }, style: .dotted,
                        diagnosed: [], child: child.name.value,
                        presentation: isTab ? "tab" : child.presentationStyle.rawValue))
            }
        }
        return diagram
    }

    /// How a child shown in its parent's stack gets there: `push` when an event or handler starts it on
    /// top of a route; else the verbs that show it as the stack's root (`start`, `replaceRoot`).
    static func pushedVerb(of child: String, in flow: FlowDefinition) -> String {
        var (pushed, started, replaced) = (false, false, false)
        func visit(_ action: ActionDefinition, isStart: Bool) {
            for alternative in action.alternatives {
                switch alternative.kind {
                case .startChild(let name, _) where name.value == child: pushed = true
                case .show(let name, _) where name.value == child: if isStart { started = true } else { pushed = true }
                case .replaceRoot(let name, _) where name.value == child: replaced = true
                default: break
                }
            }
        }
        visit(flow.start, isStart: true)
        for screen in flow.screens { for event in screen.events { visit(event.action, isStart: false) } }
        for declaration in flow.children {
            for handler in declaration.handlers { visit(handler.action, isStart: false) }
        }
        if pushed || !(started || replaced) { return "push" }
        return [started ? "start" : nil, replaced ? "replaceRoot" : nil].compactMap { $0 }.joined(separator: " / ")
    }

    /// An action in a few words: `stay`, `push detail`, `replaceRoot main`, `if isLoggedIn: … else …`.
    public static func summary(_ action: ActionDefinition) -> String {
        switch action.kind {
        case .push(let screen, _): "push \(screen.value)"
        case .startChild(let child, _): "start \(child.value)"
        case .pop(let count): "pop \(count.value)"
        case .popTo(let screen): "popTo \(screen.value)"
        case .replaceRoot(let target, _): "replaceRoot \(target.value)"
        case .finish(let outcome, _): "finish \(outcome.value)"
        case .conditional(let condition, let then, let otherwise):
            "if \(condition.value): \(summary(then)) else \(summary(otherwise))"
        case .show(let target, _): target.value
        case .stay: "stay"
        case .select(let tab): "select \(tab.value)"
        case .selectShowing(let tab, let routes):
            "select \(tab.value) showing \(routes.map(\.name.value).joined(separator: ", "))"
        }
    }
}
