import FlowDefinitions
import FlowModel

/// The navigation graph of one flow, computed once per validation run (see `FlowCatalog.navigation(of:)`)
/// and shared by the reachability, liveness and deep-link rules. Building it is linear in the size of the flow.
///
/// Nodes are the flow's screens and child declarations (one namespace), numbered by position: the first
/// screen with a name is node `position`, a child declaration whose name no screen has is node
/// `screens.count + position` (later duplicates are not nodes). The liveness graph has an edge
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
/// them), through one virtual tab-bar node, which also leads to every tab-bar item that presents (format 1.3),
/// and a child's `stay` handler leads back to it and its `select: TAB` to that tab; `canFinish` holds the nodes from which a finishing node can be
/// reached, found by one reverse breadth-first search.
struct NavigationIndex: Sendable {
    /// The screens by name (the first of duplicates).
    let screensByName: NamedIndex<ScreenDefinition>
    /// The child declarations by name (the first of duplicates).
    let childrenByName: NamedIndex<ChildDefinition>
    /// Every action of the flow with where it is written (`FlowDefinition.allActions`), listed once for all rules.
    let allActions: FlowActions
    /// The screens and children `start` can show, each alternative of a conditional start included.
    let startTargets: [Located<String>]
    /// The names a flow's routes can begin with: the `start` targets, then the targets of every
    /// `replaceRoot` (of events and outcome handlers), each once, in that order.
    let firstRouteTargets: [String]
    /// The screens and children reachable from `start` (and from what the person or a link policy shows
    /// directly: the tabs, the `linkFallback` and `redirect` screens), following
    /// every action of reachable screens (events) and children (outcome handlers), both branches of
    /// every conditional.
    let reachable: NodeSet
    /// The screens with a `push` or `start` of a name the flow does not declare (FC203 and FC204
    /// report it), whose one-step targets are therefore uncertain.
    let screensWithUnknownTargets: NodeSet
    /// The screens and children from which some `finish` can be reached.
    let canFinish: NodeSet
    /// The outcomes produced by a `finish` or a `confirm` removal policy of a reachable screen or child.
    let producedOutcomes: Set<String>
    /// For each screen node: the nodes its events lead to by one `push` or `start`, as the range
    /// `oneStepStarts[node] ..< oneStepStarts[node + 1]` of `oneStepNodes` (adjacency lists in two arrays,
    /// not a set of names per screen).
    private let oneStepStarts: [Int32]
    private let oneStepNodes: [Int32]
    /// Whether some screen and some child declaration share a name (then that name's node is the screen's).
    let hasSharedNames: Bool

    /// How many node numbers there are (screens and child declarations, duplicates' positions unused).
    var nodeCount: Int { screensByName.elements.count + childrenByName.elements.count }

