import FlowDefinitions
import FlowModel

/// FC308 `pop-always-refused`: a `popTo` whose screen can never be below, or a `pop: N` deeper than any
/// stack that reaches the screen — actions the runtime always refuses.
struct PopAlwaysRefused: FlowRule {
    static let description = RuleDescription(
        code: "FC308",
        identifier: "pop-always-refused",
        severity: .error,
        summary: "a 'popTo' or 'pop' that the runtime always refuses",
        explanation: """
            A flow's stack is built by pushes: a screen can be below another only when some chain of
            'push' actions (of events, of the handlers of children started from a screen, or the
            'redirect' screen of 'linkPolicy') leads from the first to the second. 'popTo: SCREEN'
            from a screen (an event of it, which acts from that screen) is refused at run time
            unless SCREEN is that screen or can be below it; in a child's outcome handler it runs
            on top of the screen that started the child, so SCREEN must be that screen or below
            it. 'pop: N' needs N routes of the flow below the screen it acts from (pop never removes
            a flow's first route). Such an action is always refused: an event that does nothing,
            or a handler that leaves a child unable to finish. Pop to a screen that can be below,
            pop fewer routes, or push the screen so it can be. (A screen that is never pushed at
            all is FC306.) Limit: 'popTo' is checked for the first 64 distinct target screens of a
            flow (each costs a walk over the flow); a 'popTo' of any further screen is not checked.
            'pop: N' is checked for every N.
            """,
        triggeringExamples: [
            """
            flow: settings
            start: settings
            screens:
              settings: { on: { review: { push: confirm }, done: { popTo: ↓confirm } } }
              confirm: { on: { back: { pop: 1 }, home: { pop: ↓2 } } }
            """
        ],
        nonTriggeringExamples: [
            """
            flow: settings
            start: settings
            screens:
              settings: { on: { review: { push: confirm } } }
              confirm: { on: { next: { push: done }, back: { pop: 1 } } }
              done: { on: { home: { popTo: settings }, back: { pop: 2 } } }
            """
        ]
    )

    init() {}

    /// The most distinct `popTo` targets checked per flow: each costs a walk over the flow's pushes (what
    /// can be above the target), so a flow stays linear to check; a `popTo` of a further target is not
    /// checked (documented in the explanation and docs/LIMITS.md). `pop: N` has no such limit.
    static let maximumTargets = 64

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            let navigation = catalog.navigation(of: flow)
            let graph = PushGraph(flow, navigation: navigation)
            // Screens as node numbers (`NavigationIndex`).
            // Speed: PERFORMANCE.md, "Shapes kept for speed".
            var reaches: [Int: [Bool]] = [:]
            func canBeBelow(_ target: Int, _ screen: Int) -> Bool? {
                if target == screen { return true }
                if reaches[target] == nil {
                    guard reaches.count < Self.maximumTargets else { return nil }
                    reaches[target] = graph.reachable(from: target)
                }
                return reaches[target]?[screen]
            }
            let depths = graph.depths()
            for (action, site) in navigation.allActions {
                let from: [(name: String, node: Int)]
                switch site {
                case .start: continue
                case .event(let screen, _):
                    guard navigation.reachable.contains(screen), let node = navigation.node(named: screen) else {
                        continue
                    }
                    from = [(screen, node)]
                case .handler(let child, _):
                    from = graph.starters(of: child).map { (navigation.screensByName.elements[$0].name.value, $0) }
                        .sorted { $0.name < $1.name }
                    guard !from.isEmpty else { continue }
                }
                switch action.kind {
                case .popTo(let target):
                    // Unknown screens are FC203; a never-pushed screen's pop is FC306.
                    guard let targetNode = navigation.screensByName.position(of: target.value) else { continue }
                    let answers = from.map { canBeBelow(targetNode, $0.node) }
                    guard !answers.contains(where: { $0 != false }) else { continue }
                    diagnostics.append(
                        Self.diagnostic(
                            "'popTo: \(target.value)' is always refused: screen \(MessageText.name(target.value)) is never below \(Self.names(from.map(\.name))) in flow \(MessageText.name(flow.name.value)); pop to a screen that can be below, or push \(MessageText.name(target.value)) before",
                            at: target))
                case .pop(let count) where count.value >= 2:
                    guard from.allSatisfy({ depths[$0.node] < count.value }),
                        from.contains(where: { depths[$0.node] > 0 })
                    else { continue }
                    let deepest = from.map { depths[$0.node] }.max() ?? 0
                    diagnostics.append(
                        Self.diagnostic(
                            "'pop: \(count.value)' is always refused: at most \(deepest) route\(deepest == 1 ? "" : "s") of flow \(MessageText.name(flow.name.value)) can be below \(Self.names(from.map(\.name))), and pop never removes the flow's first route; pop \(deepest == 1 ? "1" : "at most \(deepest)") or use 'popTo'",
                            at: Located(String(count.value), at: count.location)))
                default:
                    continue
                }
            }
        }
    }

    private static func names(_ screens: [String]) -> String {
        screens.count == 1
            ? "screen \(MessageText.name(screens[0]))"
            : "the screens that start it (" + screens.map { "\(MessageText.name($0))" }.joined(separator: ", ") + ")"
    }
}

