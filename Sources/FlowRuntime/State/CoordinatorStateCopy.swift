import FlowModel

/// A coordinator's whole navigation state as one value: the path and instances (with their held links,
/// kept tabs and drafts), the status and the pending confirmation. ``FlowCoordinator/copyState()`` takes
/// it and ``FlowCoordinator/restoreState(_:)`` puts it back, so a tool that explores states (FlowExplorer,
/// `flowc check`) reaches a state by copying it instead of replaying the steps that built it. Copying is
/// cheap: the arrays are shared until a step changes them.
///
/// Two copies are equal when their states are the same up to route tokens and instance ids (numbers a
/// coordinator hands out in order, which mean nothing about what is shown): the same instances in the
/// same order (flow, declaration, arguments, presentation, stack, held links, kept tabs, drafts), the same
/// routes (screen, arguments, owning instance's position), the same status, and the same pending
/// confirmation (prompt, screen, the position of its route and how many routes stay). The step that waits
/// for a confirmation, a closure, is not compared: a caller that needs it tells waiting steps apart itself.
/// The hash agrees with that equality and reads everything it compares, so two copies that differ have
/// equal hashes only by chance (the explorer keeps a state as its 64-bit hash: docs/RUNNING.md, "How
/// states are kept").
@MainActor
package struct CoordinatorStateCopy: @MainActor Hashable {
    let state: RuntimeState
    let status: CoordinatorStatus
    let confirmation: ConfirmationState

    /// The status the copy was taken in.
    package var coordinatorStatus: CoordinatorStatus { status }

    /// Whether a confirmation is pending in the copy.
    package var isAskingForConfirmation: Bool { confirmation.asked != nil }

    /// One live instance of the copy, as an explorer reads it: no arguments, nothing built for a host.
    package struct Instance: Sendable {
        package var id: Int
        /// The flow's index in the bundle.
        package var flow: Int
        /// The child declaration's index in the parent's flow; nil for the root.
        package var declaration: Int?
        /// The parent's id; nil for the root.
        package var parent: Int?
        package var presentation: Presentation
        /// Whether it is in a tab that is not selected.
        package var kept: Bool
        /// Whether its flow has tabs (it shows a tab set when shown).
        package var hasTabs: Bool
        /// The deep links it holds: queued, then the pending one.
        package var heldLinks: [String]
    }

    /// Every live instance: the shown chain first, root first, then the instances of kept tabs (each
    /// tab's chain, parents before children), at every depth. O(instances); no argument is read.
    package var instances: [Instance] {
        var all: [Instance] = []
        var pending: [(chain: ArraySlice<InstanceRecord>, parent: Int?, kept: Bool)] = [(state.chain[...], nil, false)]
        while !pending.isEmpty {
            let (chain, first, kept) = pending.removeFirst()
            var parent = first
            for record in chain {
                var links = record.queuedLinks
                if let link = record.pendingLink { links.append(link.url) }
                all.append(
                    Instance(
                        id: record.id.rawValue, flow: record.flow, declaration: record.declaration, parent: parent,
                        presentation: record.presentation, kept: kept, hasTabs: record.tabs != nil, heldLinks: links))
                if let tabs = record.tabs {
                    for tab in tabs.parked.keys.sorted() {
                        pending.append((tabs.parked[tab]!.chain[...], record.id.rawValue, true))
                    }
                }
                parent = record.id.rawValue
            }
        }
        return all
    }

    package static func == (lhs: CoordinatorStateCopy, rhs: CoordinatorStateCopy) -> Bool {
        lhs.status == rhs.status && sameChain(lhs.state.chain, rhs.state.chain)
            && samePath(lhs.state.path, rhs.state.path)
            && sameConfirmation(lhs.confirmation, lhs.state.path, rhs.confirmation, rhs.state.path)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        Self.hashChain(state.chain, into: &hasher)
        Self.hashPath(state.path, into: &hasher)
        if let asked = confirmation.asked {
            hasher.combine(asked.prompt)
            hasher.combine(asked.flow)
            hasher.combine(asked.screen)
            hasher.combine(asked.keepCount)
            hasher.combine(confirmation.link)
            hasher.combine(state.path.firstIndex { $0.token == asked.route })
            Self.hashPath(asked.path, into: &hasher)
            Self.hashPath(asked.routes, into: &hasher)
        } else {
            hasher.combine(confirmation.link)
        }
    }

    // Records and routes compare without their ids and tokens: an instance's id is fixed by its position
    // in its chain (routes name their instance by that position, `depth`), a route's token by its position
    // on its path.

    private static func sameChain(_ lhs: [InstanceRecord], _ rhs: [InstanceRecord]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in lhs.indices where !sameRecord(lhs[index], rhs[index]) { return false }
        return true
    }

    private static func sameRecord(_ lhs: InstanceRecord, _ rhs: InstanceRecord) -> Bool {
        guard lhs.flow == rhs.flow, lhs.declaration == rhs.declaration, lhs.values == rhs.values,
            lhs.presentation == rhs.presentation, lhs.stackDepth == rhs.stackDepth,
            lhs.queuedLinks == rhs.queuedLinks, lhs.pendingLink == rhs.pendingLink, lhs.drafts == rhs.drafts
        else { return false }
        switch (lhs.tabs, rhs.tabs) {
        case (nil, nil): return true
        case (let left?, let right?):
            guard left.selected == right.selected, left.parked.count == right.parked.count else { return false }
            for (tab, parked) in left.parked {
                guard let other = right.parked[tab], sameChain(parked.chain, other.chain),
                    samePath(parked.path, other.path)
                else { return false }
            }
            return true
        default: return false
        }
    }

    private static func samePath(_ lhs: [Route], _ rhs: [Route]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in lhs.indices {
            let left = lhs[index]
            let right = rhs[index]
            guard left.flowIndex == right.flowIndex, left.screenIndex == right.screenIndex, left.depth == right.depth,
                left.values == right.values
            else { return false }
        }
        return true
    }

    private static func sameConfirmation(
        _ lhs: ConfirmationState, _ lhsPath: [Route], _ rhs: ConfirmationState, _ rhsPath: [Route]
    ) -> Bool {
        switch (lhs.asked, rhs.asked) {
        case (nil, nil): return lhs.link == rhs.link
        case (let left?, let right?):
            return left.prompt == right.prompt && left.flow == right.flow && left.screen == right.screen
                && left.keepCount == right.keepCount && lhs.link == rhs.link
                && lhsPath.firstIndex { $0.token == left.route } == rhsPath.firstIndex { $0.token == right.route }
                && samePath(left.path, right.path) && samePath(left.routes, right.routes)
        default: return false
        }
    }

    private static func hashChain(_ chain: [InstanceRecord], into hasher: inout Hasher) {
        hasher.combine(chain.count)
        for record in chain {
            hasher.combine(record.flow)
            hasher.combine(record.declaration)
            hasher.combine(record.values)
            hasher.combine(record.presentation)
            hasher.combine(record.stackDepth)
            hasher.combine(record.queuedLinks)
            hasher.combine(record.pendingLink)
            hasher.combine(record.drafts)
            hasher.combine(record.tabs != nil)
            if let tabs = record.tabs {
                hasher.combine(tabs.selected)
                // Parked tabs in the order of their positions: a dictionary's order is not stable.
                for tab in tabs.parked.keys.sorted() {
                    hasher.combine(tab)
                    hashChain(tabs.parked[tab]!.chain, into: &hasher)
                    hashPath(tabs.parked[tab]!.path, into: &hasher)
                }
            }
        }
    }

    private static func hashPath(_ path: [Route], into hasher: inout Hasher) {
        hasher.combine(path.count)
        for route in path {
            hasher.combine(route.flowIndex)
            hasher.combine(route.screenIndex)
            hasher.combine(route.depth)
            hasher.combine(route.values)
        }
    }
}
