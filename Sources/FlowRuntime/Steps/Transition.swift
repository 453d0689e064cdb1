import FlowModel

// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// One step of the coordinator, run on an edit of the state (``StateEdit``): it either completes and is
/// committed whole, or throws and is dropped, leaving the coordinator's state untouched.
///
/// Flows are reached by index (`bundle.flows[flow].screens[screen]…`): a step reads only the parts of
/// a graph it uses.
@MainActor
struct Transition {
    /// The bundle and the host, shared by every step of the coordinator.
    let context: StepContext
    var state: StateEdit
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// What the step did besides editing the state (``StepEffects``); nil while it did nothing else, as
    /// most steps.
    private var effects: StepEffects?
    /// Why the instances this step removes without finishing them go, unless a `replaceRoot` or an
    /// ancestor's `finish` took them (``removalCauses``): what the step is (back, dismissal, link, …).
    var cause: RemovedFlow.Cause

    init(context: StepContext, state: StateEdit, cause: RemovedFlow.Cause = .back) {
        self.context = context
        self.state = state
        self.cause = cause
    }

    var bundle: FlowBundle { context.bundle }
    var host: FlowHost { context.host }
    /// The host's argument checks, from the context.
    var binding: ArgumentBinding { context.binding }

    /// Set when the root flow instance finished, with its outcome.
    var rootOutcome: String? {
        get { effects?.rootOutcome }
        _modify { yield &changingEffects.rootOutcome }
    }
    /// Deep links queued by instances that finished in this step, to open after the commit.
    var linksToOpen: [String] {
        get { effects?.linksToOpen ?? [] }
        _modify { yield &changingEffects.linksToOpen }
    }
    /// The instances that finished in this step, in order, with their outcomes and outcome arguments. Their
    /// routes leave with their outcome, the flow's own decision, so the removal guard lets them go.
    var finished: [FinishedFlow] {
        get { effects?.finished ?? [] }
        _modify { yield &changingEffects.finished }
    }
    /// The instances of ``finished`` that a confirmed removal finished (its `confirm` screen's declared
    /// outcome went to its parent's handler), not their own `finish`: the removal guard still asks about
    /// their routes.
    var finishedOnRemoval: [FlowInstanceID] {
        get { effects?.finishedOnRemoval ?? [] }
        _modify { yield &changingEffects.finishedOnRemoval }
    }
    /// The tabs this step set aside (or changed while aside): each kept chain's instance ids, by the id of
    /// the tab's instance. The coordinator keeps their instance objects alive (``InstanceObjects``).
    var keptTabs: [FlowInstanceID: [FlowInstanceID]] {
        get { effects?.keptTabs ?? [:] }
        _modify { yield &changingEffects.keptTabs }
    }
    /// The kept tabs this step dropped while their tab flow stays (`replaceRoot` in a tab flow), by the id
    /// of the tab's instance: their instance objects are cancelled.
    var droppedTabs: [FlowInstanceID] {
        get { effects?.droppedTabs ?? [] }
        _modify { yield &changingEffects.droppedTabs }
    }
    /// Queued or pending links the step dropped, with why.
    var droppedLinks: [DeferredLink] {
        get { effects?.droppedLinks ?? [] }
        _modify { yield &changingEffects.droppedLinks }
    }
    /// Routes of kept (unselected) tabs that this step removes while their tab flow stays (back on a kept
    /// tab): the removal guard asks about their `confirm` routes as about routes on the path.
    var keptRemovals: [Route] {
        get { effects?.keptRemovals ?? [] }
        _modify { yield &changingEffects.keptRemovals }
    }
    /// Why particular instances went, where it is not ``cause``: those a `replaceRoot` or an ancestor's
    /// `finish` removed, and the first instances of the kept tabs they took, by instance id.
    var removalCauses: [FlowInstanceID: RemovedFlow.Cause] {
        get { effects?.removalCauses ?? [:] }
        _modify { yield &changingEffects.removalCauses }
    }
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// Why instance `id` goes if this step removes it without finishing it: its ``removalCauses`` entry, else
    /// ``cause``.
    func removalCause(of id: FlowInstanceID) -> RemovedFlow.Cause { effects?.removalCauses[id] ?? cause }
    /// The instances back on a kept tab removed inside it (``removeInKeptTab(_:ofTabSetAt:keeping:)``).
    var removedInKeptTabs: [RemovedFlow] {
        get { effects?.removedInKeptTabs ?? [] }
        _modify { yield &changingEffects.removedInKeptTabs }
    }
    /// The kept tabs inside kept tabs that a restore drops while it keeps the tab around them
    /// (``keepIdentities(putBackFrom:)``); ``droppedKeptTabs(from:)`` lists them after the others.
    var droppedInKeptTabs: [DroppedKeptTab] {
        get { effects?.droppedInKeptTabs ?? [] }
        _modify { yield &changingEffects.droppedInKeptTabs }
    }
    /// Whether the step set a tab aside, changed a kept one or dropped one.
    var touchedKeptTabs: Bool { effects.map { !$0.keptTabs.isEmpty || !$0.droppedTabs.isEmpty } ?? false }