/// The screens of one flow and the pushes between them: X → Y when a step can push Y on a route of X
/// (an event of X, a handler of a child started from X, the flow's redirect screen). Nodes are the
/// flow navigation's node numbers; the edges of node X are `edgeNodes[edgeStarts[X] ..< edgeStarts[X + 1]]`.
private struct PushGraph {
    private var edgeStarts: [Int32] = []
    private var edgeNodes: [Int32] = []
    private var firsts: [Int] = []
    /// For each child declaration's position: the screen nodes that start it.
    private var starters: [[Int]]
    private let children: NamedIndex<ChildDefinition>

    init(_ flow: FlowDefinition, navigation: NavigationIndex) {
        let nodeCount = navigation.nodeCount
        children = navigation.childrenByName
        starters = Array(repeating: [], count: flow.children.count)
        let redirect = flow.linkPolicy?.redirect.flatMap { navigation.node(named: $0.value) }
        // The child positions seen while walking one screen's children (marked with the screen's node).
        var seenBy = [Int](repeating: -1, count: flow.children.count)
        edgeStarts.reserveCapacity(nodeCount + 1)
        for screen in 0..<nodeCount {
            edgeStarts.append(Int32(edgeNodes.count))
            // Only a screen that is the first of its name has one-step targets (children and duplicates: none).
            guard navigation.isScreen(screen) else { continue }
            var pending: [Int] = []
            for target in navigation.oneStepTargets(ofNode: screen) {
                if navigation.isScreen(Int(target)) { edgeNodes.append(target) }
                if let child = navigation.childPosition(ofNode: Int(target)), seenBy[child] != screen {
                    seenBy[child] = screen
                    pending.append(child)
                }
            }
            // The children that can run above the screen (started by its events, or by their handlers).
            while let child = pending.popLast() {
                starters[child].append(screen)
                for handler in flow.children[child].handlers {
                    for alternative in handler.action.alternatives {
                        switch alternative.kind {
                        case .push(let target, _):
                            if let node = navigation.node(named: target.value) { edgeNodes.append(Int32(node)) }
                        case .startChild(let next, _):
                            if let position = children.position(of: next.value), seenBy[position] != screen {
                                seenBy[position] = screen
                                pending.append(position)
                            }
                        default: break
                        }
                    }
                }
            }
            if let redirect { edgeNodes.append(Int32(redirect)) }
        }
        edgeStarts.append(Int32(edgeNodes.count))
        firsts = (navigation.firstRouteTargets + [flow.linkFallback?.value].compactMap { $0 }).compactMap(
            navigation.node(named:))
    }

    private func edges(of node: Int) -> ArraySlice<Int32> {
        edgeNodes[Int(edgeStarts[node])..<Int(edgeStarts[node + 1])]
    }

    /// The screen nodes that start the child named `child` (directly, or through a handler of another child they start).
    func starters(of child: String) -> [Int] { children.position(of: child).map { starters[$0] } ?? [] }

    /// Whether some chain of pushes leads to each node from `screen`. Linear in the flow.
    func reachable(from screen: Int) -> [Bool] {
        var reached = [Bool](repeating: false, count: edgeStarts.count - 1)
        var pending = [screen]
        while let current = pending.popLast() {
            for next in edges(of: current) where !reached[Int(next)] {
                reached[Int(next)] = true
                pending.append(Int(next))
            }
        }
        return reached
    }

    /// For each node a first route reaches, how many routes of the flow can be below it at most (the
    /// longest chain of pushes from a first route), 0 for the others; `Int.max` when a cycle of pushes
    /// leads to it (no bound). Kahn's topological order over the reachable screens: a screen is settled
    /// once every push that leads to it is, and the screens never settled are on or after a cycle.
    /// Linear in the flow, with no cap.
    func depths() -> [Int] {
        let count = edgeStarts.count - 1
        var reached = [Bool](repeating: false, count: count)
        var pending: [Int] = []
        for first in firsts where !reached[first] {
            reached[first] = true
            pending.append(first)
        }
        var reachedNodes = pending
        while let current = pending.popLast() {
            for next in edges(of: current) where !reached[Int(next)] {
                reached[Int(next)] = true
                pending.append(Int(next))
                reachedNodes.append(Int(next))
            }
        }
        var incoming = [Int](repeating: 0, count: count)
        for node in reachedNodes { for next in edges(of: node) { incoming[Int(next)] += 1 } }
        var depth = [Int](repeating: 0, count: count)
        var ready = reachedNodes.filter { incoming[$0] == 0 }
        while let current = ready.popLast() {
            let below = depth[current]
            for next in edges(of: current) {
                depth[Int(next)] = max(depth[Int(next)], below + 1)
                incoming[Int(next)] -= 1
                if incoming[Int(next)] == 0 { ready.append(Int(next)) }
            }
        }
        for node in reachedNodes where incoming[node] > 0 { depth[node] = Int.max }
        return depth
    }
}
