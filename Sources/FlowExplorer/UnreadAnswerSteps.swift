import FlowRuntime
import FlowScript

/// The reduction ``ExplorationReduction/unreadAnswers`` (docs/RUNNING.md, "Reductions", "Unread answers"):
/// the runtime's step from a state depends on the coordinator's state, the step that waits for a
/// confirmation and the host answers the coordinator asks for while it runs — nothing else. A state's
/// *class* is its coordinator state compared exactly (ids, tokens and counters too:
/// ``FlowRuntime/CoordinatorStateCopy/isExactly(_:)``) with its waiting step: the states of one class differ
/// in the host's answers alone (a condition or a check turned). Each step run from a state of a class is
/// kept with the answers the coordinator asked for (``ExplorationHost/read``) and what they were; from a
/// later state of the class whose answers agree on those, the step is not run: its result and the state it
/// left are the kept ones, as the runtime's step from that state gives them.
///
/// Every state is still expanded and every step still counted, its refusals noted and the children it
/// keeps tracked; the guarantees are not judged again on a reused step, since each reads the step's result
/// and the states before and after it, which are those of the step judged when it was kept (a finding is
/// reported once per guarantee, screen and command, at the first state that shows it: that state ran it).
/// Classes are kept while a state of theirs can still be reached: a state whose answers differ from a
/// class's first state in `k` answers is at most `k` steps deeper (each answer is turned by one step in
/// every state), so a class first expanded at depth `d` is dropped once the exploration expands depth
/// `d + answers + 1`. At most ``maxKeptSteps`` steps are held: past that, the classes of the oldest depth go
/// first (a class dropped early costs reuse, never a wrong step).
@MainActor
struct UnreadAnswerSteps {
    /// One step run from a state of a class. A class, not a struct: a lookup hands out one reference, not
    /// a copy of every field (measured: PERFORMANCE.md, "Round 17, unread answers").
    final class Step {
        #if DEBUG
        /// The step's command, to check that the states of a class list the same steps: in a debug build only,
        /// so a release build keeps no copy of each kept step's command. Speed: PERFORMANCE.md, "Round 17, exmemo".
        let command: ScriptCommand
        #endif
        /// The answers the coordinator asked for while it ran, as ``ExplorationHost/read``.
        let read: (conditions: UInt64, checks: UInt64)
        /// The answers it ran with (``HostAnswers/bits``); only those in `read` are compared.
        let answers: (conditions: UInt64, checks: UInt64)
        /// What the runtime's step returned, ids and tokens included (those of the class's numbering).
        let result: StepResult
        /// The state it left; nil when it left the state's very copy (refused, nothing written): from another
        /// state of the class it leaves that state's own. Not kept then, nor `successor`: a copy and a key's
        /// parts fewer to hold, copy in and release for every refused step.
        /// Speed: PERFORMANCE.md, "Round 17, exmemo".
        let after: CoordinatorStateCopy?
        /// Whether it left the state's very copy.
        var leftAsItWas: Bool {
            if case .none = after { return true }
            return false
        }
        /// What the explorer reads of the state it left.
        let view: StateView
        /// The fingerprints of the key of `after` (with the answers it ran with), when the step wrote the state
        /// and changed it: a reuse mixes its own answers in (``ExploredState/Key/successor(reusing:copy:answers:pendingOrigin:reductions:)``).
        let successor: ExploredState.Key.Successor?
        /// The next step run at the same position from a state of the class, in the order they were kept: the
        /// steps of a position are a chain, not an array of their own (an allocation a position).
        /// Speed: PERFORMANCE.md, "Round 17, exmemo".
        var next: Step?

        init(
            command: ScriptCommand, read: (conditions: UInt64, checks: UInt64),
            answers: (conditions: UInt64, checks: UInt64), result: StepResult, after: CoordinatorStateCopy?,
            view: StateView, successor: ExploredState.Key.Successor?
        ) {
            #if DEBUG
            self.command = command
            #endif
            self.read = read
            self.answers = answers
            self.result = result
            self.after = after
            self.view = view
            self.successor = successor
        }

