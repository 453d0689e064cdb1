/// Which shown child instances can still finish (FC809): a graph over (state, chain position) pairs,
/// built while exploring, read once it ends.
///
/// A child at chain position `d` of a state can finish when some step from the state finishes it, or
/// when some step keeps it (at position `d2` of the state the step leads to) and it can finish from
/// there. Steps that count are those of the person and the host's answers; the host finishing a flow
/// through a handle, `stop`, deep links and restore are not (any child finishes or goes with those).
struct ChildFinishing {
    struct Position: Hashable {
        var state: Int
        var depth: Int
    }

    /// The children the analysis asks about: position, and the parent's flow and child declaration.
    private(set) var children: [Position: (flow: String, child: String)] = [:]
    private var finishes: Set<Position> = []
    /// Positions whose child a step kept in a state the exploration left out (a bound): whether it can
    /// finish from there is not known, so it is never reported stuck.
    private var unknown: Set<Position> = []
    /// For each position, the positions whose child a step keeps there.
    private var keptFrom: [Position: [Position]] = [:]

    mutating func ask(_ position: Position, flow: String, child: String) { children[position] = (flow, child) }

    mutating func finished(_ position: Position) { finishes.insert(position) }

    mutating func kept(_ position: Position, at next: Position) { keptFrom[next, default: []].append(position) }

    /// A step keeps the child at `position` in a state the exploration did not keep.
    mutating func keptUnexplored(_ position: Position) { unknown.insert(position) }

    /// The positions asked about whose child cannot finish: those from which no path of explored steps
    /// reaches a step that finishes the child, nor one that leaves the explored states (the exact
    /// backward-reachability fixpoint of "can finish" on the explored graph; cycles need no special
    /// case, since a position is added once and only from a successor already known to finish).
    func stuck() -> [Position] {
        let seeds = finishes.union(unknown)
        var canFinish = seeds
        var pending = Array(seeds)
        while let position = pending.popLast() {
            for earlier in keptFrom[position] ?? [] where canFinish.insert(earlier).inserted {
                pending.append(earlier)
            }
        }
        return children.keys.filter { !canFinish.contains($0) }.sorted { ($0.state, $0.depth) < ($1.state, $1.depth) }
    }
}
