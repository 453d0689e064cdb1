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
    @ObservationIgnored public var host: FlowHost {
        didSet { context = StepContext(bundle: bundle, host: host) }
    }
    /// The bundle and the host, as every step reads them.
    @ObservationIgnored private(set) var context: StepContext

    // Observation: the stored state is ignored by the macro and published by hand, so that the
    // coordinator's own reads cost nothing and observers hear of what changed. Public reads of the
    // navigation state register access to `path`; every write of it (``updateState(_:)``) notifies `path`.

    /// The navigation state, as a value. Write it with ``updateState(_:)`` (a step commits its edit so).
    @ObservationIgnored private(set) var state = RuntimeState()
    /// Storage of ``status``; write it with ``setStatus(_:)``.
    @ObservationIgnored private(set) var currentStatus: CoordinatorStatus = .idle
    /// Storage of ``pendingConfirmation``; write it with ``setPendingConfirmation(_:)``.
    @ObservationIgnored private(set) var currentPendingConfirmation: PendingConfirmation?
    /// Whether there is a pending confirmation: most steps clear an already clear one, and testing this
    /// costs less than testing the optional, which copies it.
    @ObservationIgnored private var isConfirmationPending = false
    /// The root flow's arguments, aligned with its parameters.
    @ObservationIgnored let rootValues: [Value]
    /// The flow instance objects created so far, a prefix of `state.chain` (the root first).
    @ObservationIgnored private var instances = InstanceObjects()
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
        self.context = StepContext(bundle: bundle, host: host)
        let parameters = bundle.flows[index].parameters
        let values = try ArgumentBinding(host: host)
            .bind(values: arguments, to: parameters, receiver: "flow '\(flow)'")
        self.rootValues = values
        self.rootArguments = parameters.named(values)
        Self.coordinatorCount += 1
        state.owner = Self.coordinatorCount
    }

    /// How many coordinators were created; each one's serial number marks its routes.
    private static var coordinatorCount = 0

    /// Where the coordinator is in its life.
    public var status: CoordinatorStatus {
        access(keyPath: ObservedKeyPaths.status)
        return currentStatus
    }

    /// The removal waiting for ``confirmRemoval()`` or ``keepEditing()``, if any.
    public var pendingConfirmation: PendingConfirmation? {
        access(keyPath: ObservedKeyPaths.pendingConfirmation)
        return currentPendingConfirmation
    }

    /// The routes, bottom (the root flow's first screen) to top.
    public var path: [Route] {
        access(keyPath: ObservedKeyPaths.path)
        return state.path
    }

    /// The root flow's name.
    public var flowName: String { bundle.flows[rootFlow].name }

    /// The root flow instance; it owns every live child instance.
    public var root: FlowInstance? { state.chain.isEmpty ? nil : instanceObject(at: 0) }

    /// The live instance with this id, if any.
    public func instance(_ id: FlowInstanceID) -> FlowInstance? {
        access(keyPath: ObservedKeyPaths.path)
        return state.depth(of: id).map(instanceObject(at:))
    }

    /// The object of the live instance at chain position `depth`, created when the host first asks.
    private func instanceObject(at depth: Int) -> FlowInstance {
        let chain = state.chain
        return updateInstances { $0.object(at: depth, of: chain, bundle: bundle, coordinator: self) }
    }

    /// Changes the instance objects, moved out of ``instances`` and back, as ``updateState(_:)`` does the state.
    private func updateInstances<Result>(_ change: (inout InstanceObjects) -> Result) -> Result {
        var changed = InstanceObjects()
        swap(&changed, &instances)
        defer { swap(&changed, &instances) }
        return change(&changed)
    }

    /// Creates the object of the live child of `parent`, if it has one (``FlowInstance/children``).
    func createChildObject(of parent: FlowInstance) {
        guard let depth = state.depth(of: parent.id), depth + 1 < state.chain.count else { return }
        _ = instanceObject(at: depth + 1)
    }

    /// Changes the navigation state in place, notifying observers of ``path``.
    ///
    /// The state is moved out, changed and moved back, rather than changed through `&state`. The compiler
    /// drops the run-time exclusivity checks of a class's stored property only when no access to it in the
    /// module spans a call: one `change(&state)` would keep every read of `state` in every step checked.
    /// Moving the state out leaves it unshared, so the change still happens in place.
    func updateState(_ change: (inout RuntimeState) -> Void) {
        withMutation(keyPath: ObservedKeyPaths.path) {
            var changed = RuntimeState()
            swap(&changed, &state)
            change(&changed)
            swap(&changed, &state)
        }
    }

    /// Sets ``status``, notifying its observers when it changes.
    func setStatus(_ new: CoordinatorStatus) {
        guard new != currentStatus else { return }
        withMutation(keyPath: ObservedKeyPaths.status) { currentStatus = new }
    }

    /// Sets ``pendingConfirmation``, notifying its observers when it changes.
    func setPendingConfirmation(_ new: PendingConfirmation) {
        withMutation(keyPath: ObservedKeyPaths.pendingConfirmation) { currentPendingConfirmation = new }
        isConfirmationPending = true
    }

    /// Clears ``pendingConfirmation``, notifying its observers when there was one. Most steps clear an
    /// already clear confirmation: that costs a test and notifies no one.
    func clearPendingConfirmation() {
        guard isConfirmationPending else { return }
        withMutation(keyPath: ObservedKeyPaths.pendingConfirmation) { currentPendingConfirmation = nil }
        isConfirmationPending = false
    }

    // MARK: Start and stop

    /// Runs the root flow's start. Also restarts a stopped or finished coordinator.
    /// - Returns: rejected with ``FlowRuntimeError/alreadyRunning`` while running, or with the start's error.
    @discardableResult
    public func start() -> StepResult { step(startNow) }

    private func startNow() -> StepResult {
        guard currentStatus != .running else { return .rejected(.alreadyRunning) }
        var transition = Transition(context: context, state: freshState())
        do throws(FlowRuntimeError) {
            try transition.run(bundle.flows[rootFlow].start, at: 0, scope: ArgumentScope(rootFrame))
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        setStatus(.running)
        return commit(&transition)
    }

    /// Empties the path and cancels every flow instance (their completions become inert). Always applies.
    @discardableResult
    public func stop() -> StepResult { step(stopNow) }

    func stopNow() -> StepResult {
        if instances.hasObjects {
            let chain = state.chain
            updateInstances { $0.sync(from: chain, to: EmptyCollection()) }
        }
        updateState { state in
            state.path.truncate(to: 0)
            state.chain.truncate(to: 0)
        }
        clearPendingConfirmation()
        if currentStatus == .running { setStatus(.stopped) }
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
        bind: (ArgumentBinding, [ParameterNode], () -> String) throws(FlowRuntimeError) -> [Value]
    ) -> StepResult {
        step { sendEventNow(event, from: token, bind: bind) }
    }

    private func sendEventNow(
        _ event: String, from token: RouteToken?,
        bind: (ArgumentBinding, [ParameterNode], () -> String) throws(FlowRuntimeError) -> [Value]
    ) -> StepResult {
        guard currentStatus == .running else { return .rejected(.notRunning) }
        let route: Route
        let sender: RouteToken?
        do {
            // One read of the stored path: every read of a class's stored property is an exclusivity check.
            // The copy ends with this block, before the step commits its edit of the path in place.
            let path = state.path
            guard let top = path.last else { return .rejected(.notRunning) }
            if let token, token != top.token {
                guard let found = path.firstIndex(where: { $0.token == token }) else { return .stale(.routeNotOnPath(token)) }
                (route, sender) = (path[found], token)
            } else {
                (route, sender) = (top, nil)
            }
        }
        let flow = route.flowIndex
        // The screen's events, not the screen: calling a method of the screen would copy it whole.
        let events = bundle.flows[flow].screens[route.screenIndex].events
        guard let eventIndex = events.index(named: event) else {
            return .rejected(.unknownEvent(flow: route.flow, screen: route.screen, event: event))
        }
        let node = events[eventIndex]
        var transition = Transition(context: context, state: StateEdit(state))
        do throws(FlowRuntimeError) {
            // The receiver names the event in error messages only: built lazily, not on every event.
            let values = try bind(transition.binding, node.parameters) {
                "event '\(event)' of screen '\(route.screen)' of flow '\(route.flow)'"
            }
            let scope = ArgumentScope(.bound(parameters: node.parameters, values: values),
                                      .bound(parameters: route.parameters, values: route.values),
                                      transition.instanceFrame(at: route.depth))
            try transition.run(node.action, at: route.depth, scope: scope, below: sender)
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        return commit(&transition)
    }

    // MARK: Completion

    /// A flow instance's completion: finishes it unless it is gone; re-arms it when the step is rejected
    /// (also when it was called from a host closure in the middle of another step).
    func complete(_ id: FlowInstanceID, outcome: String, arguments: [String: Value]) -> StepResult {
        let result = step { completeNow(id, outcome: outcome, arguments: arguments) }
        if result.status == .rejected, let depth = state.depth(of: id) { instances.existing(at: depth)?.rearm() }
        return result
    }

    private func completeNow(_ id: FlowInstanceID, outcome: String, arguments: [String: Value]) -> StepResult {
        guard currentStatus == .running, let depth = state.depth(of: id) else { return .stale(.instanceNotAlive(id)) }
        let flow = state.chain[depth].flow
        var transition = Transition(context: context, state: StateEdit(state))
        do throws(FlowRuntimeError) {
            guard let index = bundle.flows[flow].outcomes.firstIndex(of: outcome) else {
                throw FlowRuntimeError.unknownOutcome(flow: bundle.flows[flow].name, outcome: outcome)
            }
            let graph = bundle.flows[flow]
            let values = try transition.binding.bind(
                values: arguments, to: graph.parameters(ofOutcome: index),
                receiver: Transition.outcomeReceiver(bundle, flow: flow, outcome: index))
            try transition.finish(at: depth, outcome: index, values: values)
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        return commit(&transition)
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
        if !linksAfterStep.isEmpty {
            let links = linksAfterStep
            linksAfterStep = []
            for url in links { open(url) }
        }
        return result
    }

    /// The root flow's arguments, as a frame `$name` resolves in.
    var rootFrame: ArgumentFrame { .bound(parameters: bundle.flows[rootFlow].parameters, values: rootValues) }

    /// An edit that removes every route and instance, keeping the token and id counters (ids are never reused).
    func emptiedState() -> StateEdit {
        var emptied = StateEdit(state)
        emptied.removeAll()
        return emptied
    }

    /// An edit that removes every route and instance and creates a fresh root instance, keeping the token
    /// and id counters.
    func freshState() -> StateEdit {
        var fresh = emptiedState()
        let id = fresh.makeInstanceID()
        fresh.chain.append(InstanceRecord(id: id, flow: rootFlow, declaration: nil, values: rootValues))
        return fresh
    }

    /// Makes a transition's state the coordinator's, cancels the objects of the instances it removed, and
    /// hands the deep links that instances finished in the step had queued to ``step(_:)``. The transition is
    /// changed in place, its edit emptied: a copy would retain everything it holds once more, and would keep
    /// the coordinator's path and chain shared, so that applying the edit copied them.
    func commit(_ transition: inout Transition) -> StepResult {
        if instances.hasObjects {
            let chain = state.chain
            updateInstances { $0.sync(from: chain, to: transition.state.chain) }
        }
        updateState { $0.apply(&transition.state) }
        clearPendingConfirmation()
        if let outcome = transition.rootOutcome { setStatus(.finished(outcome: outcome)) }
        // Read, then written: `+=` would be an access spanning a call (see ``updateState(_:)``).
        if !transition.linksToOpen.isEmpty { linksAfterStep = linksAfterStep + transition.linksToOpen }
        var result = StepResult.applied
        if !transition.finished.isEmpty { result.finished = transition.finished }
        return result
    }
}
