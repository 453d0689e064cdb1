import FlowModel
import FlowRuntime
import FlowScript

/// An action a flow declares that the explorer counts the refusals of (FC807, FC808): an event of a
/// screen sent from the route on screen, or a child flow's outcome delivered to its parent's handler by
/// finishing the child through a kept handle. Counted only where it surely should run: arguments that
/// meet every constraint (no `pattern` or argument `check` the witness may miss), every host check true.
struct OfferedAction: Hashable {
    enum Kind: Hashable {
        /// `flow`'s screen `owner` sends event `name`.
        case event
        /// `flow` (the parent) handles outcome `name` of its child declaration `owner`.
        case handler
    }

    var kind: Kind
    var flow: String
    /// The screen (events) or the child declaration (handlers).
    var owner: String
    var name: String
}

/// One step the explorer tries: its script command and, when it counts, the action it offers.
struct ExplorationAction {
    var command: ScriptCommand
    var offered: OfferedAction?
}

/// The steps the explorer tries in a state: whatever a person, the host or the system can do there
/// (docs/RUNNING.md, "Checking flows").
@MainActor
struct ExplorationActions {
    let bundle: FlowBundle
    let host: ExplorationHost
    /// The root flow's deep links, each with witness placeholders.
    let linkURLs: [String]
    /// The valid arguments of each event and outcome, meeting what they are passed to.
    let witnesses: ActionWitnesses
    /// The steps already built of each screen and of each child's outcomes.
    private let memo = Memo()

    /// The `event` steps of each screen and the `finish` steps of each flow's outcomes, as built the first
    /// time a state asked for them: they depend on the bundle and the key alone, not on the state.
    @MainActor
    final class Memo {
        struct EventsKey: Hashable {
            var flow: Int
            var screen: Int
            var counted: Bool
        }

        struct OutcomesKey: Hashable {
            var flow: Int
            var parentFlow: Int?
            var declaration: Int?
            var everyCheckPasses: Bool
        }

        /// One `finish` step, its instance left out.
        struct Finishing {
            var outcome: String
            var arguments: [String: String]
            var offered: OfferedAction?
        }

        var events: [EventsKey: [ExplorationAction]] = [:]
        var outcomes: [OutcomesKey: [Finishing]] = [:]
    }

    /// The flows the root flow `rootFlow` can run, itself included (children at any depth).
    static func reachableFlows(of rootFlow: Int, in bundle: FlowBundle) -> Set<Int> {
        var reached: Set<Int> = [rootFlow]
        var pending = [rootFlow]
        while let flow = pending.popLast() {
            for child in bundle.flows[flow].children where reached.insert(child.flow).inserted {
                pending.append(child.flow)
            }
        }
        return reached
    }

    init(bundle: FlowBundle, rootFlow: Int, host: ExplorationHost, witnesses: ActionWitnesses) {
        self.bundle = bundle
        self.host = host
        linkURLs = Array(
            Set(bundle.flows[rootFlow].links.map { ArgumentWitness.url(of: $0, flow: rootFlow, in: bundle) })
        ).sorted()
        self.witnesses = witnesses
    }

    /// The steps to try from the coordinator's state with `answers` that come before
    /// ``steps(in:view:everyCheckPasses:)``: `start` when it is not running, then each host answer turned. The
    /// explorer tries these, then the others (which depend on the answers only through whether every check
    /// passes), in that order: a step's slot is its position in the two lists one after the other.
    func leadingSteps(in coordinator: FlowCoordinator, answers: HostAnswers) -> [ExplorationAction] {
        var actions: [ExplorationAction] = []
        func add(_ command: ScriptCommand) { actions.append(ExplorationAction(command: command)) }
        if coordinator.status != .running { add(.start) }
        for (index, name) in host.conditionNames.enumerated() { add(.condition(name, !answers.conditions[index])) }
        for (index, check) in host.checks.enumerated() {
            add(.check(name: check.name, value: check.value, answer: !answers.checks[index]))
        }
        return actions
    }

    /// The steps to try from the coordinator's state other than `start` and the host's answers: deep links,
    /// a confirmation's answers, events, back and dismissal on every stack, tab selections, finishing each
    /// shown instance and `stop`. A function of the coordinator's state and whether every check passes.
    func steps(in coordinator: FlowCoordinator, view: StateView, everyCheckPasses: Bool) -> [ExplorationAction] {
        var actions: [ExplorationAction] = []
        func add(_ command: ScriptCommand) { actions.append(ExplorationAction(command: command)) }
        for url in linkURLs { add(.open(url)) }
        guard coordinator.status == .running else { return actions }
        if coordinator.pendingConfirmation != nil {
            add(.confirm)
            add(.keep)
        }
        let stacks = coordinator.stacks
        // Events: from every route of the stack on screen (the top one as the host sends it, without a
        // token), and from the top route of every other shown stack (under a layer: refused).
        for (position, stack) in stacks.enumerated().reversed() {
            let onScreen = position == stacks.count - 1
            let routes = onScreen ? stack.routes : Array(stack.routes.suffix(1))
            for (index, route) in routes.enumerated().reversed() {
                let top = onScreen && index == routes.count - 1
                // A token as a script writes it (of no coordinator): the command runs on any runner as its line.
                let token = top ? nil : RouteToken(route.token.rawValue)
                actions += events(of: route, sentFrom: token, counted: top && everyCheckPasses)
            }
        }
        add(.back(1))
        // Back and dismissal on every stack id the state lists: each shown stack (a presented tab bar's own
        // entry, which has no routes, included) and each kept tab's; a host binds exactly these ids, so
        // each step applies or is refused with a reason, never traps.
        let tabSets = coordinator.tabSets
        // Loops, not `flatMap` and `contains(where:)`: a closure formed in main-actor code checks its
        // isolation on every call. Speed: PERFORMANCE.md, "Round 15, exstep: the explorer".
        var kept: [FlowStack] = []
        for set in tabSets {
            for tab in set.tabs { if let stack = set.keptStacks[tab] { kept.append(stack) } }
        }
        for stack in stacks + kept { add(.backOnStack(1, stack: stack.id)) }
        var presents = false
        for stack in stacks where stack.isPresented { presents = true }
        if presents { add(.dismiss(nil)) }
        for stack in stacks + kept where stack.id != stacks.first?.id { add(.dismiss(stack.id)) }
        for tabSet in tabSets {
            for tab in tabSet.tabs where tab != tabSet.selected { add(.select(tab: tab, tabSet: tabSet.id)) }
        }
        for entry in view.shown {
            for finishing in outcomes(of: entry, everyCheckPasses: everyCheckPasses) {
                actions.append(
                    ExplorationAction(
                        command: .finish(
                            instance: FlowInstanceID(entry.id), outcome: finishing.outcome,
                            arguments: finishing.arguments),
                        offered: finishing.offered))
            }
        }
        add(.stop)
        return actions
    }

