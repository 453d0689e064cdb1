import FlowModel
import FlowRuntime
import FlowScript

/// One run of ``FlowExplorer/explore(_:flow:bounds:)``: the explored states, breadth first, and what was
/// seen on the way. One coordinator runs every step (its state restored from each state's copy first);
/// a second one restores snapshots (guarantee 6). A visited state is kept as its 64-bit fingerprint and
/// its record in ``ExplorationReport/reached``; only the frontier holds whole states (docs/RUNNING.md,
/// "How states are kept").
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

    /// The states reached and not yet expanded, in the order reached, from `head` on: the only ones kept
    /// whole.
    var frontier: [ExploredState] = []
    var head = 0
    /// Every state reached, by its key's fingerprint: its index in ``ExplorationReport/reached``.
    var fingerprints = FingerprintTable()
    /// The fingerprints of the states reached whose class a reduction had already kept (a queue
    /// different from the kept one's), and of the kept states a reduction compares as another: the
    /// covered ones are the first minus the second (``ExplorationReport/coveredStates``).
    var covered: Set<UInt64> = []
    var keptAsReduced: Set<UInt64> = []
    var report: ExplorationReport
    var refusals = ActionRefusals()
    var finishing = ChildFinishing()
    /// Findings already reported, by guarantee, screen on top and command: one each.
    var reported: Set<String> = []
    /// What the root shows first after `start`, for each set of answers (guarantee 6).
    var rootStarts: [HostAnswers: String?] = [:]
    /// Checks the kept-tab facts when ``ExplorationBounds/keptTabCheck`` is set.
    var keptTabs: KeptTabIndependence?
    /// The kept-tab reduction's memo of local steps, when ``ExplorationReduction/keptTabSteps`` is on.
    var keptTabSteps: KeptTabSteps?
    /// The steps run from states that differ in their answers alone, when ``ExplorationReduction/unreadAnswers`` is on.
    var unreadAnswers: UnreadAnswerSteps?
    /// Told of every step with its traces (``FlowExplorer/explore(_:flow:bounds:observe:)``).
    var observe: ((ExploredStep) -> Void)?

    init(bundle: FlowBundle, flow: String, bounds: ExplorationBounds) throws(FlowRuntimeError) {
        let root = bundle.flowIndex(named: flow) ?? 0
        self.bundle = bundle
        self.flow = flow
        self.bounds = bounds
        let witnesses = ActionWitnesses(bundle: bundle)
        host = ExplorationHost(bundle: bundle, root: root, witnesses: witnesses)
        actions = ExplorationActions(bundle: bundle, rootFlow: root, host: host, witnesses: witnesses)
        coordinator = try FlowCoordinator(bundle: bundle, flow: flow, host: host.host)
        // Guarantee 9 reads what each link equals from the link its step built (``StepResult/linkShownAgain``).
        coordinator.recordsLinksShownAgain = true
        // Nothing observes the explorer's coordinators: its reads subscribe no one, so steps announce nothing.
        coordinator.readsRegisterObservation = false
        var restoring = host.host
        if let answer = bounds.restoreCheck {
            let check = restoring.check
            restoring.check = { name, value in answer(name, value) ?? check(name, value) }
        }
        restorer = try FlowCoordinator(bundle: bundle, flow: flow, host: restoring)
        restorer.readsRegisterObservation = false
        restorerIdle = restorer.copyState()
        var patterns: [String: [String]] = [:]
        for link in bundle.flows[root].links {
            patterns[ArgumentWitness.url(of: link, flow: root, in: bundle), default: []].append(link.pattern)
        }
        linkPatterns = patterns
        keptTabs = bounds.keptTabCheck.map { KeptTabIndependence(rule: $0) }
        if bounds.reductions.contains(.keptTabSteps) { keptTabSteps = KeptTabSteps(reductions: bounds.reductions) }
        // Without an answer to turn, no two states differ in their answers alone: nothing to reuse.
        if bounds.reductions.contains(.unreadAnswers), host.tracksEveryAnswer,
            !host.conditionNames.isEmpty || !host.checks.isEmpty
        {
            unreadAnswers = UnreadAnswerSteps(
                answers: host.conditionNames.count + host.checks.count, reductions: bounds.reductions)
        }
        report = ExplorationReport(rootFlow: flow)
        report.witnesses = witnesses
        if let given = bounds.maxRouteRepeats {
            report.repeatCutoff = given
        } else {
            let cutoff = RouteRepeatCutoff(root: root, in: bundle)
            (report.repeatCutoff, report.repeatCutoffSource) = (cutoff.repeats, cutoff.source)
        }
    }

    mutating func run() -> ExplorationReport {
        let first = ExploredState(
            index: 0, copy: coordinator.copyState(), answers: host.answers, pendingOrigin: nil, parent: nil,
            command: nil, depth: 0, stepped: false, answersChangedAfterStep: false)
        add(first, fingerprint: first.key(bounds.reductions).fingerprint)
        let maxDepth = min(bounds.maxDepth, ReachedStates.maxDepth)
        while head < frontier.count {
            let state = frontier[head]
            guard state.depth < maxDepth else {
                report.bound = "depth \(maxDepth)"
                break
            }
            head += 1
            expand(state)
            report.peakFrontier = max(report.peakFrontier, frontier.count - head + 1)
            // The expanded states' copies go: the frontier keeps only the states still to expand.
            if head >= 1024, head * 2 >= frontier.count {
                frontier.removeFirst(head)
                head = 0
            }
        }
        frontier = []
        report.keptTabs = keptTabs.map {
            KeptTabFacts(
                checked: $0.checked, repeated: $0.repeated, classes: $0.classes.count,
                numberedClasses: $0.numberedClasses.count,
                violations: $0.violations + (keptTabSteps?.violations ?? []))
        }
        report.reusedSteps = (keptTabSteps?.reused ?? 0) + (unreadAnswers?.reused ?? 0)
        report.peakAnswerClasses = unreadAnswers?.peakClasses ?? 0
        report.unreadAnswerViolations = unreadAnswers?.violations ?? []
        report.states = report.reached.count
        report.coveredStates = report.states + covered.subtracting(keptAsReduced).count
        report.storeBytes =
            fingerprints.bytes + report.reached.bytes
            // The reduced states' own fingerprints, kept to count what a reduction covers.
            + (covered.capacity + keptAsReduced.capacity) * MemoryLayout<UInt64>.stride
        report.graphBytes = finishing.bytes
        var warnings = refusals.warnings(
            rootFlow: flow, patterns: linkPatterns, everywhere: report.isExhaustive, witness: report.witness(of:))
        if report.isComplete { warnings += stuckChildren() }
        report.warnings = warnings.sorted { ($0.code.rawValue, "\($0.subject)") < ($1.code.rawValue, "\($1.subject)") }
        return report
    }

    /// Keeps a new state (the coordinator is in it): its fingerprint, its record in the report, and the
    /// whole state on the frontier until it is expanded.
    private mutating func add(_ state: ExploredState, fingerprint: UInt64) {
        fingerprints.insert(fingerprint, Int32(state.index))
        report.reached.append(
            parent: state.parent, command: state.command, depth: state.depth,
            path: coordinator.path.map { "\($0.flow).\($0.screen)" }, status: Self.number(of: coordinator.status),
            asksForConfirmation: coordinator.pendingConfirmation != nil)
        frontier.append(state)
    }

    /// Puts the coordinator and the host in `state`.
    private func enter(_ state: ExploredState) {
        coordinator.restoreState(state.copy)
        host.answers = state.answers
    }

    /// Runs every step from `state`.
    private mutating func expand(_ state: ExploredState) {
        let position = state.index
        let key = state.readOrBuiltKey(bounds.reductions)
        enter(state)
        let view = state.view ?? StateView(state.copy, bundle: bundle)
        assert(
            view.isFresh(for: state.copy, bundle: bundle), "a state's view kept from its step differs from one built")
        let top = coordinator.path.last.map { (flow: $0.flow, screen: $0.screen) }
        let asked = askedChildren(in: view)
        askAboutChildren(asked, in: view, state: position)
        var dirty = false
        keptTabs?.expanding(state.copy, answers: state.answers, pendingOrigin: state.pendingOrigin)
        keptTabSteps?.expanding(state.copy, answers: state.answers, pendingOrigin: state.pendingOrigin)
        unreadAnswers?.expanding(
            state.copy, pendingOrigin: state.pendingOrigin, answers: state.answers,
            fingerprint: key.answerFreeFingerprint, depth: state.depth)
        // The state's shortest script, for the observer: once per state, not per step.
        let script = observe == nil ? [] : report.commands(of: position)
        // The steps other than `start` and the answers are the same from every state of a class of
        // ``UnreadAnswerSteps``: listed once for it.
        let everyCheckPasses = state.answers.everyCheckPasses
        let listed = unreadAnswers?.others(everyCheckPasses: everyCheckPasses)
        let others = listed ?? actions.steps(in: coordinator, view: view, everyCheckPasses: everyCheckPasses)
        if listed == nil { unreadAnswers?.keep(others: others, everyCheckPasses: everyCheckPasses) }
        // The leading steps, then the others, by their slot: not gathered into one array (a copy of every step
        // of the state). Speed: PERFORMANCE.md, "Round 17, exmemo".
        let leading = actions.leadingSteps(in: coordinator, answers: state.answers)
        for slot in 0..<(leading.count + others.count) {
            let action = slot < leading.count ? leading[slot] : others[slot - leading.count]
            // A local step of a state that keeps a tab: from the memo, or run from its E (docs/RUNNING.md,
            // "Reductions", "Kept tabs").
            let local = keptTabSteps?.answer(action.command, on: coordinator, moved: &dirty)
            // A step a state differing in its answers alone ran with the answers this one reads
            // (docs/RUNNING.md, "Reductions", "Unread answers").
            let kept =
                local == nil && !Self.turnsAnAnswer(action.command)
                ? unreadAnswers?.answer(at: slot, action.command) : nil
            // Asked once: each test of the optional answer copies it out. Speed: PERFORMANCE.md, "Round 16, explorer".
            let answered = local != nil || kept != nil
            if !answered, dirty { enter(state) }
            var answers = state.answers
            let result: StepResult
            let drives: Bool
            var shownAgain: LinkShownAgain?
            switch action.command {
            case .condition(let name, let value):
                _ = host.set((name, nil, value), in: &answers)
                (result, drives) = (.applied, false)
            case .check(let name, let value, let answer):
                _ = host.set((name, value, answer), in: &answers)
                (result, drives) = (.applied, false)
            default:
                // Guarantee 9 reads what a link equals of the state before it opens (a tab set shown: the link
                // keeps it), as the step that opened it read it from the link it built.
                let url = view.showsTabs ? action.command.openedURL ?? pendingLink(state, action.command) : nil
                // It reads the coordinator as the state is: a step the kept-tab memo answers is never a link's
                // (`KeptTabIndependence.isLocalKind`), so the coordinator was entered above.
                assert(local == nil || url == nil, "guarantee 9 must read the state itself, not its E")
                if !answered { host.startReading() }
                result =
                    local?.result ?? kept?.result ?? action.command.step(on: coordinator)
                    ?? .applied
                shownAgain = url == nil ? nil : result.linkShownAgain
                drives = true
            }
            report.steps += 1
            let refused = result.status == .rejected || result.status == .stale
            func reason() -> String { result.reason?.description ?? result.status.rawValue }
            if let offered = action.offered {
                refusals.note(offered, refused: refused, reason: reason(), in: position, command: action.command)
            }
            // A link refused for its witness values (placeholders filled with 1, a or true) says nothing
            // of the link: only other refusals count.
            if case .open(let url) = action.command, !Self.refusesTheWitnessValues(result.reason) {
                refusals.noteLink(url, refused: refused, reason: reason(), in: position, command: action.command)
            }
            // Branches, not `kept.map`: a closure formed in main-actor code checks its isolation on every call
            // (every reused step). Speed: PERFORMANCE.md, "Round 17, exmemo".
            let copy: CoordinatorStateCopy
            if let local {
                copy = local.after
            } else if let kept {
                copy = kept.after ?? state.copy
            } else {
                copy = drives ? coordinator.copyState() : state.copy
            }
            let identical = copy.isIdentical(to: state.copy)
            // A refused step writes nothing (the runtime's transaction): when it left the state's very copy
            // the coordinator is still in the state, and the next step needs no restore.
            if !answered { dirty = drives && !(refused && identical) }
            // A `confirm` that asks again runs the step that waited, which still waits: its origin stays. A
            // held link that opens after an applied step (its queue's flow finished, its guarding flow
            // finished with the outcome it waits on) and asks is the step that waits: the confirmation runs
            // that link, not the step that let it out.
            let origin: ScriptCommand? =
                result.status == .pending
                ? (action.command.isConfirm ? state.pendingOrigin ?? action.command : action.command)
                : (copy.isAskingForConfirmation ? result.heldLinkAsking ?? state.pendingOrigin : nil)
            // A step that left the coordinator's state as it was (its storage untouched: most refused steps)
            // keeps the state's key and view; no hash taken, no view built.
            // Speed: PERFORMANCE.md, "Shapes kept for speed".
            let same = identical && origin == state.pendingOrigin && answers == state.answers
            // The step's key is read through the state's, not built: only its fingerprints and whether it is
            // the state's key are asked. Speed: PERFORMANCE.md, "Round 15, exstep: the explorer".
            let successor: ExploredState.Key.Successor?
            if same {
                successor = nil
            } else if let earlier = kept?.successor {
                // A reused step's key: its parts read when it was kept, the answers mixed in again.
                successor = key.successor(
                    reusing: earlier, copy: copy, answers: answers, pendingOrigin: origin, reductions: bounds.reductions
                )
            } else {
                successor = key.successor(
                    copy: copy, answers: answers, pendingOrigin: origin, reductions: bounds.reductions)
            }
            let fingerprint = successor?.fingerprint ?? key.fingerprint
            // The guarantees compare the states themselves, not up to a reduction: a refused step that only
            // queued a URL again still changed the state.
            // Two keys no reduction changed compare the copies themselves: equal keys are equal copies.
            let unchanged =
                same
                || (successor?.isThisKey == true
                    && (bounds.reductions.isEmpty || (!key.isReduced && successor?.isReduced == false)
                        || copy == state.copy))
            // A step that left the instance records as they were (a screen pushed or popped, a question
            // asked) keeps the view's instances. Speed: PERFORMANCE.md, "Round 14, the explorer".
            let after: StateView
            if same || (unchanged && (refused || !drives)) {
                after = view
            } else if let kept {
                after = kept.view
            } else if copy.hasSameInstances(as: state.copy) {
                after = view.withInstances(of: copy)
                // It rests on the runtime writing new storage whenever it changes a record: a runtime change
                // that breaks it fails here, in every explorer test of a debug build.
                assert(after.isFresh(for: copy, bundle: bundle), "a view kept from the state's differs from one built")
            } else {
                after = StateView(copy, bundle: bundle)
            }
            if let kept {
                // The step judged when it was kept had this step's result and states (``UnreadAnswerSteps``).
                if bounds.unreadAnswerCheck {
                    unreadAnswers!.verify(
                        action.command, kept: kept, state: state.copy, answers: state.answers, on: coordinator,
                        host: host)
                    dirty = true
                }
            } else {
                let checks = GuaranteeChecks(
                    before: view, command: action.command, result: result, after: after, unchanged: unchanged,
                    pendingOrigin: state.pendingOrigin,
                    shownAgain: shownAgain.map { ($0, coordinator.path.map(\.token)) })
                for (guarantee, message) in checks.violations(in: bundle) {
                    record(
                        guarantee, message, witness: ReachedWitness(state: position, then: [action.command]), top: top)
                }
                if drives, local == nil, unreadAnswers != nil {
                    unreadAnswers!.keep(
                        action.command, at: slot, read: host.read, result: result, after: copy,
                        leftAsItWas: identical, view: after, successor: successor)
                }
            }
            // A new state, and the observer, read the coordinator in the state the step left.
            if answered, observe != nil || fingerprints[fingerprint] == nil {
                coordinator.restoreState(copy)
                dirty = true
            }
            let statesBefore = report.reached.count
            let target = reach(
                fingerprint, raw: same ? key.rawFingerprint : successor?.rawFingerprint, copy: copy, view: after,
                successor: successor, from: state, command: action.command, drives: drives, answers: answers,
                origin: origin, builtFrom: top)
            if let observe {
                // The coordinator still holds the state after the step: its trace line is built only when
                // the observer asks for it (``ExploredStep/trace()``).
                observe(
                    ExploredStep(
                        script: script, state: position, command: action.command, result: result,
                        heldLinksAfter: after.heldLinks, added: report.reached.count > statesBefore ? target : nil,
                        target: target, line: state.depth + 1, coordinator: coordinator))
            }
            trackChildren(
                asked, before: view, after: after, state: position, target: target, command: action.command,
                result: result)
            if keptTabs != nil, let local {
                keptTabSteps!.verify(action.command, answer: local, state: state.copy, on: coordinator)
                dirty = true
            }
            if drives, keptTabs != nil {
                keptTabs!.check(
                    action.command, before: state.copy, pendingOrigin: state.pendingOrigin, after: copy, result: result,
                    on: coordinator)
                // The check stepped the coordinator from another state: the next action restores this one.
                dirty = true
            }
        }
    }

    /// The URL of the `open` whose step waits for the confirmation `command` grants; nil for any other step.
    private func pendingLink(_ state: ExploredState, _ command: ScriptCommand) -> String? {
        command.isConfirm ? state.pendingOrigin?.openedURL : nil
    }

    /// The index of the state the step led to (`copy`, whose key has fingerprints `fingerprint` and `raw`,
    /// whose view is `view`, and whose key `successor` read when it is not the state's), added when new and
    /// within the bounds; nil when a bound left it out. `top` is the screen shown before the step, where a
    /// new state's FC806 is located.
    private mutating func reach(
        _ fingerprint: UInt64, raw: UInt64?, copy: CoordinatorStateCopy, view: StateView,
        successor: ExploredState.Key.Successor?, from state: ExploredState,
        command: ScriptCommand, drives: Bool, answers: HostAnswers, origin: ScriptCommand?,
        builtFrom top: (flow: String, screen: String)?
    ) -> Int? {
        if let known = fingerprints[fingerprint] {
            if let raw, fingerprints[raw] == nil { covered.insert(raw) }
            return Int(known)
        }
        if let screen = Self.screenRepeatedTooOften(coordinator.path, bound: report.repeatCutoff) {
            report.repeatedScreens.insert(screen)
            return nil
        }
        if !bounds.reductions.contains(.queuedLinkRepeats),
            let link = Self.linkHeldTooOften(copy, bound: bounds.maxRouteRepeats ?? 2, bundle: bundle)
        {
            report.repeatedScreens.insert(link)
            return nil
        }
        let maxStates = min(bounds.maxStates, ReachedStates.maxCount)
        guard report.reached.count < maxStates else {
            report.bound = MessageText.counted(maxStates, "state")
            return nil
        }
        let added = report.reached.count
        let reached = ExploredState(
            index: added, copy: copy, answers: answers, pendingOrigin: origin, parent: state.index,
            command: command, depth: state.depth + 1, stepped: state.stepped || drives,
            answersChangedAfterStep: state.answersChangedAfterStep || (state.stepped && !drives), view: view,
            readKey: successor?.key(copy: copy, answers: answers, pendingOrigin: origin))
        if let raw { keptAsReduced.insert(raw) }
        add(reached, fingerprint: fingerprint)
        if let message = restoreRoundTrip(of: reached) {
            // Located, as every guarantee, at the screen shown before the breaking step: the step that built
            // the state (docs/RUNNING.md, "Checking flows").
            record(
                .restoreAcceptsBuiltStates, message,
                witness: ReachedWitness(state: added, then: RestoreRoundTrip.afterSteps(report.commands(of: added))),
                top: top)
        }
        return added
    }

    private mutating func record(
        _ guarantee: Guarantee, _ message: String, witness: ReachedWitness, top: (flow: String, screen: String)?
    ) {
        let command = witness.then.last?.verb ?? report.reached.command(of: witness.state)?.verb ?? ""
        let identity = "\(guarantee.rawValue)|\(top?.flow ?? "")|\(top?.screen ?? "")|\(command)"
        guard reported.insert(identity).inserted else { return }
        report.findings.append(
            ExplorationFinding(
                guarantee: guarantee, rootFlow: flow, flow: top?.flow, screen: top?.screen, message: message,
                witness: report.witness(of: witness), reached: witness))
    }

    // MARK: Children that cannot finish (FC809)

    /// For each shown instance of `view`, whether FC809 asks about it: a child of a flow with outcomes that
    /// is not a tab (a tab-bar item that presents is not). What it is (flow, declaration) stays with the
    /// instance from state to state, so the steps that keep it are tracked only for these.
    private func askedChildren(in view: StateView) -> [Bool] {
        // A loop, not `map`: a closure formed in main-actor code checks its isolation on every call.
        var asked: [Bool] = []
        asked.reserveCapacity(view.shown.count)
        for entry in view.shown {
            guard let child = entry.child(in: bundle), let parentIndex = entry.parentFlowIndex else {
                asked.append(false)
                continue
            }
            asked.append(
                !bundle.flows[entry.flowIndex].outcomes.isEmpty
                    && bundle.flows[parentIndex].stackTabIndex(named: child) == nil)
        }
        return asked
    }

    /// Asks about every shown child `asked` marks, in a running state.
    private mutating func askAboutChildren(_ asked: [Bool], in view: StateView, state: Int) {
        guard view.status == .running else { return }
        for (depth, entry) in view.shown.enumerated().dropFirst() where asked[depth] {
            finishing.ask(
                .init(state: state, depth: depth), flow: entry.parentFlow(in: bundle)!, child: entry.child(in: bundle)!)
        }
    }

    /// Records, for each shown child of state `state` that `asked` marks, whether the step finished it,
    /// kept it (and where), or kept it in a state a bound left out (`target` nil). A child is finished when
    /// the step reports it in `finished`: a confirmed removal that delivers its `confirm` route's declared
    /// outcome to the parent's handler is, one that delivers none is not (docs/RUNNING.md, "Finishing").
    private mutating func trackChildren(
        _ asked: [Bool], before: StateView, after: StateView, state: Int, target: Int?, command: ScriptCommand,
        result: StepResult
    ) {
        switch command {
        case .finish, .stop, .open, .restore: return
        default: break
        }
        guard asked.contains(true) else { return }
        for (depth, entry) in before.shown.enumerated().dropFirst() where asked[depth] {
            let position = ChildFinishing.Position(state: state, depth: depth)
            // A confirmed removal that delivers an outcome is in `finished` (RUNNING.md, "Finishing").
            if result.reportsFinished(entry.id) {
                finishing.finished(position)
            } else if let kept = Self.position(of: entry.id, in: after.shown) {
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

    /// The position of instance `id` in `shown`, if it is there. A loop, not `firstIndex(where:)`: a closure
    /// formed in main-actor code checks its isolation on every call.
    private static func position(of id: Int, in shown: ArraySlice<StateView.Entry>) -> Int? {
        for index in shown.indices where shown[index].id == id { return index }
        return nil
    }

    /// FC809: the first state (the shortest witness) of each child declaration that cannot finish there.
    private func stuckChildren() -> [ExplorationWarning] {
        var warnings: [ExplorationWarning] = []
        var seen: Set<String> = []
        for position in finishing.stuck() {
            guard let (parent, child) = finishing.child(at: position), seen.insert("\(parent).\(child)").inserted
            else { continue }
            let shown = report.reached[position.state].path.last ?? ""
            warnings.append(
                ExplorationWarning(
                    code: .childCannotFinish, subject: .child(flow: parent, child: child),
                    message:
                        "child '\(child)' of flow '\(parent)' cannot finish once this state is reached (showing \(shown)): no sequence of steps from it finishes the child",
                    reason: nil, witness: report.witness(of: ReachedWitness(state: position.state)),
                    reached: ReachedWitness(state: position.state)))
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
        // Counted by the routes' indices into the bundle (one flow and screen each), searched, not hashed: a
        // path holds a handful of screens, and the name is built only for the one reported.
        // Speed: PERFORMANCE.md, "Round 15, exstep: the explorer".
        var counts: [(flow: Int, screen: Int, count: Int)] = []
        for route in path {
            var position = counts.endIndex
            for index in counts.indices
            where counts[index].flow == route.flowIndex && counts[index].screen == route.screenIndex {
                position = index
                break
            }
            if position == counts.endIndex { counts.append((route.flowIndex, route.screenIndex, 0)) }
            counts[position].count += 1
            if counts[position].count > bound { return route.flow + "." + route.screen }
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

    /// Whether `command` turns a host answer (a `condition` or `check` line), which runs no step.
    private static func turnsAnAnswer(_ command: ScriptCommand) -> Bool {
        switch command {
        case .condition, .check: true
        default: false
        }
    }

    /// Whether `reason` refuses an argument's value (its type, a constraint, a host check answering false).
    private static func refusesTheWitnessValues(_ reason: FlowRuntimeError?) -> Bool {
        switch reason {
        case .invalidArgument, .wrongArgumentType, .constraintViolated, .checkFailed, .linkPlaceholderInvalid: true
        default: false
        }
    }

    /// A status as ``ReachedStates`` keeps it: idle 0, running 1, stopped 2, finished 3.
    static func number(of status: CoordinatorStatus) -> Int {
        switch status {
        case .idle: 0
        case .running: 1
        case .stopped: 2
        case .finished: 3
        }
    }
}