    /// - Parameter longLivedChildren: the child declarations whose flow declares no outcomes: such a
    ///   child never finishes, and is left by back or dismissal, which returns to the screens that start it.
    /// - Parameter findingAside: whether the finishing nodes may be found on a thread of their own (when the
    ///   flow is large, `parallelFromScreens`): for a flow larger than all others together, whose index would
    ///   otherwise be built on one core while the other idles.
    /// - Parameter fallbackShown: whether the flow's `linkFallback` can be shown
    ///   (``FlowCatalog/showsFallback(_:byName:)``): when not, it does not count as reached.
    init(
        _ flow: FlowDefinition, longLivedChildren: Set<String> = [], findingAside: Bool = false,
        fallbackShown: Bool = true
    ) {
        // The flow's own name tables, shared (not rebuilt): one screen table per flow.
        let screensByName = NamedIndex(flow.screens, positions: flow.screenPositions)
        let childrenByName = NamedIndex(flow.children, positions: flow.childPositions)
        self.screensByName = screensByName
        self.childrenByName = childrenByName
        hasSharedNames = childrenByName.names.contains { screensByName.position(of: $0) != nil }
        let nodes = NodeNumbering(screens: screensByName, children: childrenByName)
        // A large flow's finishing nodes are found on another core while the rest is built (one large flow
        // would otherwise build its whole index on one core). Speed: PERFORMANCE.md, "Shapes kept for speed".
        let finishing =
            findingAside && flow.screens.count >= Self.parallelFromScreens
            ? ParallelMap.background { Self.finishingNodes(flow, nodes: nodes, longLivedChildren: longLivedChildren) }
            : nil
        allActions = FlowActions(flow)
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
        let policyShows: [Located<String>] = [fallbackShown ? flow.linkFallback : nil, flow.linkPolicy?.redirect]
            .compactMap { $0 }
        let shows = (flow.tabs.map { ($0.name, $0.arguments) } + policyShows.map { ($0, []) }).map { name, arguments in
            ActionDefinition(.show(target: name, arguments: arguments), at: name.location)
        }
        let reachable = Self.reachableNodes(from: [flow.start] + shows, nodes: nodes)
        self.reachable = reachable

        var starts: [Int32] = []
        var targets: [Int32] = []
        var unknown = [Bool](repeating: false, count: nodes.count)
        // The screen that last listed each node, so each target is listed once per screen in constant time.
        var listedBy = [Int32](repeating: -1, count: nodes.count)
        starts.reserveCapacity(nodes.count + 1)
        var produced = Set<String>()
        for (position, screen) in flow.screens.enumerated() {
            starts.append(Int32(targets.count))
            // Only the first screen of a name is a node; a duplicate's position keeps an empty range.
            guard nodes.isFirstScreen(position, named: screen.name.value) else { continue }
            let isReachable = reachable.members[position]
            for event in screen.events {
                for alternative in event.action.alternatives {
                    switch alternative.kind {
                    case .push(let target, _), .startChild(let target, _):
                        guard let node = nodes.node(named: target.value) else {
                            unknown[position] = true
                            continue
                        }
                        // Each target once, as the set of names it replaces held it.
                        if listedBy[node] != Int32(position) {
                            listedBy[node] = Int32(position)
                            targets.append(Int32(node))
                        }
                    case .finish(let outcome, _) where isReachable: produced.insert(outcome.value)
                    default: break
                    }
                }
            }
            if isReachable, let removal = screen.removal, removal.policy.value == .confirm,
                let outcome = removal.outcome
            {
                produced.insert(outcome.value)
            }
        }
        for _ in flow.children { starts.append(Int32(targets.count)) }
        starts.append(Int32(targets.count))
        oneStepStarts = starts
        oneStepNodes = targets
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
        screensWithUnknownTargets = NodeSet(members: unknown, nodes: nodes)
        producedOutcomes = produced
        canFinish = finishing?.wait() ?? Self.finishingNodes(flow, nodes: nodes, longLivedChildren: longLivedChildren)
    }

    /// The number of screens from which a flow's finishing nodes are found on a thread of their own.
    static let parallelFromScreens = 4_096

    /// The node of the screen or child declaration named `name` (the screen's when both have it).
    func node(named name: String) -> Int? {
        NodeNumbering(screens: screensByName, children: childrenByName).node(named: name)
    }

    /// The nodes screen node `node`'s events lead to by one `push` or `start` (empty for a child's node).
    func oneStepTargets(ofNode node: Int) -> ArraySlice<Int32> {
        oneStepNodes[Int(oneStepStarts[node])..<Int(oneStepStarts[node + 1])]
    }

    /// Whether an event of screen `screen` leads to the screen or child `target` by one `push` or `start`.
    func leadsInOneStep(from screen: String, to target: String) -> Bool {
        guard let from = screensByName.position(of: screen), let to = node(named: target) else { return false }
        return oneStepTargets(ofNode: from).contains(Int32(to))
    }

