import FlowModel

/// The deep links a step drops with the instances that held them, each reported with a reason.
extension FlowCoordinator {
    /// The records of `chain` and of every tab parked under them (a parked tab's instances stay alive).
    static func withParkedTabs<Chain: Collection<InstanceRecord>>(_ chain: Chain) -> [InstanceRecord] {
        var records = Array(chain)
        var index = 0
        while index < records.count {
            if let tabs = records[index].tabs {
                for position in tabs.parked.keys.sorted() { records += tabs.parked[position]?.chain ?? [] }
            }
            index += 1
        }
        return records
    }

    /// The queued and pending links of the live instances that `chain` no longer holds and that did not
    /// finish in the step (a finished instance's links open or are dropped in ``Transition/finish(at:outcome:values:)``).
    /// - Parameter first: the chain positions before it hold the same records after the step (``EditedArray/keptCount``).
    func droppedLinks<Chain: Collection<InstanceRecord>>(
        keeping chain: Chain, finished: [FinishedFlow], because reason: String?, unchangedBelow first: Int = 0
    ) -> [DeferredLink] {
        // Only records the step changed or removed can drop a link: most steps hold none there, and a step
        // in one tab never reads the other tabs kept under an unchanged tab flow record.
        guard state.chain[first...].mayHoldLinks else { return [] }
        let current = Self.withParkedTabs(state.chain[first...])
        guard current.contains(where: \.holdsLinks) else { return [] }
        let kept = Set(Self.withParkedTabs(chain).map(\.id)).union(finished.map(\.instance))
        var dropped: [DeferredLink] = []
        for record in current where record.holdsLinks && !kept.contains(record.id) {
            let why = reason ?? "flow '\(bundle.flows[record.flow].name)' was removed before it finished"
            for url in Self.heldURLs(of: record) {
                dropped.append(DeferredLink(url: url, status: .rejected, reason: .linkDropped(url: url, because: why)))
            }
        }
        return dropped
    }

    /// The queued and pending links that instances a restore keeps (put back with their ids: RestorePutBack.swift)
    /// held before it and no longer hold in the restored `chain`, each as often as it is no longer held: a
    /// restore reports the links the state before it held and the state after it does not, by holder
    /// (docs/RUNNING.md, "Snapshots"). The links of the instances it removes are ``droppedLinks(keeping:finished:because:unchangedBelow:)``'s.
    func linksNoLongerHeld<Chain: Collection<InstanceRecord>>(by chain: Chain, because reason: String?)
        -> [DeferredLink]
    {
        guard state.chain.mayHoldLinks else { return [] }
        let before = Self.withParkedTabs(state.chain).filter(\.holdsLinks)
        guard !before.isEmpty else { return [] }
        var held: [FlowInstanceID: [String]] = [:]
        for record in Self.withParkedTabs(chain) { held[record.id] = Self.heldURLs(of: record) }
        var dropped: [DeferredLink] = []
        for record in before {
            guard var still = held[record.id] else { continue }
            for url in Self.heldURLs(of: record) {
                if let index = still.firstIndex(of: url) {
                    still.remove(at: index)
                    continue
                }
                let why = reason ?? "the restored flow '\(bundle.flows[record.flow].name)' no longer holds it"
                dropped.append(DeferredLink(url: url, status: .rejected, reason: .linkDropped(url: url, because: why)))
            }
        }
        return dropped
    }

    /// The queued links of `record`, then its pending link's URL.
    private static func heldURLs(of record: InstanceRecord) -> [String] {
        record.queuedLinks + (record.pendingLink.map { [$0.url] } ?? [])
    }
}
