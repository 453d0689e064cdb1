import FlowModel

/// Taking a snapshot: the state as a stable description (``FlowSnapshot``), and the links an instance
/// holds. Restoring one is `FlowCoordinator+SnapshotRestoring.swift`.
extension FlowCoordinator {
    /// The current state as a stable description: flows, child declarations, screens and arguments, the
    /// selected tab of every tab set and its other started tabs.
    public func snapshot() -> FlowSnapshot {
        access(ObservedKeyPaths.path)
        return FlowSnapshot(
            instances: snapshotEntries(state.chain, at: 0, path: state.path, parentFlow: nil),
            bundleHash: bundle.contentHash)
    }

    /// The snapshot entries of a run of the chain (`records`, at chain positions from `base` on; the first
    /// is a child of `parentFlow`, or the root) and their routes.
    private func snapshotEntries(_ records: [InstanceRecord], at base: Int, path: [Route], parentFlow: Int?)
        -> [FlowSnapshot.Instance]
    {
        var routesByDepth: [Int: [FlowSnapshot.RouteEntry]] = [:]
        for route in path {
            routesByDepth[route.depth, default: []].append(
                FlowSnapshot.RouteEntry(screen: route.screen, arguments: route.arguments))
        }
        var entries: [FlowSnapshot.Instance] = []
        var parent = parentFlow
        for (offset, record) in records.enumerated() {
            let depth = base + offset
            let graph = bundle.flows[record.flow]
            var entry = FlowSnapshot.Instance(
                child: record.declaration.flatMap { declaration in
                    parent.map { bundle.flows[$0].children[declaration].name }
                },
                flow: graph.name, arguments: graph.parameters.named(record.values), routes: routesByDepth[depth] ?? [],
                queuedLinks: record.queuedLinks,
                pendingLink: record.pendingLink.map {
                    FlowSnapshot.PendingLinkEntry(url: $0.url, continueOn: $0.outcomeName)
                })
            if let tabs = record.tabs {
                entry.selectedTab = graph.children[graph.tabs[tabs.selected].child].name
                var others: [String: [FlowSnapshot.Instance]] = [:]
                for (tab, parked) in tabs.parked {
                    others[graph.children[graph.tabs[tab].child].name] =
                        snapshotEntries(parked.chain, at: depth + 1, path: parked.path, parentFlow: record.flow)
                }
                if !others.isEmpty { entry.otherTabs = others }
            }
            entries.append(entry)
            parent = record.flow
        }
        return entries
    }

    /// The deep links the live instance `id` holds: queued by its flow's `queue` policy, and a guarded link
    /// pending on it (format 1.1). Empty for an instance that is gone.
    public func heldLinks(of id: FlowInstanceID) -> (queued: [String], pending: PendingLink?) {
        access(ObservedKeyPaths.path)
        guard let depth = state.depth(of: id) else { return ([], nil) }
        return (state.chain[depth].queuedLinks, state.chain[depth].pendingLink)
    }
}
