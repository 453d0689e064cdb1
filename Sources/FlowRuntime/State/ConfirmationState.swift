/// Where a coordinator is with the person's decision about removing `confirm` routes: one value, so
/// the question, the step that waits for it and the routes it grants cannot disagree.
@MainActor
enum ConfirmationState {
    /// Nothing to decide.
    case none
    /// A step would remove `confirm` routes and waits: the question the host shows, the step to run
    /// again once the person confirms, and the deep link that step opens, if it is one (declining
    /// drops it, reported).
    case asking(PendingConfirmation, replay: FlowCoordinator.Replay, link: String?)
    /// The person confirmed: the waiting step runs again, and the removal guard lets these routes go.
    case granted(GrantedRemovals)

    /// The deep link the waiting step opens, if it is one.
    var link: String? {
        if case .asking(_, _, let link) = self { return link }
        return nil
    }

    /// The question waiting for an answer, if any.
    var asked: PendingConfirmation? {
        if case .asking(let pending, _, _) = self { return pending }
        return nil
    }
}
