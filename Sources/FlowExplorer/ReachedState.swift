/// One state the exploration reached, first by the shortest script (breadth first): its parent state and
/// the script line from it, so ``ExplorationReport/witness(of:)`` rebuilds the whole script.
package struct ReachedState: Hashable, Sendable {
    /// The index in ``ExplorationReport/reached`` of the state it was first reached from; nil for the new
    /// coordinator (state 0).
    package var parent: Int?
    /// The `flowc run` script line that leads from the parent here; nil for state 0.
    package var line: String?
    /// How many script lines lead here from a new coordinator.
    package var depth: Int
    /// The path shown, bottom to top, each route as `flow.screen`.
    package var path: [String]
    /// The coordinator's status: `idle`, `running`, `stopped` or `finished`.
    package var status: String
    /// Whether a confirmation is pending.
    package var asksForConfirmation: Bool
}

extension ExplorationReport {
    /// The shortest `flowc run` script (from a new coordinator) that reaches state `index` of ``reached``.
    package func witness(of index: Int) -> [String] {
        var lines: [String] = []
        var current: Int? = index
        while let state = current, let line = reached[state].line {
            lines.append(line)
            current = reached[state].parent
        }
        return lines.reversed()
    }
}