    /// The `finish` steps of instance `entry` (its id left to the caller): each outcome of its flow with
    /// valid arguments and with each breakable constraint broken; the valid one counts (``OfferedAction``)
    /// when it is a child, every check passes and its arguments surely meet their constraints. What they
    /// are depends on the entry's flow, child declaration and whether every check passes alone: built once
    /// for each (``Memo``). Speed: PERFORMANCE.md, "Round 15, exstep: the explorer".
    private func outcomes(of entry: StateView.Entry, everyCheckPasses: Bool) -> [Memo.Finishing] {
        let flow = entry.flowIndex
        guard !bundle.flows[flow].outcomes.isEmpty else { return [] }
        let key = Memo.OutcomesKey(
            flow: flow, parentFlow: entry.parentFlowIndex, declaration: entry.declaration,
            everyCheckPasses: everyCheckPasses)
        if let known = memo.outcomes[key] { return known }
        let child = entry.child(in: bundle)
        let parent = entry.parentFlow(in: bundle)
        var finishing: [Memo.Finishing] = []
        for (index, outcome) in bundle.flows[flow].outcomes.enumerated() {
            let parameters = bundle.flows[flow].parameters(ofOutcome: index)
            let counted = child != nil && everyCheckPasses && ArgumentWitness.surelyValid(parameters)
            // Each parameter broken in turn after none (-1), counted, not an array built.
            for breaking in -1..<parameters.count {
                let broken = breaking < 0 ? nil : breaking
                guard
                    let operands = ArgumentWitness.operands(
                        parameters, chosen: witnesses.outcome(index, of: flow), breaking: broken)
                else { continue }
                var offered: OfferedAction?
                if counted, broken == nil, let parent {
                    offered = OfferedAction(kind: .handler, flow: parent, owner: child!, name: outcome)
                }
                finishing.append(Memo.Finishing(outcome: outcome, arguments: operands, offered: offered))
            }
        }
        memo.outcomes[key] = finishing
        return finishing
    }

    /// `event` steps for every event of `route`'s screen: valid arguments, and each breakable constraint
    /// broken; the valid one counts (``OfferedAction``) when `counted` and its arguments surely meet
    /// their constraints. What they are depends on the screen and `counted` alone: built once for each
    /// (``Memo``), the token put in each time. Speed: PERFORMANCE.md, "Round 15, exstep: the explorer".
    func events(of route: Route, sentFrom token: RouteToken?, counted: Bool) -> [ExplorationAction] {
        let key = Memo.EventsKey(flow: route.flowIndex, screen: route.screenIndex, counted: counted)
        let untokened: [ExplorationAction]
        if let known = memo.events[key] {
            untokened = known
        } else {
            untokened = events(of: route, counted: counted)
            memo.events[key] = untokened
        }
        guard let token else { return untokened }
        var actions = untokened
        for index in actions.indices {
            guard case .event(let name, nil, let arguments) = actions[index].command else { continue }
            actions[index].command = .event(name: name, token: token, arguments: arguments)
        }
        return actions
    }

    /// The `event` steps of ``events(of:sentFrom:counted:)``, sent without a token.
    private func events(of route: Route, counted: Bool) -> [ExplorationAction] {
        // The route's own indices into the bundle, not its names looked up (a closure formed in main-actor
        // code checks its isolation on every call). Speed: PERFORMANCE.md, "Round 14, the explorer".
        let flow = route.flowIndex
        let screen = route.screenIndex
        let events = bundle.flows[flow].screens[screen].events
        guard !events.isEmpty else { return [] }
        var actions: [ExplorationAction] = []
        for (index, event) in events.enumerated() {
            let offered =
                counted && ArgumentWitness.surelyValid(event.parameters)
                ? OfferedAction(kind: .event, flow: route.flow, owner: route.screen, name: event.name) : nil
            let chosen = witnesses.event(index, of: screen, in: flow)
            for breaking in -1..<event.parameters.count {
                let broken = breaking < 0 ? nil : breaking
                guard let operands = ArgumentWitness.operands(event.parameters, chosen: chosen, breaking: broken)
                else { continue }
                actions.append(
                    ExplorationAction(
                        command: .event(name: event.name, token: nil, arguments: operands),
                        offered: broken == nil ? offered : nil))
            }
        }
        return actions
    }
}
