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

    package var isComplete: Bool { bound == nil }
}
