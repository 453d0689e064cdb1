import FlowModel
import Observation

/// Where a coordinator is in its life.
public enum CoordinatorStatus: Hashable, Sendable {
    /// Created, not started.
    case idle
    /// Showing a path.
    case running
    /// The root flow finished with this outcome; the path is empty.
    case finished(outcome: String)
    /// Stopped by ``FlowCoordinator/stop()`` or a back gesture to the empty path.
    case stopped
}

/// The generic coordinator: runs one root flow of a compiled ``FlowBundle`` and every child flow it starts.
///
/// The path (``path``) is an array of routes a SwiftUI `NavigationStack` can bind to; the live flow
/// instances are ``FlowInstance`` objects owned root-down (``root``). Every operation is one step: it
/// either applies whole or leaves the state untouched and says why (``StepResult``). Conditions and
/// checks come from the ``FlowHost``; the coordinator stores nothing domain-specific.
///
/// Cost per step depends on the path and the flows involved, never on the number of flows in the bundle.
@MainActor
@Observable
public final class FlowCoordinator {
    /// The compiled flows.
    public let bundle: FlowBundle
    /// The index of the root flow in the bundle.
    public let rootFlow: Int
    /// The root flow's arguments, typed and checked at init.
    public let rootArguments: [String: Value]
    /// The host that answers conditions and checks.
    @ObservationIgnored public var host: FlowHost

    /// The navigation state, as a value.
    var state = RuntimeState()
    /// Where the coordinator is in its life.
    public internal(set) var status: CoordinatorStatus = .idle
    /// The removal waiting for ``confirmRemoval()`` or ``keepEditing()``, if any.
    public internal(set) var pendingConfirmation: PendingConfirmation?
    /// The root flow instance; it owns every live child instance.
    @ObservationIgnored public private(set) var root: FlowInstance?
    /// Whether a step is running (see ``step(_:)``).
    @ObservationIgnored private var isStepping = false
    /// Deep links queued by instances that finished in the running step, opened once it ends.
    @ObservationIgnored private var linksAfterStep: [String] = []

    /// Creates a coordinator for the flow named `flow` of `bundle`, not yet started.
    /// - Throws: ``FlowRuntimeError/unknownFlow(_:)`` when the bundle has no such flow, or an argument error
    ///   when `arguments` do not match the flow's parameters.
    public init(bundle: FlowBundle, flow: String, arguments: [String: Value] = [:], host: FlowHost = FlowHost())
        throws(FlowRuntimeError) {
        guard let index = bundle.flowIndex(named: flow) else { throw .unknownFlow(flow) }
        self.bundle = bundle
        self.rootFlow = index
        self.host = host
        self.rootArguments = try ArgumentBinding(host: host, runChecks: false)
            .bind(values: arguments, to: bundle.flows[index].parameters, receiver: "flow '\(flow)'")
        Self.coordinatorCount += 1
        state.owner = Self.coordinatorCount
    }

    /// How many coordinators were created; each one's serial number marks its routes.
    private static var coordinatorCount = 0

    /// The routes, bottom (the root flow's first screen) to top.
    public var path: [Route] { state.path }

    /// The root flow's name.
    public var flowName: String { bundle.flows[rootFlow].name }

    /// The live instance with this id, if any.
    public func instance(_ id: FlowInstanceID) -> FlowInstance? {
        guard let depth = state.depth(of: id) else { return nil }
        return handle(for: state.chain[...depth].map(\.id))
    }

    // MARK: Start and stop

    /// Runs the root flow's start. Also restarts a stopped or finished coordinator.
    /// - Returns: rejected with ``FlowRuntimeError/alreadyRunning`` while running, or with the start's error.
    @discardableResult
    public func start() -> StepResult { step(startNow) }

