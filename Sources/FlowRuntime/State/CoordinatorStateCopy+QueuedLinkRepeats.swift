/// Queued links up to repeats: the canonical form the explorer compares states in (docs/RUNNING.md,
/// "Reductions").
extension CoordinatorStateCopy {
    /// Whether some instance (a kept tab's included) queues one URL more than once.
    package var queuesALinkTwice: Bool { Self.queuesALinkTwice(state.chain) }

    /// The copy with each instance's queued links cut to the last time each URL arrived, in the order of
    /// those last arrivals (`/a /b /a` becomes `/b /a`); the copy itself when no instance queues a URL
    /// twice. A step reads a queue only as a sequence it appends to, whose last link opens when its
    /// instance finishes (each earlier one reported superseded) and whose links are each reported dropped
    /// when the instance goes, each validated alone on restore: the two copies then take every step the
    /// same way, and the links those steps report differ only in how often a superseded or dropped URL is
    /// named.
    package func collapsingRepeatedQueuedLinks() -> CoordinatorStateCopy {
        guard queuesALinkTwice else { return self }
        var collapsed = state
        collapsed.chain = Self.collapsing(state.chain)
        return CoordinatorStateCopy(state: collapsed, status: status, confirmation: confirmation)
    }

    private static func queuesALinkTwice(_ chain: [InstanceRecord]) -> Bool {
        for record in chain where record.mayHoldLinks {
            if Set(record.queuedLinks).count < record.queuedLinks.count { return true }
            if let parked = record.tabs?.parked.values, parked.contains(where: { queuesALinkTwice($0.chain) }) {
                return true
            }
        }
        return false
    }

    private static func collapsing(_ chain: [InstanceRecord]) -> [InstanceRecord] {
        var chain = chain
        for index in chain.indices where chain[index].mayHoldLinks {
            let queued = chain[index].queuedLinks
            if Set(queued).count < queued.count {
                var seen: Set<String> = []
                chain[index].queuedLinks = queued.reversed().filter { seen.insert($0).inserted }.reversed()
            }
            if let parked = chain[index].tabs?.parked {
                for (tab, kept) in parked where queuesALinkTwice(kept.chain) {
                    chain[index].tabs!.parked[tab]!.chain = collapsing(kept.chain)
                }
            }
        }
        return chain
    }
}