    /// Whether node `node` is a screen's.
    func isScreen(_ node: Int) -> Bool { node < screensByName.elements.count }

    /// The position of the child declaration named as node `node`, if one is.
    func childPosition(ofNode node: Int) -> Int? {
        if !isScreen(node) { return node - screensByName.elements.count }
        return hasSharedNames ? childrenByName.position(of: screensByName.elements[node].name.value) : nil
    }

    /// The declaration a target name means: the name itself, or, for a misspelt target (FC203/FC204 say
    /// "did you mean …?"), the name suggested — so the declaration it meant is not also reported as
    /// unreachable or never pushed: one mistake, one error.
    func meant(_ name: String) -> String {
        Self.meant(name, screensByName: screensByName, childrenByName: childrenByName)
    }

    private static func meant(
        _ name: String, screensByName: NamedIndex<ScreenDefinition>,
        childrenByName: NamedIndex<ChildDefinition>
    ) -> String {
        guard screensByName[name] == nil, childrenByName[name] == nil else { return name }
        return NameSuggestion.closest(to: name, among: Array(screensByName.names) + Array(childrenByName.names)) ?? name
    }

    /// The nodes reachable from `start` (see `reachable`). Linear in the size of the flow.
    private static func reachableNodes(from starts: [ActionDefinition], nodes: NodeNumbering) -> NodeSet {
        var reached = [Bool](repeating: false, count: nodes.count)
        var pending: [ActionDefinition] = starts
        while let action = pending.popLast() {
            for alternative in action.alternatives {
                guard let written = FlowDefinition.destination(of: alternative)?.value,
                    let node = nodes.node(named: written)
                        ?? nodes.node(
                            named: meant(written, screensByName: nodes.screens, childrenByName: nodes.children)),
                    !reached[node]
                else { continue }
                reached[node] = true
                if node < nodes.screens.elements.count {
                    pending += nodes.screens.elements[node].events.map(\.action)
                } else {
                    pending += nodes.children.elements[node - nodes.screens.elements.count].handlers.map(\.action)
                }
            }
        }
        return NodeSet(members: reached, nodes: nodes)
    }

