import FlowModel

/// Where a route sits in the tree, by child declaration names: what a typed route is built from.
extension FlowCoordinator {
    /// The child declaration names of the instance chain that holds `route` (chain positions 1 on, one name
    /// each), when a stack of the tree holds it: the shown path, or a kept tab's, at any depth. Nil for a
    /// removed route or another coordinator's. Reads the state without registering observation; the kept
    /// tabs are searched one after the other (no recursion), only when the shown path lacks the route.
    func lineage(of route: Route) -> [String]? {
        guard route.owner == state.owner else { return nil }
        // One run of the tree to search: its records (from chain position `prefix.count + 1`, or 0 for the
        // shown chain), their path, the names of the positions before the run, and the flow before it.
        struct Run {
            var records: [InstanceRecord]
            var path: [Route]
            var base: Int
            var prefix: [String]
            var parentFlow: Int?
        }
        var pending = [Run(records: state.chain, path: state.path, base: 0, prefix: [], parentFlow: nil)]
        while let run = pending.popLast() {
            var names = run.prefix
            names.reserveCapacity(run.prefix.count + run.records.count)
            for position in run.records.indices {
                let record = run.records[position]
                let parent = position == 0 ? run.parentFlow : run.records[position - 1].flow
                if let parent, let declaration = record.declaration {
                    names.append(bundle.flows[parent].children[declaration].name)
                } else if run.base + position > 0 {
                    names.append("")
                }
            }
            if run.path.contains(where: { $0 == route }) { return names }
            for position in run.records.indices {
                guard let tabs = run.records[position].tabs else { continue }
                let depth = run.base + position
                for kept in tabs.parked.values {
                    pending.append(
                        Run(
                            records: kept.chain, path: kept.path, base: depth + 1, prefix: Array(names.prefix(depth)),
                            parentFlow: run.records[position].flow))
                }
            }
        }
        return nil
    }
}
