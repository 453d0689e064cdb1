import FlowModel
import FlowRuntime
import FlowScript

/// One run of ``FlowExplorer/explore(_:flow:bounds:)``: the explored states, breadth first, and what was
/// seen on the way. One coordinator runs every step (its state restored from each state's copy first);
/// a second one restores snapshots (guarantee 6).
@MainActor
struct Exploration {
    let bundle: FlowBundle
    let flow: String
    let bounds: ExplorationBounds
    let host: ExplorationHost
    let actions: ExplorationActions
    let coordinator: FlowCoordinator
    /// Restores each state's snapshot (guarantee 6), from its state before `start`.
    let restorer: FlowCoordinator
    let restorerIdle: CoordinatorStateCopy
    /// The URLs the explorer opens, with the patterns of the links each witnesses.
    let linkPatterns: [String: [String]]

    var states: [ExploredState] = []
    var index: [ExploredState.Key: Int] = [:]
    var report: ExplorationReport
    var refusals = ActionRefusals()
    var finishing = ChildFinishing()
    /// Findings already reported, by guarantee, screen on top and command: one each.
    var reported: Set<String> = []
    /// What the root shows first after `start`, for each set of answers (guarantee 6).
    var rootStarts: [HostAnswers: String?] = [:]
    /// Told of every step with its traces (``FlowExplorer/explore(_:flow:bounds:observe:)``).
    var observe: ((ExploredStep) -> Void)?

    init(bundle: FlowBundle, flow: String, bounds: ExplorationBounds) throws(FlowRuntimeError) {
        let root = bundle.flowIndex(named: flow) ?? 0
        self.bundle = bundle
        self.flow = flow
        self.bounds = bounds
        host = ExplorationHost(
            bundle: bundle, flows: ExplorationActions.reachableFlows(of: root, in: bundle),
            linkWitnesses: [.int(1), .double(1), .bool(true), .string("a")])
        actions = ExplorationActions(bundle: bundle, rootFlow: root, host: host)
        coordinator = try FlowCoordinator(bundle: bundle, flow: flow, host: host.host)
        restorer = try FlowCoordinator(bundle: bundle, flow: flow, host: host.host)
        restorerIdle = restorer.copyState()
        var patterns: [String: [String]] = [:]
        for link in bundle.flows[root].links {
            patterns[ArgumentWitness.url(of: link, flow: root, in: bundle), default: []].append(link.pattern)
        }
        linkPatterns = patterns
        report = ExplorationReport(rootFlow: flow)
    }

    mutating func run() -> ExplorationReport {
        let first = ExploredState(
            copy: coordinator.copyState(), answers: host.answers, pendingOrigin: nil, parent: nil, command: nil,
            depth: 0, stepped: false, answersChangedAfterStep: false)
        add(first)
        var next = 0
        while next < states.count {
            guard states[next].depth < bounds.maxDepth else {
                report.bound = "depth \(bounds.maxDepth)"
                break
            }
            expand(next)
            next += 1
        }
        report.states = states.count
        var warnings = refusals.warnings(
            rootFlow: flow, patterns: linkPatterns, everywhere: report.isExhaustive, witness: report.witness(of:))
        if report.isComplete { warnings += stuckChildren() }
        report.warnings = warnings.sorted { ($0.code.rawValue, "\($0.subject)") < ($1.code.rawValue, "\($1.subject)") }
        return report
    }

    /// Keeps a new state: its key, and what the report says of it.
    private mutating func add(_ state: ExploredState) {
        index[state.key(bounds.reductions)] = states.count
        states.append(state)
        report.reached.append(
            ReachedState(
                parent: state.parent, command: state.command, depth: state.depth,
                path: coordinator.path.map { "\($0.flow).\($0.screen)" }, status: Self.name(of: coordinator.status),
                asksForConfirmation: coordinator.pendingConfirmation != nil))
    }

    /// Puts the coordinator and the host in state `position`.
    private func enter(_ position: Int) {
        coordinator.restoreState(states[position].copy)
        host.answers = states[position].answers
    }