    // Speed: PERFORMANCE.md, "Round 16, rtcommit": the effects are changed in place (taken out, so that no
    // other reference keeps their arrays from being appended to in place, and put back), not copied out
    // and set again.
    /// The effects, for a change: made (empty) when the step had none.
    private var changingEffects: StepEffects {
        get { effects ?? StepEffects() }
        _modify {
            var changed = effects.take() ?? StepEffects()
            defer { effects = changed }
            yield &changed
        }
    }

    /// The bundle index of the flow of the instance at chain position `depth`.
    func flowIndex(at depth: Int) -> Int { state.chain.flow(at: depth) }

    /// The arguments of the instance at chain position `depth`, as a frame `$name` resolves in.
    func instanceFrame(at depth: Int) -> ArgumentFrame {
        .bound(parameters: bundle.flows[state.chain.flow(at: depth)].parameters, values: state.chain.values(at: depth))
    }

    /// Runs `action` for the instance at chain position `depth`, on top of the path (an event from a route
    /// below the top has had the routes above it removed first; see ``FlowCoordinator``).
    /// - Parameter scope: where `$name` arguments resolve, first match wins.
    mutating func run(_ action: ActionNode, at depth: Int, scope: ArgumentScope) throws(FlowRuntimeError) {
        let flow = flowIndex(at: depth)
        switch action {
        case .push(let screen, let arguments):
            let values = try bind(arguments, for: .screen(screen), in: flow, scope: scope)
            appendRoute(screen: screen, values: values, at: depth)
        case .startChild(let child, let arguments):
            let values = try bind(arguments, for: .child(child), in: flow, scope: scope)
            try startChild(child, values: values, at: depth, restoringDraft: true)
        case .pop(let count):
            let range = state.routeRange(ofDepth: depth)
            guard count >= 1, count < range.count else {
                throw .popRemovesFirstRoute(flow: bundle.flows[flow].name, count: count, routes: range.count)
            }
            state.cut(at: range.upperBound - count)
        case .popTo(let screen):
            let range = state.routeRange(ofDepth: depth)
            guard let index = range.last(where: { state.path[$0].screenIndex == screen }) else {
                throw .noRouteOfScreen(flow: bundle.flows[flow].name, screen: bundle.flows[flow].screens[screen].name)
            }
            state.cut(at: index + 1)
        case .replaceRoot(let target, let arguments):
            let values = try bind(arguments, for: target, in: flow, scope: scope)
            noteRemoval(above: depth, including: depth, as: .replaceRoot)
            state.removeRoutes(from: state.routeRange(ofDepth: depth).lowerBound)
            state.removeInstances(from: depth + 1)
            if state.chain.hasDrafts(at: depth) { state.chain[depth].drafts = [:] }
            // A tab flow's children include its tabs: the kept ones go too.
            if let tabs = state.chain[depth].tabs {
                for parked in tabs.parked.values { droppedTabs.append(parked.chain[0].id) }
                state.chain[depth].tabs = nil
            }
            try show(target, values: values, at: depth)
        case .finish(let outcome, let arguments):
            let parameters = outcomeParameters(of: flow, outcome: outcome)
            var values: [Value] = []
            if arguments != nil || !parameters.isEmpty {
                let bundle = self.bundle
                values = try binding.bind(
                    arguments ?? [], scope: scope, to: parameters,
                    receiver: Self.outcomeReceiver(bundle, flow: flow, outcome: outcome))
            }
            try finish(at: depth, outcome: outcome, values: values)
        case .conditional(let condition, let then, let otherwise):
            let chosen = host.condition(bundle.flows[flow].conditions[condition]) ? then : otherwise
            try run(chosen, at: depth, scope: scope)
        case .show(let target, let arguments):
            try show(target, values: try bind(arguments, for: target, in: flow, scope: scope), at: depth)
        case .stay:
            break
        case .select(let tab):
            try select(tab, from: depth)
        case .selectShowing(let routes):
            try select(showing: routes, at: depth, scope: scope)
        }
    }

