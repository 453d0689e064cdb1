import FlowModel

/// The navigation graph of one flow, computed once per validation run (see `FlowCatalog.navigation(of:)`)
/// and shared by the reachability, liveness and deep-link rules. Building it is linear in the size of the flow.
///
/// Nodes are the flow's screens and child declarations (one namespace). The liveness graph has an edge
///
/// - from a screen, for each alternative of each event's action: `push`, `start`, `replaceRoot` and
///   `popTo` lead to their target; `pop: 1` leads back to the routes that can be directly below the
///   screen (the screens that push it); `pop: N` (N ≥ 2) to any route that can be below it;
/// - from a child declaration, for each alternative of each outcome handler: to its target; `stay`
///   returns to the routes that start the child; `pop` to any route below it.
///
/// "Below" is modelled with two virtual nodes per node (directly below, anywhere below), so `pop`
/// costs one edge rather than one per pushing screen. `finish` (and a `confirm` removal policy with an
/// `outcome`) makes a node *finishing*; in a tab flow, every tab leads to every other (the person selects
/// them), through one virtual tab-bar node; `canFinish` holds the nodes from which a finishing node can be
/// reached, found by one reverse breadth-first search.
struct FlowNavigation: Sendable {
    /// The screens by name (the first of duplicates).
    let screensByName: NamedIndex<ScreenDefinition>
    /// The child declarations by name (the first of duplicates).
    let childrenByName: NamedIndex<ChildFlowDeclaration>
    /// Every action of the flow with where it is written (`FlowDefinition.allActions`), listed once for all rules.
    let allActions: [(action: ActionDefinition, site: ActionSite)]
    /// The screens and children `start` can show, each alternative of a conditional start included.
    let startTargets: [Located<String>]
    /// The names a flow's routes can begin with: the `start` targets, then the targets of every
    /// `replaceRoot` (of events and outcome handlers), each once, in that order.
    let firstRouteTargets: [String]
    /// The screens and children reachable from `start` (and from what the person or a link policy shows
    /// directly: the tabs, the `linkFallback` and `redirect` screens), following
    /// every action of reachable screens (events) and children (outcome handlers), both branches of
    /// every conditional.
    let reachable: Set<String>
    /// For each screen: the screens and children its events lead to by one `push` or `start`.
    let oneStepTargets: [String: Set<String>]
    /// The screens with a `push` or `start` of a name the flow does not declare (FC203 and FC204
    /// report it), whose one-step targets are therefore uncertain.
    let screensWithUnknownTargets: Set<String>
    /// The screens and children from which some `finish` can be reached.
    let canFinish: Set<String>
    /// The outcomes produced by a `finish` or a `confirm` removal policy of a reachable screen or child.
    let producedOutcomes: Set<String>

    /// - Parameter longLivedChildren: the child declarations whose flow declares no outcomes: such a
    ///   child never finishes, and is left by back or dismissal, which returns to the screens that start it.
    init(_ flow: FlowDefinition, longLivedChildren: Set<String> = []) {
        screensByName = NamedIndex(flow.screens) { $0.name.value }
        childrenByName = NamedIndex(flow.children) { $0.name.value }
        allActions = flow.allActions
        startTargets = flow.start.alternatives.compactMap { alternative in
            if case .show(let target, _) = alternative.kind { target } else { nil }
        }
        var firstRoutes = startTargets.map(\.value)
        var seenFirst = Set(firstRoutes)
        for (action, _) in allActions {
            if case .replaceRoot(let target, _) = action.kind, seenFirst.insert(target.value).inserted {
                firstRoutes.append(target.value)
            }
        }
        firstRouteTargets = firstRoutes
        // Every tab can be selected by the person, so a tab set's tabs are all reachable.
        // The link policies show their screens too: `linkFallback` as the first route when a link fails,
        // a `redirect` screen pushed on any route of the flow.
        let policyShows: [Located<String>] = [flow.linkFallback, flow.linkPolicy?.redirect].compactMap { $0 }
        let shows = (flow.tabs.map { ($0.name, $0.arguments) } + policyShows.map { ($0, []) }).map { name, arguments in
            ActionDefinition(.show(target: name, arguments: arguments), at: name.location)
        }
        let reachable = Self.reachableNames(from: [flow.start] + shows, screensByName: screensByName,
                                            childrenByName: childrenByName)
        self.reachable = reachable

        var oneStep: [String: Set<String>] = [:]
        var produced = Set<String>()
        for screen in flow.screens where oneStep[screen.name.value] == nil {
            var targets = Set<String>()
            for event in screen.events {
                for alternative in event.action.alternatives {
                    switch alternative.kind {
                    case .push(let target, _), .startChild(let target, _): targets.insert(target.value)
                    case .finish(let outcome, _) where reachable.contains(screen.name.value): produced.insert(outcome.value)
                    default: break
                    }
                }
            }
            if reachable.contains(screen.name.value), let removal = screen.removal, removal.policy.value == .confirm,
                let outcome = removal.outcome {
                produced.insert(outcome.value)
            }
            oneStep[screen.name.value] = targets
        }
        for child in flow.children where reachable.contains(child.name.value) {
            for handler in child.handlers {
                for case .finish(let outcome, _) in handler.action.alternatives.map(\.kind) {
                    produced.insert(outcome.value)
                }
            }
        }
        for case .finish(let outcome, _) in flow.start.alternatives.map(\.kind) {
            produced.insert(outcome.value)
        }
        oneStepTargets = oneStep
        let screensByName = self.screensByName, childrenByName = self.childrenByName
        screensWithUnknownTargets = Set(oneStep.filter { _, targets in
            targets.contains { screensByName[$0] == nil && childrenByName[$0] == nil }
        }.keys)
        producedOutcomes = produced
        canFinish = Self.finishingNames(flow, longLivedChildren: longLivedChildren)
    }

