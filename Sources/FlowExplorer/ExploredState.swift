import FlowRuntime
import FlowScript

/// One state on the explorer's frontier (reached, not yet expanded): the coordinator's state as a copy,
/// the host's answers, and how it was first reached (its parent state and the step from it). Only the
/// frontier holds whole states; a visited state is kept as its key's 64-bit fingerprint and its record
/// in ``ReachedStates`` (docs/RUNNING.md, "How states are kept").
@MainActor
struct ExploredState {
    /// Its index in the explored states (``ExplorationReport/reached``).
    var index: Int
    var copy: CoordinatorStateCopy
    var answers: HostAnswers
    /// The step whose confirmation is pending in this state, if one is.
    var pendingOrigin: ScriptCommand?
    /// The state this one was first reached from (an index into the explored states); nil for the new
    /// coordinator.
    var parent: Int?
    /// The step from `parent`.
    var command: ScriptCommand?
    var depth: Int
    /// Whether some step other than a `condition` or `check` line led here.
    var stepped: Bool
    /// Whether a `condition` or `check` line came after such a step (FC806 holds only states whose
    /// answers were all given first).
    var answersChangedAfterStep: Bool
    /// The view of `copy`, as the step that reached the state built it (nil for the first state): its
    /// expansion reads it instead of building it again. Speed: PERFORMANCE.md, "Round 16, explorer".
    var view: StateView? = nil
    /// Its key, as the step that reached the state read it (``Key/Successor/key``; nil for the first
    /// state): its expansion reads it instead of building it again. Speed: PERFORMANCE.md, "Round 16, explorer".
    var readKey: Key? = nil

    /// What tells two states apart: the coordinator's state up to tokens and ids (and, with
    /// ``ExplorationReduction/queuedLinkRepeats``, up to a URL queued again), the answers, and the step
    /// waiting for a confirmation (its command: two waiting steps that differ only in a token are two
    /// states, which costs a state, never a finding).
    @MainActor
    struct Key: @MainActor Hashable {
        /// The state as the step left it (what the explorer keeps and steps from).
        var copy: CoordinatorStateCopy
        var answers: HostAnswers
        var pendingOrigin: ScriptCommand?
        /// The state as it is compared: `copy`, its queues in the canonical form of the queue reductions
        /// on (``QueuedLinkForm``).
        private let compared: CoordinatorStateCopy
        /// The fingerprint of the three (`compared`, not `copy`), taken once (``FlowRuntime/StateFingerprint``
        /// over everything equality compares): the explorer keeps a visited state as this fingerprint alone
        /// (docs/RUNNING.md, "How states are kept").
        private let digest: Int
        /// The hash of `copy` itself, with the answers and the waiting step, when the reductions compare
        /// it as another state (its class's); nil when `compared` is `copy`. The explorer counts the
        /// distinct ones it reaches and does not keep as covered (``ExplorationReport/coveredStates``).
        let rawFingerprint: UInt64?
        /// Whether the reductions compare the copy as another state (`compared` is not `copy`).
        var isReduced: Bool { rawFingerprint != nil }

        /// The fingerprints of the records of `compared` and, when it is another copy, of `copy`'s own
        /// (``FlowRuntime/CoordinatorStateCopy/chainFingerprint``).
        private let comparedChain: UInt64
        private let rawChain: UInt64?
        /// The fingerprints of `compared` and, when it is another copy, of `copy`, each with the waiting step
        /// and without the answers: `digest` and `rawFingerprint` are these with the answers mixed in
        /// (``hash(_:_:)``), so a step reused across answers (``UnreadAnswerSteps``) gets its key's
        /// fingerprints without reading the state again.
        private let answerFree: UInt64
        private let rawAnswerFree: UInt64?

        /// The key of `copy` with `answers` and the waiting step (a state's own key, built when it is expanded;
        /// a step's key is read through ``successor(copy:answers:pendingOrigin:reductions:)``).
        init(
            copy: CoordinatorStateCopy, answers: HostAnswers, pendingOrigin: ScriptCommand?,
            reductions: ExplorationReduction = []
        ) {
            self.copy = copy
            self.answers = answers
            self.pendingOrigin = pendingOrigin
            let parts = Self.parts(of: copy, reductions)
            (compared, comparedChain, rawChain) = (parts.compared, parts.comparedChain, parts.rawChain)
            answerFree = Self.answerFree(compared, comparedChain, pendingOrigin)
            rawAnswerFree = parts.changed ? Self.answerFree(copy, parts.rawChain!, pendingOrigin) : nil
            digest = Self.hash(answerFree, answers)
            rawFingerprint = rawAnswerFree.map { UInt64(bitPattern: Int64(Self.hash($0, answers))) }
        }

        /// The key whose parts a step's ``Successor`` read (``Successor/key``): nothing computed again.
        fileprivate init(
            copy: CoordinatorStateCopy, answers: HostAnswers, pendingOrigin: ScriptCommand?, read: Successor.Parts
        ) {
            self.copy = copy
            self.answers = answers
            self.pendingOrigin = pendingOrigin
            (compared, comparedChain, rawChain) = (read.compared, read.comparedChain, read.rawChain)
            (answerFree, rawAnswerFree) = (read.answerFree, read.rawAnswerFree)
            digest = read.digest
            rawFingerprint = read.rawFingerprint
        }