    /// The instance at `depth` finishes with `outcome` and `values` (bound to the outcome's parameters): its
    /// routes and its descendants' go, then its parent's handler runs (on top; `$name` resolves in the outcome's
    /// values, the parent's top route's arguments, then the parent's). The root flow records its outcome.
    mutating func finish(at depth: Int, outcome: Int, values: [Value] = []) throws(FlowRuntimeError) {
        let record = state.chain[depth]
        noteRemoval(above: depth, including: depth, as: .finish)
        state.removeRoutes(from: state.routeRange(ofDepth: depth).lowerBound)
        state.removeInstances(from: depth)
        let frame = noteFinish(of: record, outcome: outcome, values: values)
        guard depth > 0, let declaration = record.declaration else {
            rootOutcome = bundle.flows[record.flow].outcomes[outcome]
            return
        }
        try runHandler(declaration, outcome: outcome, at: depth - 1, outcomeValues: frame)
        try showSelectedTab(ofDepth: depth - 1)
    }

    /// Records that instance `record` finished with `outcome` and `values` in this step, as every way an
    /// instance finishes does (its `finish`, or a confirmed removal that delivers its screen's declared outcome
    /// to its parent's handler; docs/RUNNING.md, "Finishing"): it is listed in ``finished``, the link pending on
    /// its outcome and the links it queued open after the step, a link pending on another outcome is dropped.
    /// - Returns: the outcome's values as a frame the parent's handler resolves `$name` in first; nil for an
    ///   outcome without parameters.
    mutating func noteFinish(of record: InstanceRecord, outcome: Int, values: [Value]) -> ArgumentFrame? {
        // In the order they arrived: the pending link came with the instance, queued links while it was shown.
        if let pending = record.pendingLink {
            if pending.outcome == outcome {
                linksToOpen.append(pending.url)
            } else {
                droppedLinks.append(
                    DeferredLink(
                        url: pending.url, status: .rejected,
                        reason: .linkDropped(
                            url: pending.url,
                            because:
                                "flow '\(bundle.flows[record.flow].name)' finished with '\(bundle.flows[record.flow].outcomes[outcome])', not '\(pending.outcomeName)'"
                        )))
            }
        }
        if !record.queuedLinks.isEmpty { linksToOpen += record.queuedLinks }
        let outcomeParameters = outcomeParameters(of: record.flow, outcome: outcome)
        finished.append(
            FinishedFlow(
                instance: record.id, flow: bundle.flows[record.flow].name,
                outcome: bundle.flows[record.flow].outcomes[outcome],
                arguments: outcomeParameters.named(values)))
        return outcomeParameters.isEmpty ? nil : .bound(parameters: outcomeParameters, values: values)
    }

    /// Runs the handler of the instance at `depth` for `outcome` of its child `declaration`, on top: `$name`
    /// resolves in the outcome's values, then the instance's top route's arguments (when that route is its
    /// own), then the instance's.
    mutating func runHandler(_ declaration: Int, outcome: Int, at depth: Int, outcomeValues: ArgumentFrame? = nil)
        throws(FlowRuntimeError)
    {
        let handler = bundle.flows[flowIndex(at: depth)].children[declaration].handlers[outcome]
        // The most common handler reads no argument: its scope is not built.
        if case .stay = handler { return }
        var top: ArgumentFrame?
        if let last = state.path.last, last.depth == depth {
            top = .bound(parameters: last.parameters, values: last.values)
        }
        let scope =
            outcomeValues.map { ArgumentScope($0, top, instanceFrame(at: depth)) }
            ?? ArgumentScope(top, instanceFrame(at: depth))
        try run(handler, at: depth, scope: scope)
    }

    /// Shows a screen as a route of the instance at `depth`, or starts a child of it.
    mutating func show(_ target: TargetNode, values: [Value], at depth: Int) throws(FlowRuntimeError) {
        switch target {
        case .screen(let screen):
            appendRoute(screen: screen, values: values, at: depth)
        case .child(let child):
            // A tab flow shows a tab by selecting it (the tab starts with its declared arguments).
            if !bundle.flows[flowIndex(at: depth)].tabs.isEmpty,
                let tab = bundle.flows[flowIndex(at: depth)].tabs.index(ofChild: child)
            {
                try selectTab(tab, at: depth)
            } else {
                try startChild(child, values: values, at: depth, restoringDraft: false)
            }
        }
    }