    /// The nodes from which a `finish` can be reached (see the type's documentation).
    private static func finishingNodes(_ flow: FlowDefinition, nodes: NodeNumbering, longLivedChildren: Set<String>)
        -> NodeSet
    {
        let count = nodes.count
        // Node i is a screen or child; count + i is "directly below i"; 2 * count + i is "anywhere below i".
        func below(_ node: Int) -> Int { count + node }
        func anywhereBelow(_ node: Int) -> Int { 2 * count + node }
        // One more node, 3 * count, is the tab bar of a tab flow: the person selects any tab from any tab.
        // The edges are listed as pairs, then grouped by target in two flat arrays (one array per node
        // allocated for every node's first edge). Speed: PERFORMANCE.md, "Shapes kept for speed".
        var edgeFrom: [Int32] = []
        var edgeTo: [Int32] = []
        var finishing: [Int] = []
        func edge(_ from: Int, _ to: Int) {
            edgeFrom.append(Int32(from))
            edgeTo.append(Int32(to))
        }
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
                    guard let to = nodes.node(named: target.value) else { continue }
                    edge(node, to)
                    stack(to, on: node, viaChild: isHandler)
                case .replaceRoot(let target, _), .show(let target, _), .popTo(let target):
                    if let to = nodes.node(named: target.value) { edge(node, to) }
                case .pop(let popped):
                    edge(node, popped.value == 1 && !isHandler ? below(node) : anywhereBelow(node))
                case .stay:
                    edge(node, below(node))
                    // A tab flow's child that ends shows the tab set again (format 1.3).
                    if isHandler, flow.hasTabs { edge(node, 3 * count) }
                case .finish:
                    finishing.append(node)
                case .select(let tab), .selectShowing(let tab, _):
                    // A tab flow's own `select: TAB` (in a handler of its child) shows that tab.
                    if flow.hasTabs, flow.tab(named: tab.value) != nil, let to = nodes.node(named: tab.value) {
                        edge(node, to)
                    }
                case .conditional:
                    break
                }
            }
        }
        // Every declaration adds its edges to its name's node, duplicates included.
        for (position, screen) in flow.screens.enumerated() {
            guard let node = nodes.screenNode(at: position, named: screen.name.value) else { continue }
            for event in screen.events { follow(event.action, from: node, isHandler: false) }
            if let removal = screen.removal, removal.policy.value == .confirm, removal.outcome != nil {
                finishing.append(node)
            }
        }
        for child in flow.children {
            guard let node = nodes.node(named: child.name.value) else { continue }
            for handler in child.handlers { follow(handler.action, from: node, isHandler: true) }
            if longLivedChildren.contains(child.name.value) { edge(node, below(node)) }
        }
        for tab in flow.tabs {
            guard let node = nodes.node(named: tab.name.value) else { continue }
            // A tab-bar item that presents (format 1.3) is left only as its handlers say, not by selecting a tab.
            if flow.child(named: tab.name.value)?.presentationStyle.isPresented != true { edge(node, 3 * count) }
            edge(3 * count, node)
        }
        // The sources of node n's edges are `sources[firstSource[n] ..< firstSource[n + 1]]`.
        var firstSource = [Int32](repeating: 0, count: 3 * count + 2)
        for to in edgeTo { firstSource[Int(to) + 1] += 1 }
        for node in 0..<(3 * count + 1) { firstSource[node + 1] += firstSource[node] }
        var filled = firstSource
        var sources = [Int32](repeating: 0, count: edgeTo.count)
        for (from, to) in zip(edgeFrom, edgeTo) {
            sources[Int(filled[Int(to)])] = from
            filled[Int(to)] += 1
        }
        var visited = [Bool](repeating: false, count: 3 * count + 1)
        var pending = finishing
        for node in finishing { visited[node] = true }
        while let node = pending.popLast() {
            for index in Int(firstSource[node])..<Int(firstSource[node + 1]) where !visited[Int(sources[index])] {
                visited[Int(sources[index])] = true
                pending.append(Int(sources[index]))
            }
        }
        visited.removeLast(2 * count + 1)
        return NodeSet(members: visited, nodes: nodes)
    }
}

/// How a flow's screens and child declarations are numbered as nodes (see `NavigationIndex`).
struct NodeNumbering: Sendable {
    let screens: NamedIndex<ScreenDefinition>
    let children: NamedIndex<ChildDefinition>

    /// How many node numbers there are.
    var count: Int { screens.elements.count + children.elements.count }

    /// The node named `name`: the first screen's position, else the first child's after the screens.
    func node(named name: String) -> Int? {
        screens.position(of: name) ?? children.position(of: name).map { screens.elements.count + $0 }
    }

    /// The node of the screen at `position` (a duplicate's is the first screen's of its name).
    func screenNode(at position: Int, named name: String) -> Int? {
        // Without duplicates, a screen's node is its position: no lookup.
        screens.isUnique ? position : screens.position(of: name)
    }

    /// Whether the screen at `position` is the first with its name.
    func isFirstScreen(_ position: Int, named name: String) -> Bool {
        screens.isUnique || screens.position(of: name) == position
    }
}

/// A set of a flow's screens and child declarations (nodes of its `NavigationIndex`), one flag per node.
struct NodeSet: Sendable {
    /// Whether each node is in the set, by node number.
    let members: [Bool]
    private let nodes: NodeNumbering

    init(members: [Bool], nodes: NodeNumbering) {
        self.members = members
        self.nodes = nodes
    }

    /// Whether the screen or child declaration named `name` is in the set (false for a name the flow does not declare).
    func contains(_ name: String) -> Bool { nodes.node(named: name).map { members[$0] } ?? false }
}
