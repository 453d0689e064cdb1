/// How far ``FlowExplorer`` goes. The defaults explore the shipped apps completely; a report says
/// which bound stopped it (docs/RUNNING.md, "Checking flows").
package struct ExplorationBounds: Sendable {
    /// The most distinct states kept (default 20,000: the shipped shopping app has 7,868).
    package var maxStates = 20_000
    /// The most steps from a new coordinator to a state (default 32: the shipped shopping and podcast
    /// apps, with host conditions turned both ways, need 24).
    package var maxDepth = 32
    /// The most times one screen may appear on the path of a kept state (default 2): a flow that pushes
    /// a screen onto itself would otherwise have no end. The report names what it left out
    /// (``ExplorationReport/repeatedScreens``). Without ``ExplorationReduction/queuedLinkRepeats``, also
    /// the most times one deep link may sit in one instance's queue.
    package var maxRouteRepeats = 2
    /// The reductions applied (all by default); each is proved sound in docs/RUNNING.md ("Reductions"),
    /// and the reduction-agreement test explores with and without each.
    package var reductions = ExplorationReduction.all

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

    package static let all: ExplorationReduction = [.queuedLinkRepeats]
}