    /// Runs every step from state `position`.
    private mutating func expand(_ position: Int) {
        let state = states[position]
        let key = state.key(bounds.reductions)
        enter(position)
        let view = StateView(state.copy, bundle: bundle)
        let top = coordinator.path.last.map { (flow: $0.flow, screen: $0.screen) }
        askAboutChildren(in: view, state: position)
        var dirty = false
        // The state's shortest script, for the observer: once per state, not per step.
        let script = observe == nil ? [] : report.commands(of: position)
        for action in actions.actions(in: coordinator, view: view, answers: state.answers) {
            if dirty { enter(position) }
            var answers = state.answers
            let result: StepResult
            let drives: Bool
            switch action.command {
            case .condition(let name, let value):
                _ = host.set((name, nil, value), in: &answers)
                (result, drives) = (.applied, false)
            case .check(let name, let value, let answer):
                _ = host.set((name, value, answer), in: &answers)
                (result, drives) = (.applied, false)
            default:
                result = action.command.step(on: coordinator, handle: { coordinator.instance($0) }) ?? .applied
                drives = true
            }
            dirty = drives
            report.steps += 1
            let refused = result.status == .rejected || result.status == .stale
            let reason = result.reason?.description ?? result.status.rawValue
            if let offered = action.offered {
                refusals.note(offered, refused: refused, reason: reason, in: position, command: action.command)
            }
            // A link refused for its witness values (placeholders filled with 1, a or true) says nothing
            // of the link: only other refusals count.
            if case .open(let url) = action.command, !Self.refusesTheWitnessValues(result.reason) {
                refusals.noteLink(url, refused: refused, reason: reason, in: position, command: action.command)
            }
            let copy = drives ? coordinator.copyState() : state.copy
            let origin: ScriptCommand? =
                result.status == .pending ? action.command : (copy.isAskingForConfirmation ? state.pendingOrigin : nil)
            let afterKey = ExploredState.Key(
                copy: copy, answers: answers, pendingOrigin: origin, reductions: bounds.reductions)
            // The guarantees compare the states themselves, not up to a reduction: a refused step that only
            // queued a URL again still changed the state.
            let unchanged = afterKey == key && (bounds.reductions.isEmpty || copy == state.copy)
            let after = unchanged && (refused || !drives) ? view : StateView(copy, bundle: bundle)
            let checks = GuaranteeChecks(
                before: view, command: action.command, result: result, after: after, unchanged: unchanged,
                pendingOrigin: state.pendingOrigin)
            for (guarantee, message) in checks.violations() {
                record(guarantee, message, witness: { $0.commands(of: position) + [action.command] }, top: top)
            }
            let statesBefore = states.count
            let target = reach(
                afterKey, from: position, command: action.command, drives: drives, answers: answers, origin: origin)
            if let observe {
                // The step's trace line, from the coordinator the step ran on: the state's copy is the one
                // its shortest script builds, so this is the line `flowc run` prints for the step.
                let trace = TraceLine(
                    line: state.depth + 1, text: action.command.line, result: result, coordinator: coordinator)
                observe(
                    ExploredStep(
                        script: script, state: position, command: action.command,
                        after: trace, added: states.count > statesBefore ? target : nil))
            }
            trackChildren(
                before: view, after: after, state: position, target: target, command: action.command, result: result,
                pendingOrigin: state.pendingOrigin)
        }
    }

    /// The index of the state the step led to, added when new and within the bounds; nil when a bound
    /// left it out.
    private mutating func reach(
        _ key: ExploredState.Key, from position: Int, command: ScriptCommand, drives: Bool, answers: HostAnswers,
        origin: ScriptCommand?
    ) -> Int? {
        if let known = index[key] { return known }
        if let screen = Self.screenRepeatedTooOften(coordinator.path, bound: bounds.maxRouteRepeats) {
            report.repeatedScreens.insert(screen)
            return nil
        }
        if !bounds.reductions.contains(.queuedLinkRepeats),
            let link = Self.linkHeldTooOften(key.copy, bound: bounds.maxRouteRepeats, bundle: bundle)
        {
            report.repeatedScreens.insert(link)
            return nil
        }
        guard states.count < bounds.maxStates else {
            report.bound = "\(bounds.maxStates) states"
            return nil
        }
        let state = states[position]
        let reached = ExploredState(
            copy: key.copy, answers: answers, pendingOrigin: origin, parent: position, command: command,
            depth: state.depth + 1, stepped: state.stepped || drives,
            answersChangedAfterStep: state.answersChangedAfterStep || (state.stepped && !drives))
        add(reached)
        let added = states.count - 1
        if let message = restoreRoundTrip(of: reached) {
            let prefix = report.commands(of: added).prefix(while: \.setsHostAnswer)
            record(
                .restoreAcceptsBuiltStates, message,
                witness: { $0.commands(of: added) + [.snapshot, .stop] + prefix + [.restore(nil)] },
                top: coordinator.path.last.map { ($0.flow, $0.screen) })
        }
        return added
    }

