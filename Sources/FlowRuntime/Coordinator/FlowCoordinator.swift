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
    // navigation state register access to `path`; a write that changes it (``updateState(_:)``) notifies
    // `path`. The tree's objects (``rootStack``) are observed each on its own, written only where changed.

    /// The navigation state, as a value. Write it with ``updateState(_:)`` (a step commits its edit so).
    @ObservationIgnored private(set) var state = RuntimeState()
    /// Storage of ``status``; write it with ``setStatus(_:)``.
    @ObservationIgnored private(set) var currentStatus: CoordinatorStatus = .idle
    /// Storage of ``pendingConfirmation``; write it with ``setPendingConfirmation(_:)``.
    @ObservationIgnored private(set) var currentPendingConfirmation: PendingConfirmation?
    /// Whether there is a pending confirmation: most steps clear an already clear one, and testing this
    /// costs less than testing the optional, which copies it.
    @ObservationIgnored private var isConfirmationPending = false
    /// The step waiting for the pending confirmation; it runs again once the removal is confirmed.
    @ObservationIgnored private(set) var pendingReplay: Replay?
    /// The `confirm` routes the person decided to remove, while ``confirmRemoval()`` runs the waiting step.
    @ObservationIgnored var grantedRemovals = GrantedRemovals()
    /// The root flow's arguments, aligned with its parameters.
    @ObservationIgnored let rootValues: [Value]
    /// The flow instance objects created so far, a prefix of `state.chain` (the root first).
    @ObservationIgnored private var instances = InstanceObjects()
    /// Whether a step is running (see ``step(_:)``).
    @ObservationIgnored private var isStepping = false
    /// Deep links queued by instances that finished in the running step, opened once it ends.
    @ObservationIgnored private var linksAfterStep: [String] = []
    /// The storage the last commit's edit appended into, emptied, for the next step's edit (``makeEdit()``).
    @ObservationIgnored private var editStorage = EditStorage()
    /// The observable objects of the tree (``rootStack``), created when a host first asks for one.
    @ObservationIgnored private var tree: TreeObjects?

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

    /// The object of the live instance `id` in a kept tab, if the host reached it before the tab was set aside.
    package func keptInstanceObject(_ id: FlowInstanceID) -> FlowInstance? { instances.kept(id) }

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
        withMutation(keyPath: ObservedKeyPaths.path) { changeState(change) }
    }

    /// Changes the navigation state in place without notifying anyone (see ``updateState(_:)``).
    private func changeState(_ change: (inout RuntimeState) -> Void) {
        var changed = RuntimeState()
        swap(&changed, &state)
        change(&changed)
        swap(&changed, &state)
    }

    /// Brings the tree's objects in step with the state just changed, when a host asked for them; observers
    /// of ``rootStack`` hear of it when the root instance changed.
    private func syncTree(keptTabs: [FlowInstanceID: [FlowInstanceID]], droppedTabs: [FlowInstanceID], oldRoot: FlowInstanceID?) {
        guard let tree else { return }
        if state.chain.first?.id != oldRoot {
            withMutation(keyPath: ObservedKeyPaths.rootStack) { tree.sync(state, keptTabs: keptTabs, droppedTabs: droppedTabs) }
        } else {
            tree.sync(state, keptTabs: keptTabs, droppedTabs: droppedTabs)
        }
    }

    /// The tree's objects, created from the state on first use.
    func treeObjects() -> TreeObjects {
        if let tree { return tree }
        let created = TreeObjects(state: state, bundle: bundle)
        tree = created
        return created
    }

    /// Sets ``status``, notifying its observers when it changes.
    func setStatus(_ new: CoordinatorStatus) {
        guard new != currentStatus else { return }
        withMutation(keyPath: ObservedKeyPaths.status) { currentStatus = new }
    }

    /// A step to run again once its pending confirmation is confirmed.
    typealias Replay = @MainActor (FlowCoordinator) -> StepResult

    /// Sets ``pendingConfirmation`` and the step that runs once it is confirmed, notifying observers.
    func setPendingConfirmation(_ new: PendingConfirmation, replay: @escaping Replay) {
        withMutation(keyPath: ObservedKeyPaths.pendingConfirmation) { currentPendingConfirmation = new }
        isConfirmationPending = true
        pendingReplay = replay
    }

    /// Clears ``pendingConfirmation``, notifying its observers when there was one. Most steps clear an
    /// already clear confirmation: that costs a test and notifies no one.
    func clearPendingConfirmation() {
        guard isConfirmationPending else { return }
        withMutation(keyPath: ObservedKeyPaths.pendingConfirmation) { currentPendingConfirmation = nil }
        isConfirmationPending = false
        pendingReplay = nil
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
        var result = StepResult.applied
        result.deferredLinks = droppedLinks(keeping: EmptyCollection(), finished: [], because: "the coordinator stopped")
        if instances.hasObjects {
            let chain = state.chain
            updateInstances { $0.sync(from: chain, to: EmptyCollection(), keptTabs: [:]) }
        }
        let oldRoot = state.chain.first?.id
        updateState { state in
            state.path.truncate(to: 0)
            state.chain.truncate(to: 0)
        }
        if tree != nil { syncTree(keptTabs: [:], droppedTabs: [], oldRoot: oldRoot) }
        clearPendingConfirmation()
        if currentStatus == .running { setStatus(.stopped) }
        return result
    }

    // MARK: Events

    /// Reports `event` from the route `token` (nil: the top route) with typed arguments.
    ///
    /// Arguments are checked against the event's parameters (an `int` may be passed for a `double`).
    /// An event from a route below the top acts from that route: the routes above it go first, as
    /// interactive back removes them (through the removal guard), then the action runs with the sender on
    /// top — `pop: 1` removes the sender and everything above it, `popTo` counts from the sender, `push`
    /// and `start` add on top of the sender.
    /// - Returns: stale when the route is no longer on the path; pending when the step would remove a
    ///   `confirm` route; rejected (state unchanged) for a token of another coordinator, an unknown event,
    ///   bad arguments, or a refused action.
    @discardableResult
    public func send(_ event: String, from token: RouteToken? = nil, arguments: [String: Value] = [:]) -> StepResult {
        step { sendEventNow(event, from: token, arguments: .values(arguments)) }
    }

    /// Reports `event` with arguments as text, each parsed strictly by its parameter's type
    /// (``ParameterType/parse(_:)``: `int` takes `7`, not `07` or `7.0`).
    @discardableResult
    public func send(_ event: String, from token: RouteToken? = nil, textArguments: [String: String]) -> StepResult {
        step { sendEventNow(event, from: token, arguments: .texts(textArguments)) }
    }

    /// An event's arguments as the host passed them.
    @MainActor
    enum EventArguments {
        case values([String: Value])
        case texts([String: String])

        func bind(_ binding: ArgumentBinding, to parameters: [ParameterNode], receiver: () -> String)
            throws(FlowRuntimeError) -> [Value] {
            switch self {
            case .values(let values): try binding.bind(values: values, to: parameters, receiver: receiver())
            case .texts(let texts): try binding.bind(texts: texts, to: parameters, receiver: receiver())
            }
        }
    }

    /// Where a token leads on the path.
    enum TokenLookup {
        case found(Int)
        /// Rejected (another coordinator's token) or stale (a route no longer on the path).
        case refused(StepResult)
    }

    /// The position on the path of the route `token` names.
    func pathIndex(of token: RouteToken) -> TokenLookup {
        guard token.belongs(to: state.owner) else { return .refused(.rejected(.foreignToken(token))) }
        // A loop, not `firstIndex(where:)`: see ``Transition/firstRoute(in:withRemoval:)``.
        let path = state.path
        for index in path.indices.reversed() where path[index].token.rawValue == token.rawValue { return .found(index) }
        return .refused(.stale(.routeNotOnPath(token)))
    }

    private func sendEventNow(_ event: String, from token: RouteToken?, arguments: EventArguments) -> StepResult {
        guard currentStatus == .running else { return .rejected(.notRunning) }
        let route: Route
        var below: Int?
        do {
            // One read of the stored path: every read of a class's stored property is an exclusivity check.
            // The copy ends with this block, before the step commits its edit of the path in place.
            let path = state.path
            guard let top = path.last else { return .rejected(.notRunning) }
            if let token, token != top.token {
                switch pathIndex(of: token) {
                case .found(let index): (route, below) = (path[index], index == path.count - 1 ? nil : index)
                case .refused(let refusal): return refusal
                }
            } else {
                route = top
            }
        }
        let flow = route.flowIndex
        // The screen's events, not the screen: calling a method of the screen would copy it whole.
        let events = bundle.flows[flow].screens[route.screenIndex].events
        guard let eventIndex = events.index(named: event) else {
            return .rejected(.unknownEvent(flow: route.flow, screen: route.screen, event: event))
        }
        // Its parameters and action, not the event: a copy of the event would retain its name too.
        let parameters = events[eventIndex].parameters, action = events[eventIndex].action
        var transition = Transition(context: context, state: makeEdit())
        var note: FlowRuntimeError?
        do throws(FlowRuntimeError) {
            // The receiver names the event in error messages only: built lazily, not on every event.
            let values = try arguments.bind(transition.binding, to: parameters) {
                "event '\(event)' of screen '\(route.screen)' of flow '\(route.flow)'"
            }
            if let below { note = transition.removeAsBack(keeping: below + 1, before: state, sender: route.token) }
            let scope = ArgumentScope(.bound(parameters: parameters, values: values),
                                      .bound(parameters: route.parameters, values: route.values),
                                      transition.instanceFrame(at: route.depth))
            try transition.run(action, at: route.depth, scope: scope)
            try transition.checkShape()
        } catch {
            return .rejected(error)
        }
        return conclude(&transition, sender: route.token, note: note,
                        replay: { $0.sendEventNow(event, from: token, arguments: arguments) })
    }

    // MARK: Completion

    /// A flow instance's completion: finishes it unless it is gone; re-arms it when the step is rejected
    /// (also when it was called from a host closure in the middle of another step).
    func complete(_ id: FlowInstanceID, outcome: String, arguments: [String: Value]) -> StepResult {
        let result = step { completeNow(id, outcome: outcome, arguments: arguments) }
        if result.status == .rejected || result.status == .pending {
            if let depth = state.depth(of: id) {
                instances.existing(at: depth)?.rearm()
            } else {
                instances.kept(id)?.rearm()
            }
        }
        return result
    }

    private func completeNow(_ id: FlowInstanceID, outcome: String, arguments: [String: Value]) -> StepResult {
        guard currentStatus == .running, let depth = state.depth(of: id) else {
            if currentStatus == .running, isInKeptTab(id) { return .rejected(.instanceInKeptTab(id)) }
            return .stale(.instanceNotAlive(id))
        }
        let flow = state.chain[depth].flow
        var transition = Transition(context: context, state: makeEdit())
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
        return conclude(&transition, sender: nil, note: nil, replay: { $0.completeNow(id, outcome: outcome, arguments: arguments) })
    }

    // MARK: Committing

    /// Runs one step. Host closures run inside steps; one that calls back into the coordinator (an event,
    /// back, a completion, a deep link, `stop` …) would interleave two steps on one state, so that call is
    /// rejected with ``FlowRuntimeError/reentrantStep`` and changes nothing. Of the deep links that instances
    /// finished in the step held (queued, or pending on the outcome they finished with), the latest opens
    /// after the step ends, as a step of its own; the earlier ones are reported dropped as superseded.
    func step(_ body: () -> StepResult) -> StepResult {
        guard !isStepping else { return .rejected(.reentrantStep) }
        isStepping = true
        var result = body()
        isStepping = false
        // Any other applied step (a no-op back too) drops a pending confirmation.
        switch result.status {
        case .applied, .queued, .redirected: clearPendingConfirmation()
        case .rejected, .stale, .pending: break
        }
        if let latest = linksAfterStep.last {
            // Only the latest held link opens: the earlier ones would each rebuild the whole tree, ask the
            // host's checks and confirmations, and be replaced at once. They are reported superseded.
            for url in linksAfterStep.dropLast() {
                result.deferredLinks.append(DeferredLink(url: url, status: .rejected, reason: .linkDropped(
                    url: url, because: "superseded by '\(latest)', a later link released in the same step; only the latest opens")))
            }
            linksAfterStep = []
            let opened = open(latest)
            result.deferredLinks.append(DeferredLink(url: latest, status: opened.status, reason: opened.reason))
            result.deferredLinks += opened.deferredLinks
        }
        return result
    }

    /// The records of `chain` and of every tab parked under them (a parked tab's instances stay alive).
    static func withParkedTabs<Chain: Collection<InstanceRecord>>(_ chain: Chain) -> [InstanceRecord] {
        var records = Array(chain)
        var index = 0
        while index < records.count {
            if let tabs = records[index].tabs {
                for position in tabs.parked.keys.sorted() { records += tabs.parked[position]?.chain ?? [] }
            }
            index += 1
        }
        return records
    }

    /// The queued and pending links of the live instances that `chain` no longer holds and that did not
    /// finish in the step (a finished instance's links open or are dropped in ``Transition/finish(at:outcome:values:)``).
    /// - Parameter first: the chain positions before it hold the same records after the step (``EditedArray/keptCount``).
    func droppedLinks<Chain: Collection<InstanceRecord>>(
        keeping chain: Chain, finished: [FinishedFlow], because reason: String?, unchangedBelow first: Int = 0
    ) -> [DeferredLink] {
        // Only records the step changed or removed can drop a link: most steps hold none there, and a step
        // in one tab never reads the other tabs kept under an unchanged tab flow record.
        guard state.chain[first...].mayHoldLinks else { return [] }
        let current = Self.withParkedTabs(state.chain[first...])
        guard current.contains(where: \.holdsLinks) else { return [] }
        let kept = Set(Self.withParkedTabs(chain).map(\.id)).union(finished.map(\.instance))
        var dropped: [DeferredLink] = []
        for record in current where record.holdsLinks && !kept.contains(record.id) {
            let why = reason ?? "flow '\(bundle.flows[record.flow].name)' was removed before it finished"
            for url in record.queuedLinks + (record.pendingLink.map { [$0.url] } ?? []) {
                dropped.append(DeferredLink(url: url, status: .rejected, reason: .linkDropped(url: url, because: why)))
            }
        }
        return dropped
    }

    /// The root flow's arguments, as a frame `$name` resolves in.
    var rootFrame: ArgumentFrame { .bound(parameters: bundle.flows[rootFlow].parameters, values: rootValues) }

    /// An edit of the state that has changed nothing yet, appending into the storage the last commit left
    /// (taken from the coordinator, so that the edit appends into it in place).
    func makeEdit() -> StateEdit {
        var storage = EditStorage()
        swap(&storage, &editStorage)
        return StateEdit(state, appendingInto: storage)
    }

    /// An edit that removes every route and instance, keeping the token and id counters (ids are never reused).
    func emptiedState() -> StateEdit {
        var emptied = makeEdit()
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

    /// Ends a step that may have removed routes: when the removal guard finds a `confirm` route removed
    /// without the person's decision (``Transition/undecidedRemovals(from:sender:granted:)``), nothing
    /// changes and the step waits as ``pendingConfirmation`` (`replay` runs it again once confirmed);
    /// otherwise the step is committed, with `note` as its reason.
    /// - Parameters:
    ///   - sender: the route whose event runs the step; it may remove itself.
    ///   - replay: made only when the step waits (an autoclosure: forming a capturing closure allocates).
    func conclude(_ transition: inout Transition, sender: RouteToken?, note: FlowRuntimeError?,
                  replay: @autoclosure () -> Replay) -> StepResult {
        if let pending = askIfUndecided(transition, sender: sender, replay: replay()) { return pending }
        var result = commit(&transition)
        if let note { result.reason = note }
        return result
    }

    /// The pending result of a step that removes a `confirm` route without a decision (the confirmation is
    /// set), or nil when the step may go on.
    func askIfUndecided(_ transition: Transition, sender: RouteToken?, replay: @autoclosure () -> Replay) -> StepResult? {
        let path = state.path
        var (kept, undecided) = transition.undecidedRemovals(from: path, sender: sender, granted: grantedRemovals)
        if !transition.droppedTabs.isEmpty || transition.state.chain.keptCount < state.chain.count {
            let dropped = transition.droppedKeptRoutes(from: state.chain, granted: grantedRemovals)
            // Appended only when there are some: `+=` costs a call and a uniqueness check even for none.
            if !dropped.isEmpty { undecided += dropped }
        }
        for route in transition.keptRemovals where transition.removal(of: route) == .confirm && !grantedRemovals.contains(route.token) {
            undecided.append(route)
        }
        guard let first = undecided.first else { return nil }
        setPendingConfirmation(PendingConfirmation(
            prompt: bundle.flows[first.flowIndex].screens[first.screenIndex].confirmPrompt, route: first.token,
            flow: first.flow, screen: first.screen, keepCount: kept, path: path, routes: undecided), replay: replay())
        return StepResult(.pending)
    }

    /// Makes a transition's state the coordinator's, cancels the objects of the instances it removed, and
    /// hands the deep links that instances finished in the step had queued to ``step(_:)``. The transition is
    /// changed in place, its edit emptied: a copy would retain everything it holds once more, and would keep
    /// the coordinator's path and chain shared, so that applying the edit copied them.
    func commit(_ transition: inout Transition) -> StepResult {
        var dropped = transition.droppedLinks
        let removed = droppedLinks(keeping: transition.state.chain, finished: transition.finished, because: nil,
                                   unchangedBelow: transition.state.chain.keptCount)
        // Joined only when both have links: `+` builds a new array even from two empty ones.
        if !removed.isEmpty { dropped = dropped.isEmpty ? removed : dropped + removed }
        if instances.hasObjects {
            let chain = state.chain
            let keptTabs = transition.keptTabs, droppedTabs = transition.droppedTabs
            updateInstances { $0.sync(from: chain, to: transition.state.chain, keptTabs: keptTabs, droppedTabs: droppedTabs) }
        }
        let oldRoot = state.chain.first?.id
        // Observers of the path hear of a step that changed the path or the instances, not of a no-op.
        let changed = transition.state.changes(state)
        var storage = EditStorage()
        if changed {
            updateState { storage = $0.apply(&transition.state) }
        } else {
            changeState { storage = $0.apply(&transition.state) }
        }
        editStorage = storage
        // The tree is asked first: the kept and dropped tabs are built (empty) only for a tree to sync.
        if tree != nil, changed || transition.touchedKeptTabs {
            syncTree(keptTabs: transition.keptTabs, droppedTabs: transition.droppedTabs, oldRoot: oldRoot)
        }
        clearPendingConfirmation()
        if let outcome = transition.rootOutcome { setStatus(.finished(outcome: outcome)) }
        // Read, then written: `+=` would be an access spanning a call (see ``updateState(_:)``).
        if !transition.linksToOpen.isEmpty { linksAfterStep = linksAfterStep + transition.linksToOpen }
        var result = StepResult.applied
        if !transition.finished.isEmpty { result.finished = transition.finished }
        if !dropped.isEmpty { result.deferredLinks = dropped }
        return result
    }
}
