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

        /// The position as one number (state in the high 40 bits, depth in the low 24), as the graph keeps it.
        fileprivate var packed: UInt64 { UInt64(state) << 24 | UInt64(depth) }

        fileprivate init(packed: UInt64) {
            state = Int(packed >> 24)
            depth = Int(packed & 0xFF_FFFF)
        }

        init(state: Int, depth: Int) {
            self.state = state
            self.depth = depth
        }
    }

    // Memory: the graph grows with the steps, so positions are packed numbers, the children asked about
    // name their declaration by number, and a "kept" edge is 12 bytes in three flat arrays; a step that
    // keeps a child where it was (a refused step) adds none, nor does a second step from a state that
    // keeps it at the same place (docs/PERFORMANCE.md, "The explorer's store").
    /// The children the analysis asks about: position, and the number of the parent's flow and child
    /// declaration in `declarations`.
    private var asked: [UInt64: UInt32] = [:]
    private var declarations: [(flow: String, child: String)] = []
    private var declarationNumbers: [String: UInt32] = [:]
    private var finishes: Set<UInt64> = []
    /// Positions whose child a step kept in a state the exploration left out (a bound): whether it can
    /// finish from there is not known, so it is never reported stuck.
    private var unknown: Set<UInt64> = []
    /// The edges "a step keeps the child at (`keptFromState[i]`, `keptDepths[i] >> 16`) at (`keptAtState[i]`,
    /// `keptDepths[i] & 0xFFFF`)", added in the order of their first states.
    private var keptFromState: [UInt32] = []
    private var keptAtState: [UInt32] = []
    private var keptDepths: [UInt32] = []
    /// Where the edges of the last state that added some begin.
    private var lastStateEdges = 0

    mutating func ask(_ position: Position, flow: String, child: String) {
        let name = flow + "." + child
        let number: UInt32
        if let known = declarationNumbers[name] {
            number = known
        } else {
            number = UInt32(declarations.count)
            declarations.append((flow, child))
            declarationNumbers[name] = number
        }
        asked[position.packed] = number
    }

    /// The parent's flow and the child declaration asked about at `position`, if one is.
    func child(at position: Position) -> (flow: String, child: String)? {
        asked[position.packed].map { declarations[Int($0)] }
    }

    mutating func finished(_ position: Position) { finishes.insert(position.packed) }

    /// A step keeps the child at `position` at `next`. Positions are explored in order of their states;
    /// a depth is below 2^16, a state below 2^32.
    mutating func kept(_ position: Position, at next: Position) {
        guard position != next else { return }
        let from = UInt32(position.state)
        let at = UInt32(next.state)
        let depths = UInt32(position.depth) << 16 | UInt32(next.depth)
        if keptFromState.last != from { lastStateEdges = keptFromState.count }
        for edge in lastStateEdges..<keptFromState.count where keptAtState[edge] == at && keptDepths[edge] == depths {
            return
        }
        keptFromState.append(from)
        keptAtState.append(at)
        keptDepths.append(depths)
    }

    /// A step keeps the child at `position` in a state the exploration did not keep.
    mutating func keptUnexplored(_ position: Position) { unknown.insert(position.packed) }

    /// The bytes the graph takes: the sets' and the dictionary's capacities, and each array's slots as an array
    /// that grows by doubling holds them (``ReachedStates/slots(_:)``), not its `capacity`, whose allocator slack
    /// follows the heap's state and so differs from run to run (as ``ReachedStates/bytes`` says).
    var bytes: Int {
        asked.capacity * 12 + finishes.capacity * 8 + unknown.capacity * 8
            + (ReachedStates.slots(keptFromState.count) + ReachedStates.slots(keptAtState.count)
                + ReachedStates.slots(keptDepths.count)) * 4
    }

    private func from(_ edge: Int) -> UInt64 {
        Position(state: Int(keptFromState[edge]), depth: Int(keptDepths[edge] >> 16)).packed
    }

    /// The positions asked about whose child cannot finish: those from which no path of explored steps
    /// reaches a step that finishes the child, nor one that leaves the explored states (the exact
    /// backward-reachability fixpoint of "can finish" on the explored graph; cycles need no special
    /// case, since a position is added once and only from a successor already known to finish).
    func stuck() -> [Position] {
        // The edges by their end's state, so each position's predecessors are among one state's edges: a
        // counting sort over the states (dense numbers), not a comparison sort of the edges.
        // Speed: PERFORMANCE.md, "Round 15, exstep: the explorer".
        var states = 0
        for at in keptAtState where Int(at) >= states { states = Int(at) + 1 }
        var starts = [Int](repeating: 0, count: states + 1)
        for at in keptAtState { starts[Int(at) + 1] += 1 }
        for state in 0..<states { starts[state + 1] += starts[state] }
        var next = starts
        var order = [Int](repeating: 0, count: keptAtState.count)
        for edge in keptAtState.indices {
            let state = Int(keptAtState[edge])
            order[next[state]] = edge
            next[state] += 1
        }
        let seeds = finishes.union(unknown)
        var canFinish = seeds
        var pending = Array(seeds)
        while let packed = pending.popLast() {
            let position = Position(packed: packed)
            guard position.state < states else { continue }
            for slot in starts[position.state]..<starts[position.state + 1] {
                let edge = order[slot]
                guard Int(keptDepths[edge] & 0xFFFF) == position.depth else { continue }
                let earlier = from(edge)
                if canFinish.insert(earlier).inserted { pending.append(earlier) }
            }
        }
        return asked.keys.filter { !canFinish.contains($0) }.sorted().map(Position.init(packed:))
    }
}
