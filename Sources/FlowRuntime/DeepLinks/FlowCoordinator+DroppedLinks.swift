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
            for url in record.queuedLinks + (record.pendingLink.map { [$0.url] } ?? []) {
                dropped.append(DeferredLink(url: url, status: .rejected, reason: .linkDropped(url: url, because: why)))
            }
        }
        return dropped
    }

    /// Of the links `dropped` with the instances a restore replaced, those the restored `chain` does not hold
    /// again: a restore reports what the state before it held and the state after it does not, so a queued
    /// or pending link it puts back (the same URL, as many times as it is held) is not dropped
    /// (docs/RUNNING.md, "Snapshots").
    static func linksNotHeldAgain<Chain: Collection<InstanceRecord>>(_ dropped: [DeferredLink], by chain: Chain)
        -> [DeferredLink]
    {
        var held: [String: Int] = [:]
        for record in withParkedTabs(chain) where record.holdsLinks {
            for url in record.queuedLinks + (record.pendingLink.map { [$0.url] } ?? []) { held[url, default: 0] += 1 }
        }
        return dropped.filter { link in
            guard let count = held[link.url], count > 0 else { return true }
            held[link.url] = count - 1
            return false
        }
    }
}
