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

    /// The copy with each instance's queued links (a kept tab's included) replaced by what `canonical`
    /// returns for them, left as they are where it returns nil; the copy itself when it returns nil for
    /// every queue. The explorer compares states through it in the canonical forms its reductions prove
    /// (docs/RUNNING.md, "Reductions").
    package func mappingQueuedLinks(_ canonical: ([String]) -> [String]?) -> CoordinatorStateCopy {
        guard let chain = Self.mapping(state.chain, canonical) else { return self }
        var mapped = state
        mapped.chain = chain
        return CoordinatorStateCopy(state: mapped, status: status, confirmation: confirmation)
    }

    private static func mapping(_ chain: [InstanceRecord], _ canonical: ([String]) -> [String]?) -> [InstanceRecord]? {
        var result: [InstanceRecord]?
        for index in chain.indices where chain[index].mayHoldLinks {
            if !chain[index].queuedLinks.isEmpty, let links = canonical(chain[index].queuedLinks) {
                if result == nil { result = chain }
                result![index].queuedLinks = links
            }
            for (tab, kept) in chain[index].tabs?.parked ?? [:] {
                guard let mapped = mapping(kept.chain, canonical) else { continue }
                if result == nil { result = chain }
                result![index].tabs!.parked[tab]!.chain = mapped
            }
        }
        return result
    }

    private static func queuesALinkTwice(_ chain: [InstanceRecord]) -> Bool {
        for record in chain where record.mayHoldLinks {
            // Counted only for two links or more: no set built for a tab set's record, which holds none.
            if record.queuedLinks.count > 1, Set(record.queuedLinks).count < record.queuedLinks.count { return true }
            // A loop, not `contains(where:)`: a closure formed in main-actor code checks its isolation on
            // every call.
            for parked in record.tabs?.parked.values ?? [:].values where queuesALinkTwice(parked.chain) {
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
