import FlowRuntime
import FlowScript

/// The kept-tab reduction (``ExplorationReduction/keptTabSteps``; docs/RUNNING.md, "Reductions", "Kept
/// tabs"): a local step is run once for each E, exactly numbered, and its result reused for every state
/// with that E. A state S is split into E(S), the copy without its kept tabs
/// (``FlowRuntime/CoordinatorStateCopy/withoutKeptTabs``) with the host's answers and the waiting step,
/// compared exactly (ids, tokens and counters too: ``FlowRuntime/CoordinatorStateCopy/isExactly(_:)``),
/// and P(S), its kept tabs. Each command of a local kind (``KeptTabIndependence/isLocalKind(_:before:pendingOrigin:rule:)``)
/// is run from E(S) alone the first time E is expanded; it is local when it asks for no confirmation and
/// leaves E's tab sets as they were (``KeptTabIndependence/keepsTheTabSets(before:after:)``). For a local
/// step the state it leads to from S is the state it left from E with P(S) put back
/// (``FlowRuntime/CoordinatorStateCopy/withTabs(keptIn:)``), and its result is the result from E: the
/// runtime facts (``KeptTabIndependence``) make both exactly what the runtime's step from S gives, so from
/// the next state with that E the step is not run. A step that is not local runs from S itself.
@MainActor
struct KeptTabSteps {
    /// E(S) exactly: what a local step's course depends on.
    @MainActor
    struct Class: @MainActor Hashable {
        let copy: CoordinatorStateCopy
        let answers: HostAnswers
        let pendingOrigin: ScriptCommand?
        /// Compares `copy` up to ids and tokens (only the unsound negative control).
        let upToIds: Bool
        private let digest: Int

        init(copy: CoordinatorStateCopy, answers: HostAnswers, pendingOrigin: ScriptCommand?, upToIds: Bool) {
            self.copy = copy
            self.answers = answers
            self.pendingOrigin = pendingOrigin
            self.upToIds = upToIds
            var hasher = Hasher()
            hasher.combine(upToIds ? copy.hashValue : copy.numberedHash)
            hasher.combine(answers)
            hasher.combine(pendingOrigin)
            digest = hasher.finalize()
        }

        static func == (lhs: Class, rhs: Class) -> Bool {
            lhs.digest == rhs.digest && lhs.answers == rhs.answers && lhs.pendingOrigin == rhs.pendingOrigin
                && (lhs.upToIds ? lhs.copy == rhs.copy : lhs.copy.isExactly(rhs.copy))
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }
    }

    /// A command run from E alone.
    struct Step {
        let result: StepResult
        /// The state it left from E; nil when the step is not local.
        let after: CoordinatorStateCopy?
        /// Whether it left E's very copy (refused, nothing written): from S it leaves S's.
        let leftAsItWas: Bool
    }

    /// A local step's outcome from the state being expanded.
    struct Answer {
        let result: StepResult
        /// The state the runtime's step leads to from the state being expanded.
        let after: CoordinatorStateCopy
        /// Whether it was answered from an earlier state's expansion, the runtime's step not run.
        let reused: Bool
    }

    let upToIds: Bool
    /// The steps run from each E expanded, by command.
    private var memo: [Class: [ScriptCommand: Step]] = [:]
    /// The state being expanded (when it keeps a tab): its copy, its E's copy and its class.
    private var current: (state: CoordinatorStateCopy, alone: CoordinatorStateCopy, key: Class)?
    /// The steps answered without running the runtime's step.
    private(set) var reused = 0
    /// Reused steps that differ from the runtime's step (``verify(_:answer:state:on:)``), in words (the
    /// first few).
    private(set) var violations: [String] = []

    init(reductions: ExplorationReduction) {
        upToIds = reductions.contains(.unsoundKeptTabClassUpToIds)
    }

    /// Notes the state about to be expanded: its copy, answers and waiting step.
    mutating func expanding(_ copy: CoordinatorStateCopy, answers: HostAnswers, pendingOrigin: ScriptCommand?) {
        guard copy.keepsATab else {
            current = nil
            return
        }
        let alone = copy.withoutKeptTabs
        current = (
            copy, alone, Class(copy: alone, answers: answers, pendingOrigin: pendingOrigin, upToIds: upToIds)
        )
    }

    /// `command` from the state being expanded when it is local, nil when it is not (or the state keeps no
    /// tab): the caller runs it from the state. Sets `moved` when this ran a step on `coordinator` (from
    /// E), which then holds another state.
    mutating func answer(_ command: ScriptCommand, on coordinator: FlowCoordinator, moved: inout Bool) -> Answer? {
        switch command {
        case .condition, .check: return nil
        default: break
        }
        guard let (state, alone, key) = current,
            KeptTabIndependence.isLocalKind(command, before: alone, pendingOrigin: key.pendingOrigin, rule: .proved)
        else { return nil }
        let step: Step
        let known = memo[key]?[command]
        if let known {
            step = known
        } else {
            coordinator.restoreState(alone)
            moved = true
            let result = command.step(on: coordinator) ?? .applied
            let after = coordinator.copyState()
            let local =
                result.status != .pending && KeptTabIndependence.keepsTheTabSets(before: alone, after: after)
            step = Step(result: result, after: local ? after : nil, leftAsItWas: after.isIdentical(to: alone))
            memo[key, default: [:]][command] = step
        }
        guard let after = step.after else { return nil }
        guard let combined = step.leftAsItWas ? state : after.withTabs(keptIn: state) else { return nil }
        if known != nil { reused += 1 }
        return Answer(result: step.result, after: combined, reused: known != nil)
    }

    /// Checks a reused step against the runtime's own: runs `command` from `state` (the state being
    /// expanded, waiting on `pendingOrigin`) on `coordinator` and compares its result and the state it
    /// leaves, exactly, with `answer` (on with ``ExplorationBounds/keptTabCheck``).
    mutating func verify(
        _ command: ScriptCommand, answer: Answer, state: CoordinatorStateCopy, on coordinator: FlowCoordinator
    ) {
        coordinator.restoreState(state)
        let result = command.step(on: coordinator) ?? .applied
        let after = coordinator.copyState()
        var broken: [String] = []
        if result != answer.result { broken.append("its result differs (\(answer.result) against \(result))") }
        if !after.isExactly(answer.after) { broken.append("the state it leads to differs") }
        if !broken.isEmpty, violations.count < 5 {
            violations.append("\(command.line) reused: " + broken.joined(separator: "; "))
        }
    }

    /// The bytes the memo holds, roughly: its entries (the copies they hold share storage with the states).
    var bytes: Int {
        memo.capacity * MemoryLayout<(Class, [ScriptCommand: Step])>.stride
            + memo.values.reduce(0) { $0 + $1.capacity * MemoryLayout<(ScriptCommand, Step)>.stride }
    }
}