        /// Whether this step runs alike with `bits`: they agree on every answer it read.
        func runsAlike(with bits: (conditions: UInt64, checks: UInt64)) -> Bool {
            (bits.conditions ^ answers.conditions) & read.conditions == 0
                && (bits.checks ^ answers.checks) & read.checks == 0
        }
    }

    /// The states that differ in their answers alone: the steps run from them, by the position of the step
    /// in the state's list (``ExplorationActions/leadingSteps(in:answers:)`` then
    /// ``ExplorationActions/steps(in:view:everyCheckPasses:)``: the same steps from every state of a class,
    /// apart from the answers each turns, which run no step).
    @MainActor
    final class Class {
        let copy: CoordinatorStateCopy
        let pendingOrigin: ScriptCommand?
        /// The depth its first state was expanded at.
        let depth: Int
        /// The first step kept at each position (the others follow it, ``Step/next``).
        var steps: [Step?] = []
        /// How many steps it keeps.
        var kept = 0
        /// ``ExplorationActions/steps(in:view:everyCheckPasses:)`` of its states, when every check passes and
        /// when one does not: the same for every state of the class.
        var others: (passing: [ExplorationAction]?, failing: [ExplorationAction]?)

        init(copy: CoordinatorStateCopy, pendingOrigin: ScriptCommand?, depth: Int) {
            self.copy = copy
            self.pendingOrigin = pendingOrigin
            self.depth = depth
        }

        func holds(_ copy: CoordinatorStateCopy, pendingOrigin: ScriptCommand?) -> Bool {
            pendingOrigin == self.pendingOrigin && (copy.isIdentical(to: self.copy) || copy.isExactly(self.copy))
        }
    }

    /// How many depths a class is kept past its first: the answers the explorer turns.
    let window: Int
    /// The most steps held at once (each with the state it left, its result and its view: about 1.5 KB in
    /// the shipped apps, so about 75 MB): `shop` peaks at about 37,000.
    static let maxKeptSteps = 49_152
    /// The steps the classes hold.
    private var keptSteps = 0
    /// The unsound negative control (``ExplorationReduction/unsoundUnreadAnswersIgnored``): a step is reused
    /// whatever answers it read.
    let ignoresReads: Bool
    /// The classes, by ``ExploredState/Key/answerFreeFingerprint`` (several when fingerprints meet).
    private var classes: [UInt64: [Class]] = [:]
    /// The fingerprints of the classes first expanded at each depth, to drop them once no state of theirs
    /// can be reached.
    private var firstExpanded: [[UInt64]] = []
    private var dropped = 0
    /// The class of the state being expanded and its answers.
    private var current: (class: Class, bits: (conditions: UInt64, checks: UInt64))?
    /// The steps answered without running the runtime's step.
    private(set) var reused = 0
    /// The most classes held at once.
    private(set) var peakClasses = 0
    private var held = 0
    /// Reused steps that differ from the runtime's step (``verify(_:kept:state:answers:on:host:)``), in
    /// words (the first few).
    private(set) var violations: [String] = []

    init(answers: Int, reductions: ExplorationReduction) {
        window = answers
        ignoresReads = reductions.contains(.unsoundUnreadAnswersIgnored)
    }

    /// Notes the state about to be expanded (at `depth`, breadth first): its coordinator state, its waiting
    /// step, its answers and its key's ``ExploredState/Key/answerFreeFingerprint``.
    mutating func expanding(
        _ copy: CoordinatorStateCopy, pendingOrigin: ScriptCommand?, answers: HostAnswers, fingerprint: UInt64,
        depth: Int
    ) {
        drop(before: depth - window)
        while keptSteps > Self.maxKeptSteps, dropped < depth { drop(before: dropped + 1) }
        let bits = answers.bits
        if let known = classes[fingerprint] {
            for candidate in known where candidate.holds(copy, pendingOrigin: pendingOrigin) {
                current = (candidate, bits)
                return
            }
        }
        let created = Class(copy: copy, pendingOrigin: pendingOrigin, depth: depth)
        classes[fingerprint, default: []].append(created)
        while firstExpanded.count <= depth { firstExpanded.append([]) }
        firstExpanded[depth].append(fingerprint)
        held += 1
        peakClasses = max(peakClasses, held)
        current = (created, bits)
    }

