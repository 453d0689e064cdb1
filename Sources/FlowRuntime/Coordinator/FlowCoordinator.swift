import FlowModel
import Observation

/// The generic coordinator: runs one root flow of a compiled `FlowBundle` and every child flow it starts.
///
/// The path (``path``) is an array of routes a SwiftUI `NavigationStack` can bind to; the live flow
/// instances are ``FlowInstance`` objects owned root-down (``root``). Every operation is one step: it
/// either applies whole or leaves the state untouched and says why (``StepResult``). Conditions and
/// checks come from the ``FlowHost``; the coordinator stores nothing domain-specific.
///
/// Cost per step depends on the path and the flows involved, never on the number of flows in the bundle.
///
/// A host makes one coordinator for the app's lifetime, usually through the code `flowc generate swift`
/// writes, and reaches every stack of the tree through ``rootStack``:
///
/// ```swift
/// let coordinator = try ReadingFlow.coordinator(host: library)   // not started yet
/// coordinator.start()
/// let stack = coordinator.rootStack!                            // the root stack's object
/// if case .library(let library) = try stack.typedRoutes(ReadingFlow.Route.self)[0] {
///     library.send(.selectBook(bookID: 7))                      // one step: pushes details(bookID: 7)
/// }
/// coordinator.reconcile(stack: stack.id, to: [stack.routes[0]]) // the person popped back to the library
/// coordinator.open(ReadingFlow.Link.books(bookID: 9))           // a deep link: library › details(9)
/// ```
@MainActor
public final class FlowCoordinator: Observable {
    /// The compiled flows.
    public let bundle: FlowBundle
    /// The index of the root flow in the bundle.
    public let rootFlow: Int
    /// The root flow's arguments, typed and checked at init.
    public let rootArguments: [String: Value]
    /// The host that answers conditions and checks.
    public var host: FlowHost {
        didSet { context = StepContext(bundle: bundle, host: host) }
    }
    /// The bundle and the host, as every step reads them.
    private(set) var context: StepContext

    // Observation: written by hand (not the `@Observable` macro), so that the coordinator's own reads cost
    // nothing and observers hear of what changed. Public reads of the navigation state register access to
    // `path` (``access(_:)``); a commit that changes it announces `path` (``withMutation(_:_:)``), once the
    // property was read: an observer subscribes only by reading. The tree's objects (``rootStack``) are
    // observed each on its own, written only where changed.
    //
    // The one write path: every stored property below is written in this file only, and the navigation
    // state only by ``commit(_:droppingLinksBecause:)`` (a step's edit, applied whole), so no change of
    // the state can bypass the removal guard, the dropped-link report or the tree's sync.

    // Speed: no access overlaps another; checked at run time it cost 435 instructions per operation (PERFORMANCE.md).
    /// The navigation state, as a value; only ``commit(_:droppingLinksBecause:)`` writes it.
    @exclusivity(unchecked) private(set) var state = RuntimeState()
    /// Storage of ``status``; write it with ``setStatus(_:)``.
    private(set) var currentStatus: CoordinatorStatus = .idle
    /// The person's decision about removing `confirm` routes: asked, granted while the waiting step runs
    /// again, or nothing to decide (``pendingConfirmation``, ``confirmRemoval()``).
    private(set) var confirmation = ConfirmationState.none
    /// The root flow's arguments, aligned with its parameters.
    let rootValues: [Value]
    // Speed: unchecked as `state` is, for the same reason (PERFORMANCE.md, "Shapes kept for speed").
    /// The flow instance objects created so far, a prefix of `state.chain` (the root first).
    @exclusivity(unchecked) private(set) var instances = InstanceObjects()
    /// Whether a step is running (see ``step(_:)``).
    private var isStepping = false
    /// Whether the running step is the one that waited for the confirmation, run again once confirmed.
    private var confirmedWaitingStep = false
    /// Deep links queued by instances that finished in the running step, opened once it ends.
    private var linksAfterStep: [String] = []
    /// The tabs kept before the running step by the state whose commit released ``linksAfterStep``: a tab
    /// the step showed again (a tab-bar item's layer over it finished) and the held link then removes was
    /// kept when the step began, so the step reports it dropped (guarantee 7).
    private var keptBeforeLinks: [DroppedTab] = []
    // Speed: unchecked as `state` is, for the same reason (PERFORMANCE.md, "Shapes kept for speed").
    /// The storage the last commit's edit appended into, emptied, for the next step's edit (``makeEdit()``).
    @exclusivity(unchecked) private var editStorage = EditStorage()
    /// The observable objects of the tree (``rootStack``), created when a host first asks for one.
    private var tree: TreeObjects?
    /// The URLs opened (or held by a restored snapshot) so far, read and matched against the root flow's links (at most
    /// ``MatchedLinks/capacity``): not navigation state, never copied, snapshotted or restored.
    var matchedLinks = MatchedLinks()

