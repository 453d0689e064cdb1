import FlowModel

/// What a step says of the instances it removes without finishing them (``StepResult/removed``): every
/// instance that leaves the state in a step is either finished (``finished``) or removed, with why
/// (docs/RUNNING.md, "Guarantees", 8). The removal itself happens where the step removes routes and
/// instances; this only names what left.
extension Transition {
    /// Records that the instances above chain position `depth` (and the kept tabs of the one at `including`
    /// and of those above it) are about to go because of `cause` (a `replaceRoot` of the instance at `depth`,
    /// or its `finish`), where that is not the step's own ``cause``. Costs nothing when nothing is above it.
    mutating func noteRemoval(above depth: Int, including owner: Int, as cause: RemovedFlow.Cause) {
        guard state.chain.count > depth + 1 || state.chain.tabs(at: owner) != nil else { return }
        noteRemoval(of: state.chain[owner...], sparing: max(0, depth + 1 - owner), as: cause)
    }

    /// Records that the instances of `records` but the first `spared` of them, and the first instance of
    /// every tab kept under any of them (its other instances go with it), go because of `cause`.
    mutating func noteRemoval(
        of records: some Sequence<InstanceRecord>, sparing spared: Int, as cause: RemovedFlow.Cause
    ) {
        Self.note(records, sparing: spared, as: cause, in: &removalCauses)
    }

    /// ``noteRemoval(of:sparing:as:)`` into `causes`, changed in place.
    private static func note(
        _ records: some Sequence<InstanceRecord>, sparing spared: Int, as cause: RemovedFlow.Cause,
        in causes: inout [FlowInstanceID: RemovedFlow.Cause]
    ) {
        for (offset, record) in records.enumerated() {
            if offset >= spared { causes[record.id] = cause }
            if let tabs = record.tabs {
                for parked in tabs.parked.values { causes[parked.chain[0].id] = cause }
            }
        }
    }

    /// The instances of `old` (the state before the step) that this step removes without finishing them: the
    /// records of its chain that are neither in the new chain, nor set aside in a kept tab, nor finished; the
    /// instances of the kept tabs it drops (``droppedKeptTabs(from:)``), with those kept inside them; and
    /// those back on a kept tab removed. Chain order first, then kept tabs in tab order.
    /// - Parameter droppedKept: ``droppedKeptTabs(from:)`` of `old`'s chain.
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    func removedInstances(from old: RuntimeState, droppedKept: [DroppedKeptTab]) -> [RemovedFlow] {
        let kept = state.chain.keptCount
        guard kept < old.chain.count else { return removedInKeptTabs }
        var removed: [RemovedFlow] = []
        for depth in kept..<old.chain.count {
            let id = old.chain[depth].id
            if isInNewChain(id, from: kept) || isKept(id) || hasFinished(id) { continue }
            removed.append(
                removedFlow(
                    id, flow: old.chain[depth].flow, declaration: old.chain[depth].declaration,
                    parentFlow: depth > 0 ? old.chain[depth - 1].flow : nil, cause: removalCause(of: id)))
        }
        for (tabFlow, _, parked, owner) in droppedKept {
            let cause = removalCauses[parked.chain[0].id] ?? removalCause(of: owner)
            report(parked.chain[...], parentFlow: tabFlow, cause: cause, withKeptTabs: true, into: &removed)
        }
        let inKeptTabs = removedInKeptTabs
        if !inKeptTabs.isEmpty { removed += inKeptTabs }
        return removed
    }

    /// Appends a report of each of `records` (a run of a chain, the first a child of `parentFlow`), and, with
    /// `withKeptTabs`, of the instances of the tabs kept under them, at any depth, in tab order.
    func report(
        _ records: ArraySlice<InstanceRecord>, parentFlow: Int?, cause: RemovedFlow.Cause, withKeptTabs: Bool,
        into removed: inout [RemovedFlow]
    ) {
        var pending: [(ArraySlice<InstanceRecord>, Int?)] = [(records, parentFlow)]
        while !pending.isEmpty {
            let (run, parent) = pending.removeFirst()
            for position in run.indices {
                let record = run[position]
                let parentFlow = position == run.startIndex ? parent : run[position - 1].flow
                removed.append(
                    removedFlow(
                        record.id, flow: record.flow, declaration: record.declaration, parentFlow: parentFlow,
                        cause: cause))
                guard withKeptTabs, let tabs = record.tabs else { continue }
                for tab in tabs.parked.keys.sorted() {
                    if let parked = tabs.parked[tab] { pending.append((parked.chain[...], record.flow)) }
                }
            }
        }
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// The report of instance `id` of flow `flow`, started by its parent's child declaration `declaration`
    /// of `parentFlow` (both nil for a root instance).
    private func removedFlow(
        _ id: FlowInstanceID, flow: Int, declaration: Int?, parentFlow: Int?, cause: RemovedFlow.Cause
    ) -> RemovedFlow {
        let flows = bundle.flows
        var child: String?
        if let declaration, let parentFlow { child = flows[parentFlow].children[declaration].name }
        return RemovedFlow(instance: id, flow: flows[flow].name, child: child, cause: cause)
    }

    /// Whether instance `id` is in the new chain at position `first` or above.
    private func isInNewChain(_ id: FlowInstanceID, from first: Int) -> Bool {
        for position in first..<state.chain.count where state.chain.id(at: position) == id { return true }
        return false
    }
}