    /// The declaration a target name means: the name itself, or, for a misspelt target (FC203/FC204 say
    /// "did you mean …?"), the name suggested — so the declaration it meant is not also reported as
    /// unreachable or never pushed: one mistake, one error.
    func meant(_ name: String) -> String { Self.meant(name, screensByName: screensByName, childrenByName: childrenByName) }

    private static func meant(_ name: String, screensByName: NamedIndex<ScreenDefinition>,
                              childrenByName: NamedIndex<ChildFlowDeclaration>) -> String {
        guard screensByName[name] == nil, childrenByName[name] == nil else { return name }
        return NameSuggestion.closest(to: name, among: Array(screensByName.names) + Array(childrenByName.names)) ?? name
    }

    /// The names of the screens and children reachable from `start` (see `reachable`). Linear in the size of the flow.
    private static func reachableNames(
        from starts: [ActionDefinition], screensByName: NamedIndex<ScreenDefinition>,
        childrenByName: NamedIndex<ChildFlowDeclaration>
    ) -> Set<String> {
        var reached = Set<String>()
        var pending: [ActionDefinition] = starts
        while let action = pending.popLast() {
            for alternative in action.alternatives {
                guard let written = FlowDefinition.destination(of: alternative)?.value else { continue }
                let name = meant(written, screensByName: screensByName, childrenByName: childrenByName)
                guard reached.insert(name).inserted else { continue }
                if let screen = screensByName[name] {
                    pending += screen.events.map(\.action)
                } else if let child = childrenByName[name] {
                    pending += child.handlers.map(\.action)
                }
            }
        }
        return reached
    }

    /// The names of the screens and children from which a `finish` can be reached (see the type's documentation).
    private static func finishingNames(_ flow: FlowDefinition, longLivedChildren: Set<String>) -> Set<String> {
        var index: [String: Int] = [:]
        var names: [String] = []
        for name in flow.screens.map(\.name.value) + flow.children.map(\.name.value) where index[name] == nil {
            index[name] = names.count
            names.append(name)
        }
        let count = names.count
        // Node i is a screen or child; count + i is "directly below i"; 2 * count + i is "anywhere below i".
        func below(_ node: Int) -> Int { count + node }
        func anywhereBelow(_ node: Int) -> Int { 2 * count + node }
        // One more node, 3 * count, is the tab bar of a tab flow: the person selects any tab from any tab.
        var reverse = [[Int]](repeating: [], count: 3 * count + 1)
        var finishing: [Int] = []
        func edge(_ from: Int, _ to: Int) { reverse[to].append(from) }
        // `top` sits directly on `base` (a real node), or on whatever is below the child `base` when `viaChild`.
        func stack(_ top: Int, on base: Int, viaChild: Bool) {
            if viaChild {
                edge(below(top), below(base))
                edge(anywhereBelow(top), anywhereBelow(base))
            } else {
                edge(below(top), base)
                edge(anywhereBelow(top), base)
                edge(anywhereBelow(top), anywhereBelow(base))
            }
        }
        func follow(_ action: ActionDefinition, from node: Int, isHandler: Bool) {
            for alternative in action.alternatives {
                switch alternative.kind {
                case .push(let target, _), .startChild(let target, _):
                    guard let to = index[target.value] else { continue }
                    edge(node, to)
                    stack(to, on: node, viaChild: isHandler)
                case .replaceRoot(let target, _), .show(let target, _), .popTo(let target):
                    if let to = index[target.value] { edge(node, to) }
                case .pop(let popped):
                    edge(node, popped.value == 1 && !isHandler ? below(node) : anywhereBelow(node))
                case .stay:
                    edge(node, below(node))
                case .finish:
                    finishing.append(node)
                case .conditional, .select:
                    break
                }
            }
        }
        for screen in flow.screens {
            guard let node = index[screen.name.value] else { continue }
            for event in screen.events { follow(event.action, from: node, isHandler: false) }
            if let removal = screen.removal, removal.policy.value == .confirm, removal.outcome != nil {
                finishing.append(node)
            }
        }
        for child in flow.children {
            guard let node = index[child.name.value] else { continue }
            for handler in child.handlers { follow(handler.action, from: node, isHandler: true) }
            if longLivedChildren.contains(child.name.value) { edge(node, below(node)) }
        }
        for tab in flow.tabs {
            guard let node = index[tab.name.value] else { continue }
            edge(node, 3 * count)
            edge(3 * count, node)
        }
        var visited = [Bool](repeating: false, count: 3 * count + 1)
        var pending = finishing
        for node in finishing { visited[node] = true }
        while let node = pending.popLast() {
            for source in reverse[node] where !visited[source] {
                visited[source] = true
                pending.append(source)
            }
        }
        return Set(names.indices.filter { visited[$0] }.map { names[$0] })
    }
}