    /// Creates a child instance of the instance at `depth` (at `depth + 1`) and runs the child flow's start,
    /// or restores the child's preserved draft when its arguments are the same.
    mutating func startChild(_ child: Int, values: [Value], at depth: Int, restoringDraft: Bool)
        throws(FlowRuntimeError)
    {
        let declaration = bundle.flows[flowIndex(at: depth)].children[child]
        guard depth < ChildNesting.limit else {
            throw .childNestingTooDeep(
                flow: bundle.flows[flowIndex(at: depth)].name, child: declaration.name,
                limit: ChildNesting.limit)
        }
        let record = try childRecord(child, values: values, at: depth)
        let childFlow = record.flow
        let draft = state.chain.hasDrafts(at: depth) ? state.chain[depth].drafts.removeValue(forKey: child) : nil
        state.chain.append(record)
        if restoringDraft, let draft, draft.values == values, !draft.routes.isEmpty {
            for route in draft.routes { appendRoute(screen: route.screen, values: route.values, at: depth + 1) }
            return
        }
        try run(
            bundle.flows[childFlow].start, at: depth + 1,
            scope: ArgumentScope(.bound(parameters: bundle.flows[childFlow].parameters, values: values)))
    }

    /// A new instance of child declaration `child` of the instance at `depth`, to go at `depth + 1`: with a
    /// fresh id, its presentation and the stack its routes go on (a presented child and a tab begin their
    /// own). A flow with tabs is refused on a stack that already has routes.
    mutating func childRecord(_ child: Int, values: [Value], at depth: Int) throws(FlowRuntimeError) -> InstanceRecord {
        let parentFlow = flowIndex(at: depth)
        let declaration = bundle.flows[parentFlow].children[child]
        let beginsStack =
            declaration.presentation.isPresented
            || (!bundle.flows[parentFlow].tabs.isEmpty && bundle.flows[parentFlow].tabs.index(ofChild: child) != nil)
        let stackDepth = beginsStack ? depth + 1 : state.chain.stackDepth(at: depth)
        if !bundle.flows[declaration.flow].tabs.isEmpty, let top = state.path.last, top.depth >= stackDepth {
            throw .tabsNotAtStackBottom(flow: bundle.flows[declaration.flow].name)
        }
        var record = InstanceRecord(
            id: state.makeInstanceID(), flow: declaration.flow, declaration: child, values: values)
        record.presentation = declaration.presentation
        record.stackDepth = stackDepth
        return record
    }

    mutating func appendRoute(screen: Int, values: [Value], at depth: Int) {
        // The screen's shared identity.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        let identity = context.screen(screen, of: state.chain.flow(at: depth))
        let token = state.makeToken()
        state.path.append(
            Route(
                token: token, instance: state.chain.id(at: depth), screen: identity, values: values,
                depth: depth))
    }

    /// Binds `arguments` to the parameters of a target of the flow `flow`: a screen's, or a child flow's.
    func bind(_ arguments: [ArgumentNode], for target: TargetNode, in flow: Int, scope: ArgumentScope)
        throws(FlowRuntimeError) -> [Value]
    {
        // The receiver's name, for error messages only.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        let bundle = self.bundle
        switch target {
        case .screen(let screen):
            return try binding.bind(
                arguments, scope: scope, to: bundle.flows[flow].screens[screen].parameters,
                receiver: Self.receiver(bundle, flow: flow, screen: screen))
        case .child(let child):
            let childFlow = bundle.flows[flow].children[child].flow
            return try binding.bind(
                arguments, scope: scope, to: bundle.flows[childFlow].parameters,
                receiver: "flow '\(bundle.flows[childFlow].name)'")
        }
    }

    /// Refuses a state where a live instance has no route on the path (the deepest instance must own the top route).
    func checkShape() throws(FlowRuntimeError) {
        let deepest = state.chain.count - 1
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        guard deepest >= 0, state.path.lastDepth != deepest else { return }
        throw .instanceWithoutRoute(flow: bundle.flows[state.chain[deepest].flow].name)
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// The parameters of outcome `outcome` of flow `flow` (``FlowGraph/parameters(ofOutcome:)``).
    func outcomeParameters(of flow: Int, outcome: Int) -> [ParameterNode] {
        guard let all = bundle.flows[flow].outcomeParameters, all.indices.contains(outcome) else { return [] }
        return all[outcome]
    }

    /// How error messages name an outcome.
    static func outcomeReceiver(_ bundle: FlowBundle, flow: Int, outcome: Int) -> String {
        "outcome '\(bundle.flows[flow].outcomes[outcome])' of flow '\(bundle.flows[flow].name)'"
    }

    /// How error messages name a screen.
    static func receiver(_ bundle: FlowBundle, flow: Int, screen: Int) -> String {
        "screen '\(bundle.flows[flow].screens[screen].name)' of flow '\(bundle.flows[flow].name)'"
    }
}