    private mutating func record(
        _ guarantee: Guarantee, _ message: String, witness: (ExplorationReport) -> [ScriptCommand],
        top: (flow: String, screen: String)?
    ) {
        let commands = witness(report)
        let command = commands.last?.verb ?? ""
        let identity = "\(guarantee.rawValue)|\(top?.flow ?? "")|\(top?.screen ?? "")|\(command)"
        guard reported.insert(identity).inserted else { return }
        report.findings.append(
            ExplorationFinding(
                guarantee: guarantee, rootFlow: flow, flow: top?.flow, screen: top?.screen, message: message,
                witness: commands.map(\.line)))
    }

    // MARK: Children that cannot finish (FC809)

    /// Asks about every shown child of a flow with outcomes that is not a tab (a tab-bar item that presents is not).
    private mutating func askAboutChildren(in view: StateView, state: Int) {
        guard view.status == .running else { return }
        for (depth, entry) in view.shown.enumerated().dropFirst() {
            guard let child = entry.child, let parent = entry.parentFlow,
                let parentIndex = bundle.flowIndex(named: parent), let flowIndex = bundle.flowIndex(named: entry.flow),
                !bundle.flows[flowIndex].outcomes.isEmpty, bundle.flows[parentIndex].stackTabIndex(named: child) == nil
            else { continue }
            finishing.ask(.init(state: state, depth: depth), flow: parent, child: child)
        }
    }

    /// Records, for each shown child of state `state`, whether the step finished it, kept it (and where),
    /// or kept it in a state a bound left out (`target` nil). A confirmed removal (`confirm` of a step
    /// that is not a link's or a restore's) that takes a child delivers the declared outcome of its
    /// `confirm` route to the parent, so the child it takes counts as finished: the person left it with
    /// an outcome (docs/RUNNING.md, "Interactive back").
    private mutating func trackChildren(
        before: StateView, after: StateView, state: Int, target: Int?, command: ScriptCommand, result: StepResult,
        pendingOrigin: ScriptCommand?
    ) {
        switch command {
        case .finish, .stop, .open, .restore: return
        default: break
        }
        guard before.shown.count > 1 else { return }
        let finished = Set(result.finished.map(\.instance.rawValue))
        let refused = result.status == .rejected || result.status == .stale
        var confirmedRemoval = false
        if command == .confirm, !refused, result.status != .pending {
            switch pendingOrigin {
            case .open?, .restore?, nil: break
            default: confirmedRemoval = true
            }
        }
        for (depth, entry) in before.shown.enumerated().dropFirst() {
            let position = ChildFinishing.Position(state: state, depth: depth)
            if finished.contains(entry.id) || (confirmedRemoval && !after.alive.contains(entry.id)) {
                finishing.finished(position)
            } else if let kept = after.shown.firstIndex(where: { $0.id == entry.id }) {
                if let target {
                    finishing.kept(position, at: .init(state: target, depth: kept))
                } else {
                    finishing.keptUnexplored(position)
                }
            } else if target == nil, after.alive.contains(entry.id) {
                finishing.keptUnexplored(position)
            }
        }
    }

