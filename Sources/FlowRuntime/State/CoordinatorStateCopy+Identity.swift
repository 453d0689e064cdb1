/// Telling in O(1) that a copy is another one itself, for an explorer that steps from a state and asks
/// whether the step changed it (docs/PERFORMANCE.md, "Shapes kept for speed", FlowExplorer).
extension CoordinatorStateCopy {
    /// Whether `other` is this very copy: the same storage for the path and the instance records (a step
    /// that changes either writes new storage, the arrays being shared by the copies), the same counters,
    /// the same status, and either no confirmation pending in either or the same question pending in both
    /// (its routes in the same storage: a refused step leaves a pending confirmation as it was). Identical
    /// copies are equal (`==`) and hash alike, and their instances have the same ids; equal copies need not
    /// be identical. O(1): no record or route is read.
    package func isIdentical(to other: CoordinatorStateCopy) -> Bool {
        guard status == other.status, state.owner == other.state.owner,
            state.nextInstance == other.state.nextInstance, state.nextToken == other.state.nextToken,
            Self.sameStorage(state.path, other.state.path), Self.sameStorage(state.chain, other.state.chain)
        else { return false }
        switch (confirmation, other.confirmation) {
        case (.none, .none): return true
        case (.asking(let left, _, let leftLink), .asking(let right, _, let rightLink)):
            return left.route == right.route && left.keepCount == right.keepCount && left.prompt == right.prompt
                && left.flow == right.flow && left.screen == right.screen && leftLink == rightLink
                && Self.sameStorage(left.path, right.path) && Self.sameStorage(left.routes, right.routes)
        default: return false
        }
    }

    /// Whether `other` holds this copy's very instance records (the same storage for the chain: a step that
    /// changes a record, adds or removes one writes new storage). Then ``instances`` of both are the same,
    /// ids included; the routes, the status and the confirmation may differ. O(1): no record is read.
    // Speed: PERFORMANCE.md, "Round 14, the explorer" (FlowExplorer).
    package func hasSameInstances(as other: CoordinatorStateCopy) -> Bool {
        Self.sameStorage(state.chain, other.state.chain)
    }

    /// This copy with `other`'s instance records in place of its own (its path, status and confirmation
    /// kept): the canonical form of a copy whose records are those of a copy `other` was derived from
    /// (``hasSameInstances(as:)``), when that form changes the records alone.
    package func withInstances(of other: CoordinatorStateCopy) -> CoordinatorStateCopy {
        var replaced = state
        replaced.chain = other.state.chain
        return CoordinatorStateCopy(state: replaced, status: status, confirmation: confirmation)
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed". Not isolated: a closure formed in main-actor code
    // checks its isolation on every call.
    nonisolated static func sameStorage<Element>(_ lhs: [Element], _ rhs: [Element]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.isEmpty { return true }
        return lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
        }
    }
}
