/// Telling in O(1) that a copy is another one itself, for an explorer that steps from a state and asks
/// whether the step changed it (docs/PERFORMANCE.md, "Shapes kept for speed", FlowExplorer).
extension CoordinatorStateCopy {
    /// Whether `other` is this very copy: the same storage for the path and the instance records (a step
    /// that changes either writes new storage, the arrays being shared by the copies), the same counters,
    /// the same status and no confirmation pending in either. Identical copies are equal (`==`) and hash
    /// alike, and their instances have the same ids; equal copies need not be identical. O(1): no record
    /// or route is read.
    package func isIdentical(to other: CoordinatorStateCopy) -> Bool {
        guard status == other.status, state.owner == other.state.owner,
            state.nextInstance == other.state.nextInstance, state.nextToken == other.state.nextToken,
            case .none = confirmation, case .none = other.confirmation
        else { return false }
        return Self.sameStorage(state.path, other.state.path) && Self.sameStorage(state.chain, other.state.chain)
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    static func sameStorage<Element>(_ lhs: [Element], _ rhs: [Element]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.isEmpty { return true }
        return lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
        }
    }
}
