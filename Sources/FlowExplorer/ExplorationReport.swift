import FlowModel
import FlowScript

/// A guarantee the explorer found broken, with the shortest script that breaks it.
package struct ExplorationFinding: Hashable, Sendable {
    package var guarantee: Guarantee
    /// The root flow explored.
    package var rootFlow: String
    /// The flow and screen on top before the breaking step, when there was one: where the finding is located.
    package var flow: String?
    package var screen: String?
    /// What happened, in a sentence.
    package var message: String
    /// The `flowc run` script, from a new coordinator, whose last line breaks the guarantee.
    package var witness: [String]
    /// Where ``witness`` comes from in the exploration: ``ExplorationReport/commands(of:)-(ReachedWitness)``
    /// gives its commands without reading its text back.
    package var reached: ReachedWitness

    package var code: String { guarantee.code }
}

/// A reproduction as the exploration found it: the shortest script of a state it reached, then the commands
/// run from that state (the breaking step; a refused step; nothing when the state itself is the evidence).
/// ``ExplorationReport/commands(of:)-(ReachedWitness)`` gives the whole script as commands, so a reader
/// that runs it (`flowc view --check`) never parses script text again.
package struct ReachedWitness: Hashable, Sendable {
    /// The index in ``ExplorationReport/reached`` of the state the commands run from.
    package var state: Int
    /// The commands run from that state, in order.
    package var then: [ScriptCommand]

    package init(state: Int, then: [ScriptCommand] = []) {
        self.state = state
        self.then = then
    }
}

/// What only exploration proves about the flows, as a warning (FC807–FC811, ``ExplorationCode``): an
/// action refused in every state that offers it or on some paths, a child flow that cannot finish, an
/// outcome or a deep link that goes nowhere.
package struct ExplorationWarning: Hashable, Sendable {
    /// What the warning is about, which also says where it is reported.
    package enum Subject: Hashable, Sendable {
        /// Event `event` of screen `screen` of flow `flow`.
        case event(flow: String, screen: String, event: String)
        /// The handler in flow `flow` of outcome `outcome` of its child declaration `child`.
        case handler(flow: String, child: String, outcome: String)
        /// Child declaration `child` of flow `flow`.
        case child(flow: String, child: String)
        /// The deep link with this pattern, of the root flow `flow`.
        case link(flow: String, pattern: String)
    }

    package var code: ExplorationCode
    package var subject: Subject
    /// What was found, in a sentence.
    package var message: String
    /// Why the step was refused, the first time (FC807, FC808, FC810, FC811).
    package var reason: String?
    /// The shortest `flowc run` script, from a new coordinator, that shows it: its last line is the
    /// refused step (FC807, FC808, FC810, FC811), or it reaches the state the child cannot finish from
    /// (FC809).
    package var witness: [String]
    /// Where ``witness`` comes from in the exploration (``ExplorationReport/commands(of:)-(ReachedWitness)``).
    package var reached: ReachedWitness

    package init(
        code: ExplorationCode, subject: Subject, message: String, reason: String?, witness: [String],
        reached: ReachedWitness
    ) {
        self.code = code
        self.subject = subject
        self.message = message
        self.reason = reason
        self.witness = witness
        self.reached = reached
    }
}

/// An event of a screen that every explored state showing the screen refused, when sent with arguments
/// that meet its constraints: an action the flows declare but the runtime never takes (warning FC807).
package struct RefusedEvent: Hashable, Sendable {
    package var flow: String
    package var screen: String
    package var event: String
    /// Why it was refused, the first time.
    package var reason: String
    /// The shortest script whose last line sends it.
    package var witness: [String]
    package static let code = "FC807"
}

/// One state the exploration reached, first by the shortest script (breadth first): its parent state and
/// the script line from it, so ``ExplorationReport/witness(of:)`` rebuilds the whole script.
package struct ReachedState: Hashable, Sendable {
    /// The index in ``ExplorationReport/reached`` of the state it was first reached from; nil for the new
    /// coordinator (state 0).
    package var parent: Int?
    /// The `flowc run` command that leads from the parent here; nil for state 0.
    package var command: ScriptCommand?
    /// How many script lines lead here from a new coordinator.
    package var depth: Int
    /// The path shown, bottom to top, each route as `flow.screen`.
    package var path: [String]
    /// The coordinator's status: `idle`, `running`, `stopped` or `finished`.
    package var status: String
    /// Whether a confirmation is pending.
    package var asksForConfirmation: Bool
}