        /// The state as it is compared, and the fingerprints of its records.
        private static func parts(
            of copy: CoordinatorStateCopy, _ reductions: ExplorationReduction
        ) -> (compared: CoordinatorStateCopy, changed: Bool, comparedChain: UInt64, rawChain: UInt64?) {
            let (compared, changed) = QueuedLinkForm.compared(copy, reductions)
            return (compared, changed, compared.chainFingerprint, changed ? copy.chainFingerprint : nil)
        }

        /// ``parts(of:_:)`` of `copy`, a copy a step from this key's state left. When it holds the very records
        /// of this key's copy (a step that pushed or popped a screen, or asked a question), the records'
        /// canonical form and fingerprints are this key's: both are functions of the records alone. A method,
        /// not a function of an optional key: wrapping the key in an optional copies it.
        // Speed: PERFORMANCE.md, "Round 14, the explorer", "Round 15, exstep: the explorer".
        private func successorParts(
            of copy: CoordinatorStateCopy, _ reductions: ExplorationReduction
        ) -> (compared: CoordinatorStateCopy, changed: Bool, comparedChain: UInt64, rawChain: UInt64?) {
            guard copy.hasSameInstances(as: self.copy) else { return Self.parts(of: copy, reductions) }
            let changed = isReduced
            return (changed ? copy.withInstances(of: compared) : copy, changed, comparedChain, rawChain)
        }

        /// What the explorer reads of the key of the state a step from this key's state left (`copy`, with
        /// `answers` and the waiting step), without building that key: a step's key is compared with this
        /// one and looked up by its fingerprints, and kept only as them (a new state's key is built again when
        /// it is expanded). What it reads equals the ``fingerprint``, ``rawFingerprint`` and `==` of the key
        /// built afresh, `Key(copy:answers:pendingOrigin:reductions:)` (a debug build checks it on every step).
        // Speed: PERFORMANCE.md, "Round 15, exstep: the explorer".
        func successor(
            copy: CoordinatorStateCopy, answers: HostAnswers, pendingOrigin: ScriptCommand?,
            reductions: ExplorationReduction
        ) -> Successor {
            let parts = successorParts(of: copy, reductions)
            let successor = self.successor(
                Successor.Parts(
                    compared: parts.compared, comparedChain: parts.comparedChain, rawChain: parts.rawChain,
                    answerFree: Self.answerFree(parts.compared, parts.comparedChain, pendingOrigin),
                    rawAnswerFree: parts.changed ? Self.answerFree(copy, parts.rawChain!, pendingOrigin) : nil,
                    digest: 0, rawFingerprint: nil),
                answers: answers, pendingOrigin: pendingOrigin)
            assert(
                agrees(successor, copy: copy, answers: answers, pendingOrigin: pendingOrigin, reductions: reductions),
                "a step's key read through its state's key differs from the key built afresh")
            return successor
        }

        /// ``successor(copy:answers:pendingOrigin:reductions:)`` for a step reused across answers
        /// (``UnreadAnswerSteps``): `earlier` is what that call gave for the same step from a state that
        /// differs from this one in its answers alone, so it read a copy equal to `copy` with the same waiting
        /// step; only the answers are mixed in again. A debug build checks it against the key built afresh.
        func successor(
            reusing earlier: Successor, copy: CoordinatorStateCopy, answers: HostAnswers,
            pendingOrigin: ScriptCommand?, reductions: ExplorationReduction
        ) -> Successor {
            let successor = self.successor(earlier.parts, answers: answers, pendingOrigin: pendingOrigin)
            assert(
                agrees(successor, copy: copy, answers: answers, pendingOrigin: pendingOrigin, reductions: reductions),
                "a reused step's key differs from the key built afresh")
            return successor
        }

        /// The successor whose parts are `parts` (their digests left to this call) with `answers`. The parts are
        /// consumed and their digests written in, not copied into new ones field by field (a copy of `compared`
        /// a step). Speed: PERFORMANCE.md, "Round 17, exmemo".
        private func successor(
            _ parts: consuming Successor.Parts, answers: HostAnswers, pendingOrigin: ScriptCommand?
        ) -> Successor {
            let digest = Self.hash(parts.answerFree, answers)
            var raw: UInt64?
            if let rawAnswerFree = parts.rawAnswerFree {
                raw = UInt64(bitPattern: Int64(Self.hash(rawAnswerFree, answers)))
            }
            // As `==`: the digests first, the states themselves only when those agree.
            let isThisKey =
                digest == self.digest && answers == self.answers && pendingOrigin == self.pendingOrigin
                && parts.compared == compared
            parts.digest = digest
            parts.rawFingerprint = raw
            return Successor(
                fingerprint: UInt64(bitPattern: Int64(digest)), rawFingerprint: raw, isThisKey: isThisKey, parts: parts)
        }

