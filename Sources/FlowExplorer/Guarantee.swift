/// A promise the coordinator makes, stated once: docs/RUNNING.md ("Guarantees") lists these, and the
/// explorer (``FlowExplorer``) checks each as a predicate on every step it explores.
package enum Guarantee: Int, CaseIterable, Sendable {
    /// A step that is rejected or stale changes nothing.
    case refusedStepChangesNothing = 1
    /// Back never stops the coordinator while a tab set is shown: back at a tab's first route is refused (or
    /// selects the first tab, with `backAtTabRoot: selectFirstTab`).
    case backKeepsTabBar = 2
    /// A full-screen cover leaves only when its flow finishes, or when a deep link, a restore or stop
    /// replaces the part of the tree it is in.
    case coverLeavesWhenItsFlowFinishes = 3
    /// No deep link is dropped without a word: a queued or pending link that leaves the state is in the
    /// step's links, opened or dropped with a reason; so is a link whose confirmation is declined.
    case noLinkDroppedSilently = 4
    /// A flow finishes at most once: an instance a step reports finished was alive before the step.
    case finishesAtMostOnce = 5
    /// Restore accepts every state steps build: a snapshot of an explored state restores, and the
    /// restored state's snapshot is the same.
    case restoreAcceptsBuiltStates = 6
    /// No stack is dropped without a word: a kept tab a step removes is in the step's dropped tabs.
    case noKeptTabDroppedSilently = 12
    /// No instance leaves without a word: every instance alive before a step and gone after it is in the
    /// step's finished or removed flows.
    case noInstanceLeavesSilently = 13
    /// A link equal to what is shown changes nothing: a deep link whose routes equal what its tab shows or
    /// keeps keeps those instances and routes, and when they are shown it asks nothing and changes nothing.
    case linkShownAgainChangesNothing = 14

    /// The stable diagnostic code of a violation: FC801 … FC806, FC812 … FC814 (FC807–FC811 are the
    /// explorer's warnings, ``ExplorationCode``).
    package var code: String { "FC\(800 + rawValue)" }

    /// The guarantee's number in docs/RUNNING.md's list ("Guarantees"), from 1 with no gap; the code keeps
    /// the raw value.
    package var number: Int { (Self.allCases.firstIndex(of: self) ?? 0) + 1 }

    /// The guarantee as RUNNING.md states it.
    package var statement: String {
        switch self {
        case .refusedStepChangesNothing:
            "A step that is rejected or stale changes nothing: the path, the instances, the held links, the status and the pending confirmation stay as they were."
        case .backKeepsTabBar:
            "Back never stops the coordinator while a tab set is shown: back at a tab's first route is refused, or selects the first tab where the tab flow declares `backAtTabRoot: selectFirstTab`."
        case .coverLeavesWhenItsFlowFinishes:
            "A full-screen cover leaves only when its flow finishes, or when a deep link, a restore or stop replaces the part of the tree it is in; no back, dismissal or event from a route under it removes it."
        case .noLinkDroppedSilently:
            "No deep link is dropped without a word: a queued or pending link that leaves the state is in the step's links, opened or dropped with a reason, and so is a link whose confirmation is declined with keep or dropped by another step."
        case .finishesAtMostOnce:
            "A flow finishes at most once: an instance a step reports finished was alive before the step."
        case .restoreAcceptsBuiltStates:
            "Restore accepts every state that steps build while the host's answers still choose its root's first route: the snapshot of such a state restores, and the restored state's snapshot is the same."
        case .noKeptTabDroppedSilently:
            "No stack is dropped without a word: a kept tab that a step removes with its stack (its tab flow gone or replaced, a `replaceRoot` in it, a deep link that rebuilt it) is in the step's dropped tabs."
        case .noInstanceLeavesSilently:
            "No instance leaves without a word: every flow instance alive before a step and gone after it is in the step's finished flows (with its outcome) or in its removed flows (with why: back, dismissal, link, `replaceRoot`, stop, restore, an ancestor's finish, or a `select` with `routes`). An instance a restore puts back at the same place keeps its id and has not left."
        case .linkShownAgainChangesNothing:
            "A link equal to what is shown changes nothing: a deep link whose routes into a shown tab set equal what its tab shows or keeps (instance by instance from the tab's own, the same flow, child, presentation and arguments, on each the same screens with the same arguments) keeps those instances and routes, with their ids and tokens, shown after the step and none finished, removed or dropped; when they are what is shown, it asks for no confirmation, shows them on top, and changes nothing else but the link it holds (a guarded link whose `otherwise` routes are what is shown waits on its guarding flow) and a confirmation another step asked for, which it ends."
        }
    }
}
