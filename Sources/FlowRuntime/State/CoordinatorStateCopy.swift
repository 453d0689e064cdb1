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
    package var isAskingForConfirmation: Bool {
        // Matched, not `confirmation.asked != nil`, which copies the question out.
        if case .asking = confirmation { return true }
        return false
    }

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
        all.reserveCapacity(state.chain.count)
        // The kept tabs' chains still to read, in order: a queue read by position, empty (not allocated)
        // when no instance parks tabs.
        var parked: [(chain: ArraySlice<InstanceRecord>, parent: Int)] = []
        Self.appendInstances(of: state.chain[...], parent: nil, kept: false, to: &all, parking: &parked)
        var next = 0
        while next < parked.count {
            let (chain, parent) = parked[next]
            next += 1
            Self.appendInstances(of: chain, parent: parent, kept: true, to: &all, parking: &parked)
        }
        return all
    }

    /// Appends the instances of `chain` (each the child of the one before, the first of `parent`) to `all`,
    /// and the chains of the tabs each parks to `parked`.
    private static func appendInstances(
        of chain: ArraySlice<InstanceRecord>, parent first: Int?, kept: Bool, to all: inout [Instance],
        parking parked: inout [(chain: ArraySlice<InstanceRecord>, parent: Int)]
    ) {
        var parent = first
        for index in chain.indices {
            let id = chain[index].id.rawValue
            var links: [String] = []
            if chain[index].mayHoldLinks {
                links = chain[index].queuedLinks
                if let link = chain[index].pendingLink { links.append(link.url) }
            }
            let tabs = chain[index].tabs
            all.append(
                Instance(
                    id: id, flow: chain[index].flow, declaration: chain[index].declaration, parent: parent,
                    presentation: chain[index].presentation, kept: kept, hasTabs: tabs != nil, heldLinks: links))
            if let tabs {
                for tab in tabs.parked.keys.sorted() { parked.append((tabs.parked[tab]!.chain[...], id)) }
            }
            parent = id
        }
    }

    package static func == (lhs: CoordinatorStateCopy, rhs: CoordinatorStateCopy) -> Bool {
        lhs.status == rhs.status && sameChain(lhs.state.chain, rhs.state.chain)
            && samePath(lhs.state.path, rhs.state.path)
            && sameConfirmation(lhs.confirmation, lhs.state.path, rhs.confirmation, rhs.state.path)
    }

    /// The copy's fingerprint (``fingerprint(into:)``): the hash reads every field once, with no SipHash
    /// round per field.
    package func hash(into hasher: inout Hasher) {
        var mixer = StateFingerprint()
        fingerprint(into: &mixer)
        hasher.combine(mixer.value)
    }

    /// Mixes everything `==` compares into `mixer`, and nothing else (no token or instance id), so equal
    /// copies mix alike. The explorer keeps a visited state as this fingerprint with its answers
    /// (docs/RUNNING.md, "How states are kept").
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    package func fingerprint(into mixer: inout StateFingerprint) {
        fingerprint(into: &mixer, chain: chainFingerprint)
    }

    /// The fingerprint of the instance records alone (``fingerprint(into:chain:)`` mixes it in): a function
    /// of the chain's storage, so two copies that hold the same records (``hasSameInstances(as:)``) have the
    /// same one, and an explorer takes it once for both.
    // Speed: PERFORMANCE.md, "Round 14, the explorer" (FlowExplorer).
    package var chainFingerprint: UInt64 {
        var mixer = StateFingerprint()
        Self.mixChain(state.chain, into: &mixer)
        return mixer.value
    }

    /// ``fingerprint(into:)`` with the records' part given: `chain` must be this copy's ``chainFingerprint``
    /// (or that of a copy with the same records).
    package func fingerprint(into mixer: inout StateFingerprint, chain: UInt64) {
        switch status {
        case .idle: mixer.mix(1)
        case .running: mixer.mix(2)
        case .finished(let outcome):
            mixer.mix(3)
            mixer.mix(outcome)
        case .stopped: mixer.mix(4)
        }
        mixer.mix(chain)
        Self.mixPath(state.path, into: &mixer)
        mixer.mix(confirmation.link)
        guard let asked = confirmation.asked else { return mixer.mix(false) }
        mixer.mix(true)
        mixer.mix(asked.prompt)
        mixer.mix(asked.flow)
        mixer.mix(asked.screen)
        mixer.mix(asked.keepCount)
        mixer.mix(Self.position(of: asked.route, in: state.path))
        Self.mixPath(asked.path, into: &mixer)
        Self.mixPath(asked.routes, into: &mixer)
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
        guard lhs.flow == rhs.flow, lhs.declaration == rhs.declaration, lhs.presentation == rhs.presentation,
            lhs.stackDepth == rhs.stackDepth, lhs.values == rhs.values
        else { return false }
        // Most records hold none of the rare fields (links, tabs, drafts): read them only when one does.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        let rare = holdsRareFields(lhs)
        guard rare == holdsRareFields(rhs) else { return false }
        guard rare else { return true }
        guard lhs.queuedLinks == rhs.queuedLinks, lhs.pendingLink == rhs.pendingLink, lhs.drafts == rhs.drafts
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

    /// Whether `record` holds a queued or pending link, tabs or drafts: a record that holds none has each
    /// of them empty, so two such records agree on all four.
    private static func holdsRareFields(_ record: InstanceRecord) -> Bool { record.mayHoldLinks || record.hasDrafts }

    /// The position on `path` of the route `token` names, if one; a loop, not `firstIndex(where:)`: a
    /// closure formed in main-actor code checks its isolation on every call.
    private static func position(of token: RouteToken, in path: [Route]) -> Int? {
        for index in path.indices where path[index].token == token { return index }
        return nil
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
                && position(of: left.route, in: lhsPath) == position(of: right.route, in: rhsPath)
                && samePath(left.path, right.path) && samePath(left.routes, right.routes)
        default: return false
        }
    }

    private static func mixChain(_ chain: [InstanceRecord], into mixer: inout StateFingerprint) {
        mixer.mix(chain.count)
        for index in chain.indices {
            mixer.mix(chain[index].flow)
            mixer.mix(chain[index].declaration)
            mixer.mix(chain[index].values)
            switch chain[index].presentation {
            case .push: mixer.mix(1)
            case .sheet: mixer.mix(2)
            case .cover: mixer.mix(3)
            }
            mixer.mix(chain[index].stackDepth)
            // As `sameRecord` compares them: the rare fields only when the record holds one.
            let rare = holdsRareFields(chain[index])
            mixer.mix(rare)
            guard rare else { continue }
            let links = chain[index].queuedLinks
            mixer.mix(links.count)
            for link in links { mixer.mix(link) }
            // No pending link and no drafts (most records that hold rare fields: a tab set's) mix a word each,
            // not a `Hasher`'s hash of nothing. Speed: PERFORMANCE.md, "Round 16, explorer".
            if let link = chain[index].pendingLink {
                mixer.mix(true)
                mixer.mix(hashing: link)
            } else {
                mixer.mix(false)
            }
            let drafts = chain[index].drafts
            if drafts.isEmpty {
                mixer.mix(false)
            } else {
                mixer.mix(true)
                mixer.mix(hashing: drafts)
            }
            guard let tabs = chain[index].tabs else {
                mixer.mix(false)
                continue
            }
            mixer.mix(true)
            mixer.mix(tabs.selected)
            mixer.mix(tabs.parked.count)
            // Parked tabs in the order of their positions: a dictionary's order is not stable (one parked tab
            // needs no sorted array).
            if tabs.parked.count == 1, let only = tabs.parked.first {
                mixer.mix(only.key)
                mixChain(only.value.chain, into: &mixer)
                mixPath(only.value.path, into: &mixer)
                continue
            }
            for tab in tabs.parked.keys.sorted() {
                mixer.mix(tab)
                mixChain(tabs.parked[tab]!.chain, into: &mixer)
                mixPath(tabs.parked[tab]!.path, into: &mixer)
            }
        }
    }

    private static func mixPath(_ path: [Route], into mixer: inout StateFingerprint) {
        mixer.mix(path.count)
        for route in path {
            mixer.mix(route.flowIndex)
            mixer.mix(route.screenIndex)
            mixer.mix(route.depth)
            mixer.mix(route.values)
        }
    }
}
