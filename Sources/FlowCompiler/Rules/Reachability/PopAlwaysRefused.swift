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
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: settings
            start: settings
            screens:
              settings: { on: { review: { push: confirm } } }
              confirm: { on: { next: { push: done }, back: { pop: 1 } } }
              done: { on: { home: { popTo: settings }, back: { pop: 2 } } }
            """,
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
            var reaches: [String: Set<String>] = [:]
            func canBeBelow(_ target: String, _ screen: String) -> Bool? {
                if target == screen { return true }
                if reaches[target] == nil {
                    guard reaches.count < Self.maximumTargets else { return nil }
                    reaches[target] = graph.reachable(from: target)
                }
                return reaches[target]?.contains(screen)
            }
            let depths = graph.depths()
            for (action, site) in navigation.allActions {
                let from: [String]
                switch site {
                case .start: continue
                case .event(let screen, _):
                    guard navigation.reachable.contains(screen) else { continue }
                    from = [screen]
                case .handler(let child, _):
                    from = graph.starters(of: child).sorted()
                    guard !from.isEmpty else { continue }
                }
                switch action.kind {
                case .popTo(let target) where navigation.screensByName[target.value] != nil:
                    // Unknown screens are FC203; a never-pushed screen's pop is FC306.
                    let answers = from.map { canBeBelow(target.value, $0) }
                    guard !answers.contains(where: { $0 != false }) else { continue }
                    diagnostics.append(Self.diagnostic(
                        "'popTo: \(target.value)' is always refused: screen '\(target.value)' is never below \(Self.names(from)) in flow '\(flow.name.value)'; pop to a screen that can be below, or push '\(target.value)' before",
                        at: target))
                case .pop(let count) where count.value >= 2:
                    guard from.allSatisfy({ (depths[$0] ?? 0) < count.value }),
                          from.contains(where: { (depths[$0] ?? 0) > 0 }) else { continue }
                    let deepest = from.map { depths[$0] ?? 0 }.max() ?? 0
                    diagnostics.append(Self.diagnostic(
                        "'pop: \(count.value)' is always refused: at most \(deepest) route\(deepest == 1 ? "" : "s") of flow '\(flow.name.value)' can be below \(Self.names(from)), and pop never removes the flow's first route; pop \(deepest == 1 ? "1" : "at most \(deepest)") or use 'popTo'",
                        at: Located(String(count.value), at: count.location)))
                default:
                    continue
                }
            }
        }
    }

    private static func names(_ screens: [String]) -> String {
        screens.count == 1 ? "screen '\(screens[0])'" : "the screens that start it (" + screens.map { "'\($0)'" }.joined(separator: ", ") + ")"
    }
}

/// The screens of one flow and the pushes between them: X → Y when a step can push Y on a route of X
/// (an event of X, a handler of a child started from X, the flow's redirect screen).
private struct PushGraph {
    private var edges: [String: Set<String>] = [:]
    private var firsts: [String] = []
    private var starters: [String: Set<String>] = [:]

    init(_ flow: FlowDefinition, navigation: FlowNavigation) {
        let handlersByChild = Dictionary(flow.children.map { ($0.name.value, $0.handlers) }, uniquingKeysWith: { first, _ in first })
        for screen in flow.screens {
            let name = screen.name.value
            var children: [String] = []
            for target in navigation.oneStepTargets[name] ?? [] {
                if navigation.screensByName[target] != nil { edges[name, default: []].insert(target) }
                if handlersByChild[target] != nil { children.append(target) }
            }
            // The children that can run above the screen (started by its events, or by their handlers).
            var seen = Set(children)
            while let child = children.popLast() {
                starters[child, default: []].insert(name)
                for handler in handlersByChild[child] ?? [] {
                    for alternative in handler.action.alternatives {
                        switch alternative.kind {
                        case .push(let target, _): edges[name, default: []].insert(target.value)
                        case .startChild(let next, _) where handlersByChild[next.value] != nil:
                            if seen.insert(next.value).inserted { children.append(next.value) }
                        default: break
                        }
                    }
                }
            }
            if let redirect = flow.linkPolicy?.redirect { edges[name, default: []].insert(redirect.value) }
        }
        firsts = navigation.firstRouteTargets + [flow.linkFallback?.value].compactMap { $0 }
    }

    /// The screens that start the child (directly, or through a handler of another child they start).
    func starters(of child: String) -> Set<String> { starters[child] ?? [] }

    /// Every screen some chain of pushes leads to from `screen`. Linear in the flow.
    func reachable(from screen: String) -> Set<String> {
        var reached: Set<String> = []
        var pending = [screen]
        while let current = pending.popLast() {
            for next in edges[current] ?? [] where reached.insert(next).inserted { pending.append(next) }
        }
        return reached
    }

    /// For each screen a first route reaches, how many routes of the flow can be below it at most (the
    /// longest chain of pushes from a first route); `Int.max` when a cycle of pushes leads to it (no
    /// bound). Kahn's topological order over the reachable screens: a screen is settled once every
    /// push that leads to it is, and the screens never settled are on or after a cycle. Linear in the
    /// flow, with no cap.
    func depths() -> [String: Int] {
        var reached = Set(firsts)
        var pending = Array(reached)
        while let current = pending.popLast() {
            for next in edges[current] ?? [] where reached.insert(next).inserted { pending.append(next) }
        }
        var incoming: [String: Int] = [:]
        for screen in reached { for next in edges[screen] ?? [] { incoming[next, default: 0] += 1 } }
        var depth: [String: Int] = [:]
        var ready = reached.filter { incoming[$0, default: 0] == 0 }.sorted()
        for screen in ready { depth[screen] = 0 }
        while let current = ready.popLast() {
            let below = depth[current] ?? 0
            for next in edges[current] ?? [] {
                depth[next] = max(depth[next] ?? 0, below + 1)
                incoming[next, default: 0] -= 1
                if incoming[next] == 0 { ready.append(next) }
            }
        }
        for screen in reached where incoming[screen, default: 0] > 0 { depth[screen] = Int.max }
        return depth
    }
}