    /// FC809: the first state (the shortest witness) of each child declaration that cannot finish there.
    private func stuckChildren() -> [ExplorationWarning] {
        var warnings: [ExplorationWarning] = []
        var seen: Set<String> = []
        for position in finishing.stuck() {
            guard let (parent, child) = finishing.children[position], seen.insert("\(parent).\(child)").inserted
            else { continue }
            let shown = report.reached[position.state].path.last ?? ""
            warnings.append(
                ExplorationWarning(
                    code: .childCannotFinish, subject: .child(flow: parent, child: child),
                    message:
                        "child '\(child)' of flow '\(parent)' cannot finish once this state is reached (showing \(shown)): no sequence of steps from it finishes the child",
                    reason: nil, witness: report.witness(of: position.state)))
        }
        return warnings
    }

    // MARK: Restore (guarantee 6)

    /// Why the snapshot of the coordinator's state (state `state`, just reached) does not restore on a new
    /// coordinator with the same host answers, or nil when it restores to the same state. Only states whose
    /// answers were all given before the first step are tried: a state built before an answer changed may
    /// be one steps cannot build now, which restore rightly refuses. States waiting for a confirmation, and
    /// stopped or finished ones, are skipped.
    private mutating func restoreRoundTrip(of state: ExploredState) -> String? {
        guard !state.answersChangedAfterStep, coordinator.status == .running, coordinator.pendingConfirmation == nil
        else { return nil }
        let snapshot = coordinator.snapshot()
        // Restore trusts the host's answers now: a root route that only a finished child's handler shows
        // (auth after onboarding, while the host still says not onboarded) is refused by design, so only
        // states whose root shows what its start shows with these answers are held to this guarantee.
        guard rootStart(with: state.answers) == Self.rootStart(of: snapshot) else { return nil }
        let saved = host.answers
        host.answers = state.answers
        defer { host.answers = saved }
        restorer.restoreState(restorerIdle)
        return RestoreRoundTrip.failure(of: snapshot, on: restorer)
    }

    /// What the root shows first once started with `answers`.
    private mutating func rootStart(with answers: HostAnswers) -> String? {
        if let known = rootStarts[answers] { return known }
        let saved = host.answers
        host.answers = answers
        defer { host.answers = saved }
        restorer.restoreState(restorerIdle)
        _ = restorer.start()
        let start = Self.rootStart(of: restorer.snapshot())
        rootStarts[answers] = start
        return start
    }

    /// What a snapshot's root instance shows first: its first route's screen, or the child it runs.
    private static func rootStart(of snapshot: FlowSnapshot) -> String? {
        guard let root = snapshot.instances.first else { return nil }
        if let first = root.routes.first { return "screen " + first.screen }
        return snapshot.instances.dropFirst().first.flatMap { $0.child.map { "child " + $0 } }
    }

    /// The first screen (`flow.screen`) that appears on `path` more than `bound` times, if one does.
    private static func screenRepeatedTooOften(_ path: [Route], bound: Int) -> String? {
        var counts: [String: Int] = [:]
        for route in path {
            let key = route.flow + "." + route.screen
            counts[key, default: 0] += 1
            if counts[key]! > bound { return key }
        }
        return nil
    }

    /// The first deep link one instance of `copy` holds (queued) more than `bound` times, as `queued URL
    /// on FLOW`, if one does: each `open` while a `queue` flow runs appends to its queue, so without
    /// ``ExplorationReduction/queuedLinkRepeats`` the queues alone make the states of an app with such a
    /// flow infinite.
    private static func linkHeldTooOften(_ copy: CoordinatorStateCopy, bound: Int, bundle: FlowBundle) -> String? {
        for instance in copy.instances where instance.heldLinks.count > bound {
            var counts: [String: Int] = [:]
            for url in instance.heldLinks {
                counts[url, default: 0] += 1
                if counts[url]! > bound { return "queued \(url) on \(bundle.flows[instance.flow].name)" }
            }
        }
        return nil
    }

    /// Whether `reason` refuses an argument's value (its type, a constraint, a host check answering false).
    private static func refusesTheWitnessValues(_ reason: FlowRuntimeError?) -> Bool {
        switch reason {
        case .invalidArgument, .wrongArgumentType, .constraintViolated, .checkFailed, .linkPlaceholderInvalid: true
        default: false
        }
    }

    static func name(of status: CoordinatorStatus) -> String {
        switch status {
        case .idle: "idle"
        case .running: "running"
        case .stopped: "stopped"
        case .finished: "finished"
        }
    }
}
