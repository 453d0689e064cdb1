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

    package var code: String { guarantee.code }
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

/// What one exploration covered and found.
package struct ExplorationReport: Sendable {
    package var rootFlow: String
    /// Distinct states reached (compared up to route tokens and instance ids).
    package var states = 0
    /// Steps run (each a script line applied to a state).
    package var steps = 0
    /// nil when every reachable state within the depth was explored; else the bound that stopped it.
    package var bound: String?
    package var findings: [ExplorationFinding] = []
    /// Events refused in every explored state that showed their screen, by flow, screen and event.
    package var refusedEvents: [RefusedEvent] = []
    /// Every state reached, in the order reached (breadth first): state 0 is the new coordinator.
    package var reached: [ReachedState] = []

    package var isComplete: Bool { bound == nil }
}
