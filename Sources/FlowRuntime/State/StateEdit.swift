// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// The navigation state as a step changes it: an edit of the coordinator's ``RuntimeState`` that leaves
/// it untouched until the step commits (``RuntimeState/apply(_:)``), and is simply dropped when the step
/// is rejected.
struct StateEdit {
    /// The serial number of the coordinator the state belongs to; it marks every route it creates.
    let owner: Int
    var path: EditedArray<Route>
    var chain: EditedArray<InstanceRecord>
    var nextInstance: Int
    var nextToken: Int

    /// An edit of `state` that has changed nothing yet, appending into `storage` (``EditStorage``).
    init(_ state: RuntimeState, appendingInto storage: EditStorage = EditStorage()) {
        owner = state.owner
        path = EditedArray(state.path, appendingInto: storage.routes)
        chain = EditedArray(state.chain, appendingInto: storage.records)
        nextInstance = state.nextInstance
        nextToken = state.nextToken
    }

    /// Whether applying the edit to `state`, the state it started from, changes its path or instance chain.
    func changes(_ state: RuntimeState) -> Bool {
        !path.leavesUnchanged(state.path) || !chain.leavesUnchanged(state.chain)
    }

    /// The indices in `path` of the routes of the instance at chain position `depth`.
    func routeRange(ofDepth depth: Int) -> Range<Int> { path.routeRange(ofDepth: depth) }

    mutating func makeInstanceID() -> FlowInstanceID {
        defer { nextInstance += 1 }
        return FlowInstanceID(nextInstance)
    }

    mutating func makeToken() -> RouteToken {
        defer { nextToken += 1 }
        return RouteToken(nextToken, owner: owner)
    }

    /// Removes every route and instance, keeping the token and id counters, so ids are never reused.
    mutating func removeAll() {
        removeRoutes(from: 0)
        removeInstances(from: 0)
    }

    /// Removes the routes from `index` on and every instance left without routes above the new top, except a
    /// tab flow whose own layer goes, which shows its selected tab again (``LayerCut/keptInstances(cuttingAt:path:chain:)``).
    mutating func cut(at index: Int) {
        let keepFrom = LayerCut.keptInstances(cuttingAt: index, path: path, chain: chain)
        removeRoutes(from: index)
        removeInstances(from: keepFrom)
    }

    /// Removes the routes from `index` on.
    mutating func removeRoutes(from index: Int) {
        path.truncate(to: index)
    }

    /// Removes the instances from chain position `depth` on.
    mutating func removeInstances(from depth: Int) {
        chain.truncate(to: depth)
    }
}

// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// The empty arrays a committed edit leaves for the next one to append into (``EditedArray/apply(to:)``).
struct EditStorage {
    var routes: [Route] = []
    var records: [InstanceRecord] = []
}
