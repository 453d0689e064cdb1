import FlowModel

/// One step of the coordinator, run on a copy of the state: it either completes and is committed
/// whole, or throws and is dropped, leaving the coordinator's state untouched.
@MainActor
struct Transition {
    let bundle: FlowBundle
    let host: FlowHost
    var state: RuntimeState
    var binding: ArgumentBinding
    /// Set when the root flow instance finished, with its outcome.
    var rootOutcome: String?
    /// Deep links queued by instances that finished in this step, to open after the commit.
    var linksToOpen: [String] = []

    init(bundle: FlowBundle, host: FlowHost, state: RuntimeState, runChecks: Bool = false) {
        self.bundle = bundle
        self.host = host
        self.state = state
        self.binding = ArgumentBinding(host: host, runChecks: runChecks)
    }

    func flow(at depth: Int) -> FlowGraph { bundle.flows[state.chain[depth].flow] }

    /// Runs `action` for the instance at chain position `depth`.
    /// - Parameters:
    ///   - scope: where `$name` arguments resolve, first match wins.
    ///   - sender: the route whose event runs the action, when it is not on top (push, start and
    ///     replaceRoot are then refused); nil when the action runs on top.
    mutating func run(_ action: CompiledAction, at depth: Int, scope: [[String: Value]], below sender: RouteToken? = nil)
        throws(FlowRuntimeError) {
        let graph = flow(at: depth)
        switch action {
        case .push(let screen, let arguments):
            if let sender { throw .notOnTop(action: "push \(graph.screens[screen].name)", token: sender) }
            let values = try binding.bind(arguments, scope: scope, to: graph.screens[screen].parameters,
                                          receiver: Self.receiver(graph, screen: screen))
            appendRoute(screen: screen, arguments: values, at: depth)
        case .startChild(let child, let arguments):
            if let sender { throw .notOnTop(action: "start \(graph.children[child].name)", token: sender) }
            let childFlow = bundle.flows[graph.children[child].flow]
            let values = try binding.bind(arguments, scope: scope, to: childFlow.parameters,
                                          receiver: "flow '\(childFlow.name)'")
            try startChild(child, arguments: values, at: depth, restoringDraft: true)
        case .pop(let count):
            let range = state.routeRange(ofDepth: depth)
            guard count >= 1, count < range.count else {
                throw .popRemovesFirstRoute(flow: graph.name, count: count, routes: range.count)
            }
            state.cut(at: range.upperBound - count)
        case .popTo(let screen):
            let range = state.routeRange(ofDepth: depth)
            guard let index = range.last(where: { state.path[$0].screenIndex == screen }) else {
                throw .noRouteOfScreen(flow: graph.name, screen: graph.screens[screen].name)
            }
            state.cut(at: index + 1)
        case .replaceRoot(let target, let arguments):
            if let sender { throw .notOnTop(action: "replaceRoot", token: sender) }
            let values = try bind(arguments, for: target, in: graph, scope: scope)
            state.path.removeSubrange(state.routeRange(ofDepth: depth).lowerBound...)
            state.chain.removeSubrange((depth + 1)...)
            state.chain[depth].drafts = [:]
            try show(target, arguments: values, at: depth)
        case .finish(let outcome):
            try finish(at: depth, outcome: outcome)
        case .conditional(let condition, let then, let otherwise):
            let chosen = host.condition(graph.conditions[condition]) ? then : otherwise
            try run(chosen, at: depth, scope: scope, below: sender)
        case .show(let target, let arguments):
            if let sender { throw .notOnTop(action: "show", token: sender) }
            try show(target, arguments: try bind(arguments, for: target, in: graph, scope: scope), at: depth)
        case .stay:
            break
        }
    }

    /// The instance at `depth` finishes: its routes and its descendants' go, then its parent's handler runs
    /// (on top, with the parent's top route's arguments, then the parent's). The root flow records its outcome.
    mutating func finish(at depth: Int, outcome: Int) throws(FlowRuntimeError) {
        let record = state.chain[depth]
        linksToOpen += record.queuedLinks
        state.path.removeSubrange(state.routeRange(ofDepth: depth).lowerBound...)
        state.chain.removeSubrange(depth...)
        guard depth > 0, let declaration = record.declaration else {
            rootOutcome = bundle.flows[record.flow].outcomes[outcome]
            return
        }
        let parent = state.chain[depth - 1]
        let handler = bundle.flows[parent.flow].children[declaration].handlers[outcome]
        let top = state.path.last.flatMap { $0.depth == depth - 1 ? $0.arguments : nil } ?? [:]
        try run(handler, at: depth - 1, scope: [top, parent.arguments])
    }

    /// Shows a screen as a route of the instance at `depth`, or starts a child of it.
    mutating func show(_ target: TargetNode, arguments: [String: Value], at depth: Int) throws(FlowRuntimeError) {
        switch target {
        case .screen(let screen): appendRoute(screen: screen, arguments: arguments, at: depth)
        case .child(let child): try startChild(child, arguments: arguments, at: depth, restoringDraft: false)
        }
    }

    /// Creates a child instance of the instance at `depth` (at `depth + 1`) and runs the child flow's start,
    /// or restores the child's preserved draft when its arguments are the same.
    mutating func startChild(_ child: Int, arguments: [String: Value], at depth: Int, restoringDraft: Bool)
        throws(FlowRuntimeError) {
        let declaration = flow(at: depth).children[child]
        let draft = state.chain[depth].drafts.removeValue(forKey: child)
        let id = state.makeInstanceID()
        state.chain.append(InstanceRecord(id: id, flow: declaration.flow, declaration: child, arguments: arguments))
        if restoringDraft, let draft, draft.arguments == arguments, !draft.routes.isEmpty {
            for route in draft.routes { appendRoute(screen: route.screen, arguments: route.arguments, at: depth + 1) }
            return
        }
        try run(bundle.flows[declaration.flow].start, at: depth + 1, scope: [arguments])
    }

    mutating func appendRoute(screen: Int, arguments: [String: Value], at depth: Int) {
        let record = state.chain[depth]
        let graph = bundle.flows[record.flow]
        state.path.append(Route(
            token: state.makeToken(), instance: record.id, flow: graph.name, screen: graph.screens[screen].name,
            arguments: arguments, flowIndex: record.flow, screenIndex: screen, depth: depth, owner: state.owner))
    }

    func bind(_ arguments: [ArgumentNode], for target: TargetNode, in graph: FlowGraph, scope: [[String: Value]])
        throws(FlowRuntimeError) -> [String: Value] {
        switch target {
        case .screen(let screen):
            return try binding.bind(arguments, scope: scope, to: graph.screens[screen].parameters,
                                    receiver: Self.receiver(graph, screen: screen))
        case .child(let child):
            let childFlow = bundle.flows[graph.children[child].flow]
            return try binding.bind(arguments, scope: scope, to: childFlow.parameters, receiver: "flow '\(childFlow.name)'")
        }
    }

    /// Refuses a state where a live instance has no route on the path (the deepest instance must own the top route).
    func checkShape() throws(FlowRuntimeError) {
        guard let last = state.chain.last else { return }
        guard state.path.last?.depth == state.chain.count - 1 else {
            throw .instanceWithoutRoute(flow: bundle.flows[last.flow].name)
        }
    }

    static func receiver(_ graph: FlowGraph, screen: Int) -> String {
        "screen '\(graph.screens[screen].name)' of flow '\(graph.name)'"
    }
}