    private func startNow() -> StepResult {
        guard status != .running else { return .rejected(.alreadyRunning) }
        var transition = Transition(bundle: bundle, host: host, state: freshState())
        do throws(FlowRuntimeError) {
            try transition.run(bundle.flows[rootFlow].start, at: 0, scope: [rootArguments])
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        status = .running
        return commit(transition)
    }

    /// Empties the path and cancels every flow instance (their completions become inert). Always applies.
    @discardableResult
    public func stop() -> StepResult { step(stopNow) }

    func stopNow() -> StepResult {
        let old = state.chain
        state.path = []
        state.chain = []
        pendingConfirmation = nil
        sync(from: old)
        if status == .running { status = .stopped }
        return .applied
    }

    // MARK: Events

    /// Reports `event` from the route `token` (nil: the top route) with typed arguments.
    ///
    /// Arguments are checked against the event's parameters (an `int` may be passed for a `double`).
    /// - Returns: stale when the route is no longer on the path; rejected (state unchanged) for an unknown
    ///   event, bad arguments, a push/start/replaceRoot from a route that is not on top, or a refused action.
    @discardableResult
    public func send(_ event: String, from token: RouteToken? = nil, arguments: [String: Value] = [:]) -> StepResult {
        sendEvent(event, from: token) { binding, parameters, receiver throws(FlowRuntimeError) in
            try binding.bind(values: arguments, to: parameters, receiver: receiver())
        }
    }

    /// Reports `event` with arguments as text, each parsed strictly by its parameter's type
    /// (``ParameterType/parse(_:)``: `int` takes `7`, not `07` or `7.0`).
    @discardableResult
    public func send(_ event: String, from token: RouteToken? = nil, textArguments: [String: String]) -> StepResult {
        sendEvent(event, from: token) { binding, parameters, receiver throws(FlowRuntimeError) in
            try binding.bind(texts: textArguments, to: parameters, receiver: receiver())
        }
    }

    private func sendEvent(
        _ event: String, from token: RouteToken?,
        bind: (ArgumentBinding, [ParameterNode], () -> String) throws(FlowRuntimeError) -> [String: Value]
    ) -> StepResult {
        step { sendEventNow(event, from: token, bind: bind) }
    }

    private func sendEventNow(
        _ event: String, from token: RouteToken?,
        bind: (ArgumentBinding, [ParameterNode], () -> String) throws(FlowRuntimeError) -> [String: Value]
    ) -> StepResult {
        guard status == .running, !state.path.isEmpty else { return .rejected(.notRunning) }
        let index: Int
        if let token {
            guard let found = state.path.firstIndex(where: { $0.token == token }) else { return .stale(.routeNotOnPath(token)) }
            index = found
        } else {
            index = state.path.count - 1
        }
        let route = state.path[index]
        let graph = bundle.flows[route.flowIndex]
        let screen = graph.screens[route.screenIndex]
        guard let eventIndex = screen.eventIndex(named: event) else {
            return .rejected(.unknownEvent(flow: graph.name, screen: screen.name, event: event))
        }
        let node = screen.events[eventIndex]
        var transition = Transition(bundle: bundle, host: host, state: state)
        do throws(FlowRuntimeError) {
            // The receiver names the event in error messages only: built lazily, not on every event.
            let values = try bind(transition.binding, node.parameters) {
                "event '\(event)' of screen '\(screen.name)' of flow '\(graph.name)'"
            }
            let sender = index == state.path.count - 1 ? nil : route.token
            try transition.run(node.action, at: route.depth,
                               scope: [values, route.arguments, state.chain[route.depth].arguments], below: sender)
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        return commit(transition)
    }

    // MARK: Completion

    func makeCompletion(_ id: FlowInstanceID) -> @MainActor (String) -> StepResult {
        { [weak self] outcome in
            self?.complete(id, outcome: outcome) ?? .stale(.instanceNotAlive(id))
        }
    }

    /// A flow instance's completion: finishes it unless it is gone; re-arms it when the step is rejected
    /// (also when it was called from a host closure in the middle of another step).
    private func complete(_ id: FlowInstanceID, outcome: String) -> StepResult {
        let result = step { completeNow(id, outcome: outcome) }
        if result.status == .rejected { instance(id)?.completion = makeCompletion(id) }
        return result
    }

    private func completeNow(_ id: FlowInstanceID, outcome: String) -> StepResult {
        guard status == .running, let depth = state.depth(of: id) else { return .stale(.instanceNotAlive(id)) }
        let graph = bundle.flows[state.chain[depth].flow]
        var transition = Transition(bundle: bundle, host: host, state: state)
        do throws(FlowRuntimeError) {
            guard let index = graph.outcomes.firstIndex(of: outcome) else {
                throw FlowRuntimeError.unknownOutcome(flow: graph.name, outcome: outcome)
            }
            try transition.finish(at: depth, outcome: index)
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        return commit(transition)
    }

    // MARK: Committing

    /// Runs one step. Host closures run inside steps; one that calls back into the coordinator (an event,
    /// back, a completion, a deep link, `stop` …) would interleave two steps on one state, so that call is
    /// rejected with ``FlowRuntimeError/reentrantStep`` and changes nothing. Deep links that instances
    /// finished in the step had queued open after it ends.
    func step(_ body: () -> StepResult) -> StepResult {
        guard !isStepping else { return .rejected(.reentrantStep) }
        isStepping = true
        let result = body()
        isStepping = false
        let links = linksAfterStep
        linksAfterStep = []
        for url in links { open(url) }
        return result
    }

    /// A state with no instances but the root instance, keeping the token and id counters.
    func freshState() -> RuntimeState {
        var fresh = state.emptied()
        let id = fresh.makeInstanceID()
        fresh.chain = [InstanceRecord(id: id, flow: rootFlow, declaration: nil, arguments: rootArguments)]
        return fresh
    }

    /// Makes a transition's state the coordinator's, syncs the instance objects, and hands the deep links
    /// that instances finished in the step had queued to ``step(_:)``.
    func commit(_ transition: Transition) -> StepResult {
        let old = state.chain
        state = transition.state
        pendingConfirmation = nil
        if let outcome = transition.rootOutcome { status = .finished(outcome: outcome) }
        sync(from: old)
        linksAfterStep += transition.linksToOpen
        return .applied
    }

    /// Cancels the instance objects that left the chain and creates those that joined it.
    func sync(from old: [InstanceRecord]) {
        let new = state.chain
        var kept = 0
        while kept < old.count, kept < new.count, old[kept].id == new[kept].id { kept += 1 }
        if kept < old.count {
            handle(for: old[...kept].map(\.id))?.cancel()
            if kept == 0 { root = nil }
        }
        var parent = kept > 0 ? handle(for: new[..<kept].map(\.id)) : nil
        for depth in kept..<new.count {
            let record = new[depth]
            let declaration = record.declaration.map { bundle.flows[new[depth - 1].flow].children[$0].name }
            let instance = FlowInstance(id: record.id, flow: bundle.flows[record.flow].name, declaration: declaration,
                                        arguments: record.arguments, parent: parent, coordinator: self)
            instance.completion = makeCompletion(record.id)
            if depth == 0 { root = instance }
            parent = instance
        }
    }

    /// The instance object at the end of a chain of ids, walking down from the root.
    private func handle(for ids: [FlowInstanceID]) -> FlowInstance? {
        guard var current = root, current.id == ids.first else { return nil }
        for id in ids.dropFirst() {
            guard let next = current.children[id] else { return nil }
            current = next
        }
        return current
    }
}