    /// The registrar the observers of ``path``, ``status``, ``pendingConfirmation`` and ``rootStack`` subscribe with.
    private let registrar = ObservationRegistrar()
    /// The observed properties read so far (``access(_:)``): only their changes are announced to the registrar.
    private var readProperties: ObservedProperties = []

    /// Whether reads register observation: on for every host. A tool whose coordinator nothing can observe
    /// (FlowExplorer's, private to it) turns it off, so that its own reads of ``path``, ``status``… do not make
    /// every later step announce its changes to a registrar no one subscribed with. A property read while
    /// it was on stays announced. Not navigation state.
    package var readsRegisterObservation = true

    /// Whether each step that opens a deep link now records what the link equals of what its tab shows or
    /// keeps (``StepResult/linkShownAgain``), for a tool that judges guarantee 9 on every step (FlowExplorer);
    /// off for hosts, whose links then pay nothing for it. Not navigation state.
    package var recordsLinksShownAgain = false

    /// Creates a coordinator for the flow named `flow` of `bundle`, not yet started.
    /// - Throws: ``FlowRuntimeError/unknownFlow(_:)`` when the bundle has no such flow, or an argument error
    ///   when `arguments` do not match the flow's parameters.
    public init(bundle: FlowBundle, flow: String, arguments: [String: Value] = [:], host: FlowHost = FlowHost())
        throws(FlowRuntimeError)
    {
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

    /// Registers a read of `property` with the registrar (an observer tracking reads subscribes there) and
    /// marks it read, so that its changes are announced from now on.
    func access<Member>(_ property: ObservedProperty<Member>) {
        guard readsRegisterObservation else { return }
        readProperties.insert(property.flag)
        registrar.access(self, keyPath: property.keyPath)
    }

    /// Runs `change`, a change of `property`, announced to the registrar when the property was read
    /// (``access(_:)``). An observer subscribes only by reading, so a property never read has none, and its
    /// changes skip the registrar (whose work is fixed per announcement: about 670 instructions with no
    /// observer; PERFORMANCE.md, "Round 15, rtstep: the runtime step").
    func withMutation<Member, Result>(_ property: ObservedProperty<Member>, _ change: () throws -> Result) rethrows
        -> Result
    {
        guard readProperties.contains(property.flag) else { return try change() }
        return try registrar.withMutation(of: self, keyPath: property.keyPath, change)
    }

    /// Where the coordinator is in its life.
    public var status: CoordinatorStatus {
        access(ObservedKeyPaths.status)
        return currentStatus
    }

    /// The removal waiting for ``confirmRemoval()`` or ``keepEditing()``, if any.
    public var pendingConfirmation: PendingConfirmation? {
        access(ObservedKeyPaths.pendingConfirmation)
        return confirmation.asked
    }

    /// The routes, bottom (the root flow's first screen) to top.
    public var path: [Route] {
        access(ObservedKeyPaths.path)
        return state.path
    }

    /// The root flow's name.
    public var flowName: String { bundle.flows[rootFlow].name }

    /// The root flow instance; it owns every live child instance.
    public var root: FlowInstance? { state.chain.isEmpty ? nil : instanceObject(at: 0) }

    /// The live instance with this id, if any.
    public func instance(_ id: FlowInstanceID) -> FlowInstance? {
        access(ObservedKeyPaths.path)
        guard let depth = state.depth(of: id) else { return nil }
        return instanceObject(at: depth)
    }

    /// The object of the live instance `id` in a kept tab, if the host reached it before the tab was set aside.
    package func keptInstanceObject(_ id: FlowInstanceID) -> FlowInstance? { instances.kept(id) }

    /// The object of the live instance at chain position `depth`, created when the host first asks.
    private func instanceObject(at depth: Int) -> FlowInstance {
        instances.object(at: depth, of: state.chain, bundle: bundle, coordinator: self)
    }

    /// Creates the object of the live child of `parent`, if it has one (``FlowInstance/children``).
    func createChildObject(of parent: FlowInstance) {
        guard let depth = state.depth(of: parent.id), depth + 1 < state.chain.count else { return }
        _ = instanceObject(at: depth + 1)
    }

    /// Brings the tree's objects in step with the state just changed, when a host asked for them; observers
    /// of ``rootStack`` hear of it when the root instance changed.
    private func syncTree(
        keptTabs: [FlowInstanceID: [FlowInstanceID]], droppedTabs: [FlowInstanceID], oldRoot: FlowInstanceID?
    ) {
        guard let tree else { return }
        if state.chain.first?.id != oldRoot {
            withMutation(ObservedKeyPaths.rootStack) {
                tree.sync(state, keptTabs: keptTabs, droppedTabs: droppedTabs)
            }
        } else {
            tree.sync(state, keptTabs: keptTabs, droppedTabs: droppedTabs)
        }
    }

    /// The tree's objects, created from the state on first use.
    func treeObjects() -> TreeObjects {
        if let tree { return tree }
        let created = TreeObjects(state: state, bundle: bundle, coordinator: self)
        tree = created
        return created
    }

    /// Sets ``status``, notifying its observers when it changes.
    func setStatus(_ new: CoordinatorStatus) {
        guard new != currentStatus else { return }
        withMutation(ObservedKeyPaths.status) { currentStatus = new }
    }

    /// A step to run again once its pending confirmation is confirmed.
    typealias Replay = @MainActor (FlowCoordinator) -> StepResult

    /// Sets ``pendingConfirmation`` and the step that runs once it is confirmed, notifying observers.
    func setPendingConfirmation(_ new: PendingConfirmation, replay: @escaping Replay, link: String? = nil) {
        withMutation(ObservedKeyPaths.pendingConfirmation) {
            confirmation = .asking(new, replay: replay, link: link)
        }
    }

    /// Clears ``pendingConfirmation``, notifying its observers when there was one. Most steps clear an
    /// already clear confirmation and notify no one. A granted decision stays while
    /// its step runs again.
    func clearPendingConfirmation() {
        guard case .asking = confirmation else { return }
        withMutation(ObservedKeyPaths.pendingConfirmation) { confirmation = .none }
    }

    /// Runs `replay`, the step that waited, with the `confirm` routes of `routes` granted; a question the
    /// step asks again stays asked.
    func runGranted(_ routes: [Route], _ replay: Replay) -> StepResult {
        confirmedWaitingStep = true
        confirmation = .granted(GrantedRemovals(routes))
        defer { if case .granted = confirmation { confirmation = .none } }
        return replay(self)
    }

    /// The `confirm` routes the person decided to remove, while ``confirmRemoval()`` runs the waiting step.
    var grantedRemovals: GrantedRemovals {
        if case .granted(let granted) = confirmation { return granted }
        return GrantedRemovals()
    }

    // MARK: Copying the state

    /// The navigation state, status and pending confirmation as one value, for a tool that explores
    /// states (FlowExplorer): ``restoreState(_:)`` puts it back. Cheap: nothing is copied until a step
    /// changes the state.
    package func copyState() -> CoordinatorStateCopy {
        CoordinatorStateCopy(state: state, status: currentStatus, confirmation: confirmation)
    }

    /// Puts back a state ``copyState()`` took from this coordinator, as it was. Not a step: nothing is
    /// checked, no link is reported dropped and no removal is guarded, because the state is one that
    /// steps of this coordinator built. Handles a host holds are cancelled (their ``FlowInstance/finish(_:arguments:)``
    /// is stale; ``instance(_:)`` hands out new ones) and observers of the path are notified, and those of
    /// the status and the confirmation when it changes (no question asked before or after: the confirmation
    /// did not change). Outside a step only; a copy from another coordinator is ignored.
    /// - Returns: whether the state was put back.
    @discardableResult
    package func restoreState(_ copy: CoordinatorStateCopy) -> Bool {
        guard !isStepping, copy.state.owner == state.owner else { return false }
        instances.cancelAll()
        let oldRoot = state.chain.first?.id
        withMutation(ObservedKeyPaths.path) { state = copy.state }
        if tree != nil { syncTree(keptTabs: [:], droppedTabs: [], oldRoot: oldRoot) }
        setStatus(copy.status)
        // Speed: PERFORMANCE.md, "Round 14, the runtime step".
        if case .none = confirmation, case .none = copy.confirmation { return true }
        withMutation(ObservedKeyPaths.pendingConfirmation) { confirmation = copy.confirmation }
        return true
    }

    // MARK: The one write path

    /// Runs one step. Host closures run inside steps; one that calls back into the coordinator (an event,
    /// back, a completion, a deep link, `stop` …) would interleave two steps on one state, so that call is
    /// rejected with ``FlowRuntimeError/reentrantStep`` and changes nothing. Of the deep links that instances
    /// finished in the step held (queued, or pending on the outcome they finished with), the latest opens
    /// after the step ends, as a step of its own; the earlier ones are reported dropped as superseded.
    func step(_ body: () -> StepResult) -> StepResult {
        guard !isStepping else { return .rejected(.reentrantStep) }
        isStepping = true
        let waitingLink = confirmation.link
        var result = body()
        isStepping = false
        // Any other applied step (a no-op back too) drops a pending confirmation.
        switch result.status {
        case .applied, .queued, .redirected: clearPendingConfirmation()
        case .rejected, .stale, .pending: break
        }
        // A deep link whose step waited for the confirmation is reported when another step drops or
        // replaces that question (confirming runs it; keep reports it itself).
        if let waitingLink, confirmation.link != waitingLink, !confirmedWaitingStep,
            !result.deferredLinks.contains(where: { $0.url == waitingLink })
        {
            let because = "the confirmation it waited for was dropped by another step"
            result.deferredLinks.append(
                DeferredLink(
                    url: waitingLink, status: .rejected, reason: .linkDropped(url: waitingLink, because: because)))
        }
        confirmedWaitingStep = false
        if let latest = linksAfterStep.last {
            // Only the latest held link opens: the earlier ones would each rebuild the whole tree, ask the
            // host's checks and confirmations, and be replaced at once. They are reported superseded.
            for url in linksAfterStep.dropLast() {
                result.deferredLinks.append(
                    DeferredLink(
                        url: url, status: .rejected,
                        reason: .linkDropped(
                            url: url,
                            because:
                                "superseded by '\(latest)', a later link released in the same step; only the latest opens"
                        )))
            }
            linksAfterStep = []
            let opened = openHeldLink(latest)
            result.deferredLinks.append(DeferredLink(url: latest, status: opened.status, reason: opened.reason))
            result.deferredLinks += opened.deferredLinks
            // The kept tabs and the instances the link removes are this step's too (guarantees 7 and 8),
            // and so is a tab kept when the step began that the step showed again and the link removed.
            if !opened.droppedTabs.isEmpty { result.droppedTabs += opened.droppedTabs }
            let removedIDs = Set(opened.removed.map(\.instance))
            let reported = Set(result.droppedTabs.map(\.instance))
            for tab in keptBeforeLinks where removedIDs.contains(tab.instance) && !reported.contains(tab.instance) {
                result.droppedTabs.append(tab)
            }
            keptBeforeLinks = []
            if !opened.removed.isEmpty { result.removed += opened.removed }
        }
        return result
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
    ///   - replay: made only when the step waits.
    ///   - link: the deep link the step opens, if it is one: declining the confirmation reports it dropped.
    func conclude(
        _ transition: inout Transition, sender: RouteToken?, note: FlowRuntimeError?,
        replay: @autoclosure () -> Replay, link: String? = nil
    ) -> StepResult {
        // Speed: PERFORMANCE.md, "Round 16, rtcommit": the kept tabs the step drops are found once, for the
        // removal guard and the commit.
        let droppedKept = transition.removesAnything(from: state) ? transition.droppedKeptTabs(from: state.chain) : []
        if let pending = askIfUndecided(
            transition, sender: sender, replay: replay(), link: link, droppedKept: droppedKept)
        {
            return pending
        }
        var result = commit(&transition, droppedKept: droppedKept)
        if let note { result.reason = note }
        return result
    }

    /// The pending result of a step that removes a `confirm` route without a decision (the confirmation is
    /// set), or nil when the step may go on.
    /// - Parameter droppedKept: the transition's ``Transition/droppedKeptTabs(from:)`` of the state's chain when
    ///   the caller has it; nil: found here.
    func askIfUndecided(
        _ transition: Transition, sender: RouteToken?, replay: @autoclosure () -> Replay, link: String? = nil,
        droppedKept: [DroppedKeptTab]? = nil
    ) -> StepResult? {
        // A step that removed no route, instance or kept tab has nothing to ask about (most events).
        guard transition.removesAnything(from: state) else { return nil }
        let path = state.path
        var (kept, undecided) = transition.undecidedRemovals(from: path, sender: sender, granted: grantedRemovals)
        if !transition.droppedTabs.isEmpty || transition.state.chain.keptCount < state.chain.count {
            let dropped = transition.droppedKeptRoutes(
                droppedKept ?? transition.droppedKeptTabs(from: state.chain), granted: grantedRemovals)
            // Speed: PERFORMANCE.md, "Shapes kept for speed".
            if !dropped.isEmpty { undecided += dropped }
        }
        for route in transition.keptRemovals
        where transition.removal(of: route) == .confirm && !grantedRemovals.contains(route.token) {
            undecided.append(route)
        }
        // A route the step's state still shows, with its token, is not removed: a link, a `select` with
        // `routes:` or a restore that shares it rebuilt the path around it (docs/RUNNING.md, "Deep links into
        // shown tabs", "Snapshots").
        if !undecided.isEmpty {
            let stillShown = Set(transition.state.path.dropFirst(kept).map(\.token))
            undecided.removeAll { stillShown.contains($0.token) }
        }
        guard let first = undecided.first else { return nil }
        // A step run again after a confirmation that asks once more (a `when` condition turned since it
        // asked) keeps what the person already decided: confirming the new question decides those routes
        // too, so the questions never go round (docs/RUNNING.md, "Interactive back").
        let granted = grantedRemovals.granted
        setPendingConfirmation(
            PendingConfirmation(
                prompt: bundle.flows[first.flowIndex].screens[first.screenIndex].confirmPrompt, route: first.token,
                flow: first.flow, screen: first.screen, keepCount: kept, path: path,
                routes: granted.isEmpty ? undecided : undecided + granted),
            replay: replay(), link: link)
        return StepResult(.pending)
    }

    /// Makes a transition's state the coordinator's, cancels the objects of the instances it removed, and
    /// hands the deep links that instances finished in the step had queued to ``step(_:)``. The transition is
    /// changed in place, its edit emptied.
    /// - Parameters:
    ///   - reason: why the links of the instances the step removed are dropped; nil: each removed instance's
    ///     flow "was removed before it finished".
    ///   - droppedKept: the transition's ``Transition/droppedKeptTabs(from:)`` of the state's chain when the
    ///     caller has it; nil: found here.
    func commit(
        _ transition: inout Transition, droppingLinksBecause reason: String? = nil,
        droppedKept: [DroppedKeptTab]? = nil
    ) -> StepResult {
        var dropped = transition.droppedLinks
        var droppedTabs: [DroppedTab] = []
        var removedFlows: [RemovedFlow] = []
        // A step that removed nothing dropped no instance's links, no kept tab and no instance.
        if transition.removesAnything(from: state) {
            // A restore judges the links it drops by URL, not by holder (docs/RUNNING.md, "Snapshots").
            let removed =
                transition.cause == .restore
                ? linksARestoreDrops(to: transition.state.chain, because: reason)
                : droppedLinks(
                    keeping: transition.state.chain, finished: transition.finished, because: reason,
                    unchangedBelow: transition.state.chain.keptCount)
            // Joined only when both have links: `+` builds a new array even from two empty ones.
            if !removed.isEmpty { dropped = dropped.isEmpty ? removed : dropped + removed }
            let droppedKept = droppedKept ?? transition.droppedKeptTabs(from: state.chain)
            droppedTabs = transition.droppedTabReports(droppedKept)
            removedFlows = transition.removedInstances(from: state, droppedKept: droppedKept)
        }
        if instances.hasObjects {
            instances.sync(
                from: state.chain, to: transition.state.chain, keptTabs: transition.keptTabs,
                droppedTabs: transition.droppedTabs)
        }
        let oldRoot = state.chain.first?.id
        // Only a step that releases held links needs its kept tabs, for the link that opens after it.
        let keptBefore = transition.linksToOpen.isEmpty ? [] : transition.keptTabReports(of: state.chain)
        // Observers of the path hear of a step that changed the path or the instances, not of a no-op.
        let changed = transition.state.changes(state)
        if changed {
            withMutation(ObservedKeyPaths.path) { editStorage = state.apply(&transition.state) }
        } else {
            editStorage = state.apply(&transition.state)
        }
        // The tree is asked first: the kept and dropped tabs are built (empty) only for a tree to sync.
        if tree != nil, changed || transition.touchedKeptTabs {
            syncTree(keptTabs: transition.keptTabs, droppedTabs: transition.droppedTabs, oldRoot: oldRoot)
        }
        clearPendingConfirmation()
        if let outcome = transition.rootOutcome {
            setStatus(.finished(outcome: outcome))
            // The coordinator ends as the root's outcome says: the links held by the instances that finished
            // in the step are reported, not opened (opening one would start the app again).
            for url in transition.linksToOpen {
                let because =
                    "the root flow '\(flowName)' finished with '\(outcome)'; a finished coordinator opens no link"
                dropped.append(
                    DeferredLink(url: url, status: .rejected, reason: .linkDropped(url: url, because: because)))
            }
        } else if !transition.linksToOpen.isEmpty {
            // Speed: PERFORMANCE.md, "Shapes kept for speed".
            linksAfterStep = linksAfterStep + transition.linksToOpen
            keptBeforeLinks += keptBefore
        }
        return StepResult(
            appliedFinishing: transition.finished, deferredLinks: dropped, droppedTabs: droppedTabs,
            removed: removedFlows)
    }
}