/// What one exploration covered and found.
package struct ExplorationReport: Sendable {
    package var rootFlow: String
    /// Distinct states reached (compared up to route tokens and instance ids, with the host's answers).
    package var states = 0
    /// The states the exploration proves covered: ``states`` plus those a sound reduction proves behave as
    /// one it explored (equal to ``states`` when no reduction applies). ``reductionFactor`` is the ratio.
    package var coveredStates = 0
    /// Steps run (each a script line applied to a state).
    package var steps = 0
    /// The steps among ``steps`` whose runtime step was not run: steps answered from an earlier state that
    /// differs in the host's answers alone and agrees on those the step reads
    /// (``ExplorationReduction/unreadAnswers``), and local steps of a state that keeps a tab, answered from an
    /// earlier state with the same E (``ExplorationReduction/keptTabSteps``).
    package var reusedSteps = 0
    /// The most classes of states differing in their answers alone that ``ExplorationReduction/unreadAnswers``
    /// held at once (each with the steps run from it).
    package var peakAnswerClasses = 0
    /// With ``ExplorationBounds/unreadAnswerCheck``: the reused steps whose result or state differ from the
    /// runtime's step from the state itself, in words (the first few); empty when none does.
    package var unreadAnswerViolations: [String] = []
    /// The bytes the store of visited states took at the end: the fingerprint index and the records of
    /// ``reached`` (the hash tables' capacities, the arrays' slots as doubling gives them: the same figure
    /// on every run; docs/PERFORMANCE.md, "The explorer's store"). The frontier's
    /// whole states are not in it: each is released once expanded.
    package var storeBytes = 0
    /// The bytes the explored graph FC809 reads took at the end (the children asked about and the steps
    /// that keep them): it grows with the steps, not the states.
    package var graphBytes = 0
    /// The most states the frontier (reached, not yet expanded; each kept whole) held at once.
    package var peakFrontier = 0

    /// ``storeBytes`` per state reached.
    package var bytesPerState: Double { states == 0 ? 0 : Double(storeBytes) / Double(states) }

    /// ``coveredStates`` per state explored: 1 when no reduction applies.
    package var reductionFactor: Double { states == 0 ? 1 : Double(coveredStates) / Double(states) }

    /// The chance that two of the states reached share a fingerprint, so that one was taken for the other
    /// and not explored: at most n(n-1)/2 pairs times 2^-64, about n²/2^65 (docs/RUNNING.md, "How states
    /// are kept").
    package var fingerprintCollisionBound: Double {
        let count = Double(states)
        return count * (count - 1) / 2 / 18_446_744_073_709_551_616.0
    }
    /// nil when every reachable state within the depth was explored; else the bound that stopped it.
    package var bound: String?
    /// What the kept-tab facts' check found, when ``ExplorationBounds/keptTabCheck`` was set.
    package var keptTabs: KeptTabFacts?
    package var findings: [ExplorationFinding] = []
    /// FC807–FC811, by code, then subject.
    package var warnings: [ExplorationWarning] = []
    /// Every state reached, in the order reached (breadth first): state 0 is the new coordinator.
    package var reached = ReachedStates()
    /// The arguments the exploration passed for each event and outcome, built once for it: what reads the
    /// report again with the same arguments (``FlowExplorer/handlerReach(_:flow:report:)``, ``FlowPaths``)
    /// takes them from here. Nil only for a report no exploration made.
    var witnesses: ActionWitnesses?
    /// The shortest script of every state reached, in the order reached: first the empty script of the new
    /// coordinator (what `flowc diff` and the restore audit replay).
    package var stateScripts: [[ScriptCommand]] { reached.indices.map { commands(of: $0) } }

    /// The screens (`flow.screen`) whose repeats on a path left states out: a state that shows one screen
    /// more than ``repeatCutoff`` times is not kept. Empty when none was.
    package var repeatedScreens: Set<String> = []
    /// The most appearances of one screen on a path that the exploration kept: ``ExplorationBounds/maxRouteRepeats``
    /// when given, else derived from the flows (one more than the largest `pop: N`, at least 2).
    package var repeatCutoff = 2
    /// Where the largest `pop: N` that set ``repeatCutoff`` is declared (`pop: 3 in flow.screen on
    /// event`); nil when the cutoff was given or no step removes more than one route.
    package var repeatCutoffSource: String?

    package var isComplete: Bool { bound == nil }

    /// Whether every reachable state was explored: complete, and no state left out for its repeats. Only
    /// then is an action or a link refused in every explored state refused in every reachable one
    /// (FC807, FC810, FC811 are printed only then).
    package var isExhaustive: Bool { bound == nil && repeatedScreens.isEmpty }

    /// How far a complete exploration went, in words: `complete`, or, when repeats of a screen left states
    /// out, `complete up to N repeats of a screen (left out: FLOW.SCREEN, …)`, N derived from the flows
    /// (`…; N from pop: 3 in FLOW.SCREEN on EVENT` when a `pop: N` above 1 set it).
    package func extent(_ bounds: ExplorationBounds) -> String {
        guard !repeatedScreens.isEmpty else { return "complete" }
        let source = repeatCutoffSource.map { "; \(repeatCutoff) from \($0)" } ?? ""
        return
            "complete up to \(repeatCutoff) repeats of a screen (left out: \(repeatedScreens.sorted().joined(separator: ", "))\(source))"
    }

    /// `flowc check`'s line for this exploration of root flow `flow`: `flow NAME: EXTENT, N states, N steps,
    /// FOUND` (`bounded by 1 state, 1 state, 1 step`: each count singular for one). FOUND counts the broken
    /// guarantees as they are reported (docs/CI.md): `reported` is how many of ``findings`` are left once inline
    /// suppressions and `.flowc.yml`'s `rules` apply (one downgraded to a warning is still reported, and
    /// counted): `no guarantee broken`, `2 broken`, `2 broken, 1 more silenced`, or `3 broken, all silenced`.
    package func line(flow: String, bounds: ExplorationBounds, reported: Int) -> String {
        let extent = bound.map { "bounded by \($0)" } ?? self.extent(bounds)
        let silenced = findings.count - reported
        let found =
            switch (reported, silenced) {
            case (0, 0): "no guarantee broken"
            case (0, _): "\(silenced) broken, all silenced"
            case (_, 0): "\(reported) broken"
            default: "\(reported) broken, \(silenced) more silenced"
            }
        let counts = MessageText.counted(states, "state") + ", " + MessageText.counted(steps, "step")
        return "flow \(flow): \(extent), \(counts), \(found)"
    }

    /// The shortest `flowc run` script (from a new coordinator) that reaches state `index` of ``reached``.
    package func witness(of index: Int) -> [String] { commands(of: index).map(\.line) }

    /// The commands of ``witness(of:)``: the shortest script that reaches state `index` of ``reached``.
    package func commands(of index: Int) -> [ScriptCommand] {
        var commands: [ScriptCommand] = []
        var current: Int? = index
        while let state = current, let command = reached.command(of: state) {
            commands.append(command)
            current = reached.parent(of: state)
        }
        return commands.reversed()
    }

    /// The commands of a finding's or a warning's witness (its ``ExplorationFinding/reached`` or
    /// ``ExplorationWarning/reached``): the shortest script of its state, then the commands run from it.
    /// Their lines are its `witness` (``witness(of:)-(ReachedWitness)``).
    package func commands(of witness: ReachedWitness) -> [ScriptCommand] {
        commands(of: witness.state) + witness.then
    }

    /// The text of a finding's or a warning's witness, made from its `reached`: the lines of
    /// ``commands(of:)-(ReachedWitness)``. Every finding and warning the explorer makes takes its `witness`
    /// from here, so the text and `reached` cannot disagree.
    package func witness(of reached: ReachedWitness) -> [String] { commands(of: reached).map(\.line) }

    /// The FC807 warnings about events: events refused in every explored state that showed their screen.
    package var refusedEvents: [RefusedEvent] {
        warnings.compactMap { warning in
            guard warning.code == .refusedEverywhere, case .event(let flow, let screen, let event) = warning.subject
            else { return nil }
            return RefusedEvent(
                flow: flow, screen: screen, event: event, reason: warning.reason ?? "", witness: warning.witness)
        }
    }
}

/// What an exploration with ``ExplorationBounds/keptTabCheck`` found about its kept tabs
/// (docs/RUNNING.md, "Reductions", "Kept tabs").
package struct KeptTabFacts: Sendable, Equatable {
    /// The local steps checked (run from a state that keeps a tab, then again without its kept tabs).
    package var checked: Int
    /// Those of them from a state whose E (the state with its kept tabs' contents left out) an earlier
    /// expanded state had: the steps a reduction that runs each local step once per E would not run.
    package var repeated: Int
    /// The distinct E of the expanded states: the states such a reduction would step locally.
    package var classes: Int
    /// The distinct E with their ids and tokens compared too: the classes a step memo that puts another
    /// state's kept tabs into a remembered result could use without renumbering.
    package var numberedClasses: Int
    /// The steps that broke a fact, in words (the first five); empty when none did.
    package var violations: [String]
}
