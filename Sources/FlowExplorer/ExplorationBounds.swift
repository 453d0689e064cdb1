import FlowModel

/// How far ``FlowExplorer`` goes. The defaults explore the shipped apps completely; a report says
/// which bound stopped it (docs/RUNNING.md, "Checking flows").
package struct ExplorationBounds: Sendable {
    /// The most distinct states kept (default 20,000: the shipped shopping app has 7,868).
    package var maxStates = 20_000
    /// The most steps from a new coordinator to a state (default 32: the shipped shopping and podcast
    /// apps, with host conditions turned both ways, need 24).
    package var maxDepth = 32
    /// The most times one screen may appear on the path of a kept state: a flow that pushes a screen
    /// onto itself would otherwise have no end. Nil (the default) derives it from the flows the root
    /// runs: one more than the largest count a step removes routes by (`pop: N`; 2 when none exceeds
    /// `back`'s 1), so every count test a step makes is answered both ways where it can be (docs/RUNNING.md,
    /// "A screen repeated on a stack"). The report names what it left out
    /// (``ExplorationReport/repeatedScreens``) and the cutoff used (``ExplorationReport/repeatCutoff``).
    /// Without ``ExplorationReduction/queuedLinkRepeats``, also the most times one deep link may sit in
    /// one instance's queue.
    package var maxRouteRepeats: Int?
    /// The reductions applied (all by default); each is proved sound in docs/RUNNING.md ("Reductions"),
    /// and the reduction-agreement test explores with and without each.
    package var reductions = ExplorationReduction.all
    /// When set, every step is also checked against the runtime facts the kept-tab reduction rests on
    /// (``KeptTabIndependence``; docs/RUNNING.md, "Reductions", "Kept tabs"), under this rule: each
    /// local step from a state that keeps a tab runs a second time without the kept tabs. Off by default
    /// (it costs a step); the report gives what was checked (``ExplorationReport/keptTabs``).
    package var keptTabCheck: KeptTabRule?
    /// When set, every step ``ExplorationReduction/unreadAnswers`` reuses is also run from the state itself
    /// and its result and the state it leaves compared exactly with the reused ones (``UnreadAnswerSteps``);
    /// the report lists any that differ (``ExplorationReport/unreadAnswerViolations``). Off by default (it
    /// runs every step).
    package var unreadAnswerCheck = false
    /// For the tests only (flowc never sets it): the answer the coordinator that restores each state's
    /// snapshot (guarantee 6) gives to a host check, in place of the explorer's answer, when it returns one. A
    /// host that changed its mind between building a state and restoring it: the restore it refuses is found
    /// and reported by the explorer's own path (FC806, located and scripted as every finding is).
    package var restoreCheck: (@MainActor @Sendable (_ name: String, _ value: Value) -> Bool?)?

    package init() {}
}

/// A reduction the explorer may apply: states it proves behave alike are explored once
/// (docs/RUNNING.md, "Reductions").
package struct ExplorationReduction: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Two states whose queues differ only in a URL queued again are one state
    /// (``FlowRuntime/CoordinatorStateCopy/collapsingRepeatedQueuedLinks()``): the queues of a `queue`
    /// flow are finite up to it, so a link opened again and again while onboarding runs leaves no state
    /// out. Without it, a URL at most ``ExplorationBounds/maxRouteRepeats`` times in one queue is kept.
    package static let queuedLinkRepeats = ExplorationReduction(rawValue: 1 << 0)

    /// Two states whose queues differ only in the order of the links before each queue's last one are one
    /// state (``QueuedLinkForm/earlierInOrder(_:)``): a step reads the links before the last only as a
    /// collection, each reported superseded or dropped, each checked alone on restore.
    package static let queuedLinkOrder = ExplorationReduction(rawValue: 1 << 1)

    /// Not sound, and never in ``all``: each queue compared by its last link alone, forgetting the links
    /// before it, which are reported superseded when the flow finishes. The negative control of the
    /// reduction-agreement test (``ReductionAgreementTests``), which must find the disagreement it makes.
    package static let unsoundLastQueuedLinkOnly = ExplorationReduction(rawValue: 1 << 30)

    /// A local step (one that names nothing a kept tab holds and, run without the kept tabs, keeps the
    /// tab sets and asks nothing) is run once for each E — the state without its kept tabs, ids, tokens
    /// and counters compared too, with the answers and the waiting step — and its result and the state
    /// it leaves, the state's own kept tabs put back, reused for every later state with that E
    /// (``KeptTabSteps``). It merges no state: every state is still expanded and every verdict judged on
    /// the states themselves; only the runtime's step is not run again (``ExplorationReport/reusedSteps``).
    /// Not in ``all``: measured on the merged build (release, `flowc check --strict Flows`) it cost more than
    /// it saved, 2.12–2.29 s of user time and 73 MB against 1.56–1.66 s and 33 MB without it, since a
    /// lookup compares whole states and the memo keeps a state per class and command (PERFORMANCE.md,
    /// "Kept tabs: the memo of local steps, round 13"). The tests turn it on with the facts' check, which
    /// compares each reused step with the runtime's own.
    package static let keptTabSteps = ExplorationReduction(rawValue: 1 << 2)

    /// Not sound, and never in ``all``: ``keptTabSteps`` with E compared up to ids and tokens, so a step is
    /// reused from a state numbered otherwise. The negative control of the kept-tab reduction's exact
    /// check (``KeptTabIndependenceTests``), which must find the states it builds wrong.
    package static let unsoundKeptTabClassUpToIds = ExplorationReduction(rawValue: 1 << 29)

    /// A step is run once for the states that differ in the host's answers alone and agree on the answers
    /// the coordinator asks for while it runs; its result and the state it leaves are reused for the others
    /// (``UnreadAnswerSteps``; docs/RUNNING.md, "Reductions", "Unread answers"). It merges no state: every
    /// state is still expanded and every step counted; only the runtime's step, and the guarantees judged on
    /// it, are not run again (``ExplorationReport/reusedSteps``).
    package static let unreadAnswers = ExplorationReduction(rawValue: 1 << 3)

    /// Not sound, and never in ``all``: ``unreadAnswers`` reusing a step whatever answers it read. The
    /// negative control of its exact check (``ExplorationBounds/unreadAnswerCheck``), which must find the
    /// steps it answers wrong.
    package static let unsoundUnreadAnswersIgnored = ExplorationReduction(rawValue: 1 << 28)

    package static let all: ExplorationReduction = [.queuedLinkRepeats, .queuedLinkOrder, .unreadAnswers]
}