    /// Drops the classes first expanded before `depth`.
    private mutating func drop(before depth: Int) {
        while dropped < min(depth, firstExpanded.count) {
            for fingerprint in firstExpanded[dropped] {
                guard let known = classes[fingerprint] else { continue }
                let kept = known.filter { $0.depth != dropped }
                held -= known.count - kept.count
                for gone in known where gone.depth == dropped { keptSteps -= gone.kept }
                classes[fingerprint] = kept.isEmpty ? nil : kept
            }
            firstExpanded[dropped] = []
            dropped += 1
        }
    }

    /// The steps other than `start` and the answers (``ExplorationActions/steps(in:view:everyCheckPasses:)``)
    /// a state of the class being expanded listed with `everyCheckPasses`, if one did.
    func others(everyCheckPasses: Bool) -> [ExplorationAction]? {
        guard let (known, _) = current else { return nil }
        return everyCheckPasses ? known.others.passing : known.others.failing
    }

    /// Keeps `others`, listed for the state being expanded.
    func keep(others: [ExplorationAction], everyCheckPasses: Bool) {
        guard let (known, _) = current else { return }
        if everyCheckPasses { known.others.passing = others } else { known.others.failing = others }
    }

    /// The step at `position` (`command`) of the state being expanded, when a state of its class ran it with
    /// answers that agree on those it read; nil when none did (the caller runs it and ``keep(_:at:read:result:after:leftAsItWas:view:successor:)``s it).
    mutating func answer(at position: Int, _ command: ScriptCommand) -> Step? {
        guard let (known, bits) = current, position < known.steps.count else { return nil }
        var next = known.steps[position]
        while let step = next {
            if ignoresReads || step.runsAlike(with: bits) {
                #if DEBUG
                assert(step.command == command, "the states of a class list different steps at \(position)")
                #endif
                reused += 1
                return step
            }
            next = step.next
        }
        return nil
    }

    /// Keeps the step at `position` just run from the state being expanded.
    mutating func keep(
        _ command: ScriptCommand, at position: Int, read: (conditions: UInt64, checks: UInt64), result: StepResult,
        after: CoordinatorStateCopy, leftAsItWas: Bool, view: StateView, successor: ExploredState.Key.Successor?
    ) {
        guard let (known, bits) = current else { return }
        known.kept += 1
        keptSteps += 1
        while known.steps.count <= position { known.steps.append(nil) }
        let kept = Step(
            command: command, read: read, answers: bits, result: result, after: leftAsItWas ? nil : after, view: view,
            successor: leftAsItWas ? nil : successor)
        guard var last = known.steps[position] else {
            known.steps[position] = kept
            return
        }
        while let next = last.next { last = next }
        last.next = kept
    }

    /// Checks a reused step against the runtime's own (on with ``ExplorationBounds/unreadAnswerCheck``):
    /// runs `command` from `state` with `answers` on `coordinator` and compares its result and the state it
    /// leaves, exactly, with `kept`.
    mutating func verify(
        _ command: ScriptCommand, kept: Step, state: CoordinatorStateCopy, answers: HostAnswers,
        on coordinator: FlowCoordinator, host: ExplorationHost
    ) {
        coordinator.restoreState(state)
        host.answers = answers
        let result = command.step(on: coordinator) ?? .applied
        let after = coordinator.copyState()
        var broken: [String] = []
        if result != kept.result { broken.append("its result differs (\(kept.result) against \(result))") }
        if !after.isExactly(kept.after ?? state) {
            broken.append("the state it leads to differs")
        }
        if !broken.isEmpty, violations.count < 5 {
            violations.append("\(command.line) reused: " + broken.joined(separator: "; "))
        }
    }
}