        /// Whether `successor`, read through this key for `copy` with `answers` and the waiting step, is what
        /// the key built afresh gives (its fingerprints, and whether it equals this key): what the reuse of
        /// this key's record parts rests on (the runtime writes new storage whenever it changes an instance
        /// record). A debug build checks it on every step, so a runtime change that breaks that premise fails
        /// every explorer test.
        func agrees(
            _ successor: Successor, copy: CoordinatorStateCopy, answers: HostAnswers, pendingOrigin: ScriptCommand?,
            reductions: ExplorationReduction
        ) -> Bool {
            let fresh = Key(copy: copy, answers: answers, pendingOrigin: pendingOrigin, reductions: reductions)
            return fresh.fingerprint == successor.fingerprint && fresh.rawFingerprint == successor.rawFingerprint
                && (fresh == self) == successor.isThisKey
        }

        /// The fingerprints of a step's key, and whether it equals the key of the state the step ran from
        /// (``successor(copy:answers:pendingOrigin:reductions:)``).
        struct Successor {
            /// The key's ``Key/fingerprint``.
            let fingerprint: UInt64
            /// The key's ``Key/rawFingerprint``.
            let rawFingerprint: UInt64?
            /// Whether the key equals (`==`) the key it was taken from.
            let isThisKey: Bool
            /// The key's ``Key/isReduced``.
            var isReduced: Bool { rawFingerprint != nil }
            /// What the key is built from besides the copy, the answers and the waiting step.
            fileprivate let parts: Parts

            fileprivate struct Parts {
                let compared: CoordinatorStateCopy
                let comparedChain: UInt64
                let rawChain: UInt64?
                /// The key's fingerprints without the answers (``Key/answerFree``).
                let answerFree: UInt64
                let rawAnswerFree: UInt64?
                var digest: Int
                var rawFingerprint: UInt64?
            }

            /// The key this was read of (`copy`, `answers` and `pendingOrigin` are those given to
            /// ``Key/successor(copy:answers:pendingOrigin:reductions:)``), from the parts read: the key built
            /// afresh, `Key(copy:answers:pendingOrigin:reductions:)`, without computing them again.
            @MainActor
            func key(copy: CoordinatorStateCopy, answers: HostAnswers, pendingOrigin: ScriptCommand?) -> Key {
                Key(copy: copy, answers: answers, pendingOrigin: pendingOrigin, read: parts)
            }
        }

        /// The fingerprint of `copy` (whose records' fingerprint is `chain`) with the waiting step.
        private static func answerFree(
            _ copy: CoordinatorStateCopy, _ chain: UInt64, _ pendingOrigin: ScriptCommand?
        ) -> UInt64 {
            var mixer = StateFingerprint()
            copy.fingerprint(into: &mixer, chain: chain)
            // Tested against nil, not bound: `if let` copies the optional command first, nil or not (about 350
            // instructions a step). Speed: PERFORMANCE.md, "Round 17, exmemo".
            if pendingOrigin == nil { mixer.mix(false) } else { mixer.mix(hashing: pendingOrigin!) }
            return mixer.value
        }

        /// An ``answerFree(_:_:_:)`` fingerprint with `answers` mixed in: a key's digest.
        private static func hash(_ answerFree: UInt64, _ answers: HostAnswers) -> Int {
            var mixer = StateFingerprint()
            mixer.mix(answerFree)
            mixer.mix(answers.conditions.count)
            for answer in answers.conditions { mixer.mix(answer) }
            mixer.mix(answers.checks.count)
            for answer in answers.checks { mixer.mix(answer) }
            return Int(bitPattern: UInt(mixer.value))
        }

        /// The fingerprint of the state as the coordinator holds it (`copy`, not `compared`) with the waiting
        /// step, without the answers: every state that differs from this one in its answers alone has it
        /// (``UnreadAnswerSteps`` looks a state's class up by it, then compares the states exactly).
        var answerFreeFingerprint: UInt64 { rawAnswerFree ?? answerFree }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.digest == rhs.digest && lhs.answers == rhs.answers && lhs.pendingOrigin == rhs.pendingOrigin
                && lhs.compared == rhs.compared
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }

        /// The state's fingerprint: equal keys have equal fingerprints; two different keys share one with
        /// probability about 2^-64.
        var fingerprint: UInt64 { UInt64(bitPattern: Int64(digest)) }
    }

    func key(_ reductions: ExplorationReduction) -> Key {
        Key(copy: copy, answers: answers, pendingOrigin: pendingOrigin, reductions: reductions)
    }

    /// Its key: the one the step that reached it read, else built (the first state).
    func readOrBuiltKey(_ reductions: ExplorationReduction) -> Key {
        guard let readKey else { return key(reductions) }
        assert(
            isFresh(readKey, reductions),
            "a state's key read by the step that reached it differs from the key built afresh")
        return readKey
    }

    /// Whether `read` is the key built afresh, fingerprints included (a debug build checks it of every key read).
    func isFresh(_ read: Key, _ reductions: ExplorationReduction) -> Bool {
        let fresh = key(reductions)
        return fresh == read && fresh.fingerprint == read.fingerprint && fresh.rawFingerprint == read.rawFingerprint
    }
}
