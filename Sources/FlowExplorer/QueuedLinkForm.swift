import FlowRuntime

/// The form in which the explorer compares the queues of `queue` flows (docs/RUNNING.md, "Reductions"):
/// the state as the step left it, with each queue put in the canonical form of the queue reductions on.
package enum QueuedLinkForm {
    /// `copy` as ``ExploredState/Key`` compares it under `reductions`, and whether that differs from
    /// `copy` (a state the reductions put in a class it does not represent as it is).
    @MainActor
    static func compared(
        _ copy: CoordinatorStateCopy, _ reductions: ExplorationReduction
    ) -> (compared: CoordinatorStateCopy, changed: Bool) {
        var changed = false
        if reductions.contains(.unsoundLastQueuedLinkOnly) {
            let compared = copy.mappingQueuedLinks { links in
                guard links.count > 1 else { return nil }
                changed = true
                return [links[links.count - 1]]
            }
            return (compared, changed)
        }
        var compared = copy
        if reductions.contains(.queuedLinkRepeats), copy.queuesALinkTwice {
            compared = copy.collapsingRepeatedQueuedLinks()
            changed = true
        }
        if reductions.contains(.queuedLinkOrder) {
            compared = compared.mappingQueuedLinks { links in
                let ordered = earlierInOrder(links)
                if ordered != nil { changed = true }
                return ordered
            }
        }
        return (compared, changed)
    }

    /// A queue with the links before its last one sorted (nil when they already are): a step reads the
    /// links before the last only as a collection (each reported superseded or dropped, each checked
    /// alone on restore), never in their order.
    package static func earlierInOrder(_ links: [String]) -> [String]? {
        guard links.count > 2 else { return nil }
        let earlier = links.dropLast()
        let sorted = earlier.sorted()
        return sorted.elementsEqual(earlier) ? nil : sorted + [links[links.count - 1]]
    }
}
