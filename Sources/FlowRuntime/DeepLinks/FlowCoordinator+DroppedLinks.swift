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

    /// The queued and pending links a restore drops, judged by URL (``RestoreDroppedLinks``, docs/RUNNING.md,
    /// "Snapshots"): a URL is reported only as often as the state before it held it more times than the
    /// restored `chain` does, whichever instance holds it; a link that one instance held and another holds
    /// after the restore is not reported. Each is reported for a holder that no longer holds it, in the
    /// order of the holders before the restore: an instance it removes ("was removed before it finished"),
    /// or one it keeps without the link ("no longer holds it"); `reason`, when given, is why for each.
    func linksARestoreDrops<Chain: Collection<InstanceRecord>>(to chain: Chain, because reason: String?)
        -> [DeferredLink]
    {
        guard state.chain.mayHoldLinks else { return [] }
        let before = Self.withParkedTabs(state.chain).filter(\.holdsLinks)
        guard !before.isEmpty else { return [] }
        let after = Self.withParkedTabs(chain)
        var counts = RestoreDroppedLinks.counts(
            before: before.lazy.flatMap(Self.heldURLs(of:)), after: after.lazy.flatMap(Self.heldURLs(of:)))
        guard !counts.isEmpty else { return [] }
        var held: [FlowInstanceID: [String]] = [:]
        for record in after { held[record.id] = Self.heldURLs(of: record) }
        var dropped: [DeferredLink] = []
        for record in before {
            let kept = held[record.id] != nil
            var still = held[record.id] ?? []
            for url in Self.heldURLs(of: record) {
                if let index = still.firstIndex(of: url) {
                    still.remove(at: index)
                    continue
                }
                guard let count = counts[url], count > 0 else { continue }
                counts[url] = count - 1
                let flow = bundle.flows[record.flow].name
                let why =
                    reason
                    ?? (kept
                        ? "the restored flow '\(flow)' no longer holds it"
                        : "flow '\(flow)' was removed before it finished")
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
