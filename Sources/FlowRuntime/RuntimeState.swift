import FlowModel

/// A route kept by the `preserve` removal policy, to be restored when its child flow starts again.
struct DraftRoute: Hashable {
    var screen: Int
    /// The route's arguments, aligned with the screen's parameters.
    var values: [Value]
}

/// A child flow instance's routes and arguments, kept by its parent after interactive back removed it
/// across a `preserve` route.
struct PreservedDraft: Hashable {
    /// The child's arguments, aligned with its flow's parameters.
    var values: [Value]
    var routes: [DraftRoute]
}

/// One live flow instance, as a value: the coordinator's logic runs on these and then syncs the
/// ``FlowInstance`` objects that own each other.
struct InstanceRecord: Hashable {
    var id: FlowInstanceID
    /// Index of the flow in the bundle.
    var flow: Int
    /// Index of the child declaration in the parent's flow; nil for the root flow instance.
    var declaration: Int?
    /// The flow's arguments, aligned with its parameters.
    var values: [Value]
    /// Preserved drafts of this instance's children, by declaration index.
    var drafts: [Int: PreservedDraft] = [:]
    /// Deep links held by this instance's `queue` policy, opened when it finishes.
    var queuedLinks: [String] = []
}

/// The whole navigation state as a value, so a step can run on a copy and be committed or dropped whole.
///
/// Live instances form a chain, root first: only the top route's instance can push or start a child,
/// so an instance has at most one live child. The path is the chain's routes in chain order
/// (an instance whose start is a child has no routes of its own).
struct RuntimeState {
    /// The serial number of the coordinator the state belongs to; it marks every route it creates.
    var owner = 0
    var path: [Route] = []
    var chain: [InstanceRecord] = []
    var nextInstance = 1
    var nextToken = 1

    /// An empty state of the same coordinator that keeps counting tokens and instance ids, so ids are
    /// never reused.
    func emptied() -> RuntimeState { RuntimeState(owner: owner, nextInstance: nextInstance, nextToken: nextToken) }

    /// The indices in `path` of the routes of the instance at chain position `depth`.
    func routeRange(ofDepth depth: Int) -> Range<Int> {
        let lower = path.firstIndex { $0.depth >= depth } ?? path.count
        let upper = path[lower...].firstIndex { $0.depth > depth } ?? path.count
        return lower..<upper
    }

    /// The chain position of a live instance.
    func depth(of id: FlowInstanceID) -> Int? { chain.firstIndex { $0.id == id } }

    mutating func makeInstanceID() -> FlowInstanceID {
        defer { nextInstance += 1 }
        return FlowInstanceID(nextInstance)
    }

    mutating func makeToken() -> RouteToken {
        defer { nextToken += 1 }
        return RouteToken(nextToken)
    }

    /// Removes the routes from `index` on and every instance left without routes above the new top.
    mutating func cut(at index: Int) {
        removeRoutes(from: index)
        removeInstances(from: path.last.map { $0.depth + 1 } ?? 0)
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
