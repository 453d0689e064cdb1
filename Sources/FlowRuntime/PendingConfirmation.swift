/// An interactive back that crossed a `confirm` route and waits for the host's answer.
public struct PendingConfirmation: Hashable, Sendable {
    /// The prompt identifier the screen declares (`ask: discardDraft`); the host maps it to text.
    public var prompt: String?
    /// The `confirm` route that would be removed (the lowest one, when several are crossed).
    public var route: RouteToken
    /// The name of that route's flow.
    public var flow: String
    /// The name of that route's screen.
    public var screen: String
    /// How many routes stay when the removal is confirmed.
    public var keepCount: Int
    /// The path's tokens when the confirmation was asked for; a changed path makes it outdated.
    let pathTokens: [RouteToken]
}
