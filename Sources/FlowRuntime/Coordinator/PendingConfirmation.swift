/// A step that would remove a `confirm` route (interactive back, an event, a completion, a deep link or
/// a restore) and waits for the host's answer: ``FlowCoordinator/confirmRemoval()`` runs the step again
/// with the removal decided, ``FlowCoordinator/keepEditing()`` drops it.
public struct PendingConfirmation: Hashable, Sendable {
    /// The prompt identifier the screen declares (`ask: discardDraft`); the host maps it to text.
    public var prompt: String?
    /// The `confirm` route that would be removed (the lowest one, when several are crossed).
    public var route: RouteToken
    /// The name of that route's flow.
    public var flow: String
    /// The name of that route's screen.
    public var screen: String
    /// How many routes of the current path stay when the removal is confirmed (the step may add others).
    public var keepCount: Int
    /// The path when the confirmation was asked for; a changed path makes it outdated.
    var path: [Route]
    /// Every `confirm` route the step would remove; confirming decides all of them.
    let routes: [Route]
}
