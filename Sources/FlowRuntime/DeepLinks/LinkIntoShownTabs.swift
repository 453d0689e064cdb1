import FlowModel

/// A deep link into a tab set that is shown (docs/RUNNING.md, "Deep links into shown tabs"; since format 1.2).
///
/// A link is first built whole on a fresh state and checked there, as every link is. When its routes pass
/// through a tab flow instance the coordinator shows now — every instance and route below that tab flow is
/// the one shown now, with the same arguments — and the link does not declare `tabs: replace`, the link
/// keeps that instance and what lies below it, selects the link's tab, and puts the link's routes for that
/// tab in place of the tab's stack. The other tabs keep their stacks (go_router's StatefulShellRoute keeps
/// its branches the same way). The shown tab, when the link selects another, is kept aside as a selection
/// keeps it, without the layers presented over it (a kept tab has none); those layers, and the stack the
/// link's own tab had, go, under the removal guard, and every kept tab the link drops is reported in
/// ``StepResult/droppedTabs``.
extension FlowCoordinator {
    /// A link's state read against the tab set it passes through, shown now: what ``keepingShownTabs(_:reading:)``
    /// builds from and what ``LinkShownAgain`` reads, read once for both (one build, one reading).
    // Speed: PERFORMANCE.md, "Round 15, rtopen: the deep-link step".
    struct ShownTabsReading {
        /// The chain position of the tab flow instance the link passes through (``shownTabFlowPassed(by:)``).
        var depth: Int
        /// The link presents a tab-bar item of the set (format 1.3).
        var presents: Bool
        /// The tab the link shows: the set's selected tab when it presents an item, else the link's own.
        var linkTab: Int
        /// What the link's tab shows or keeps now (``tabNow(_:presents:at:)``), as it was.
        var now: (tab: ParkedTab?, kept: Bool)
        /// What the link's state shows above the tab flow (``linkedPart(of:above:)``).
        var linked: ParkedTab
        /// `now.tab` as `sharedPart(keepingTabsOf:and:above:switchingTabs:)` rewrote it; nil when the tab
        /// shows and keeps nothing.
        var existing: ParkedTab?
        /// What that reading shares with `linked`, and the tabs it set aside; nil with `existing`.
        var shared: (levels: Int, routes: Int, aside: ParkedTab?, switched: [ParkedTab])?
    }

    /// The reading of the link's state `fresh` (built on ``freshState()``) against the tab set it passes
    /// through, shown now; nil when the coordinator is not running or the link passes through no shown tab set.
    func shownTabsReading(of fresh: StateEdit) -> ShownTabsReading? {
        guard currentStatus == .running, let depth = shownTabFlowPassed(by: fresh), let set = state.chain[depth].tabs,
            let freshTab = fresh.chain.tabs(at: depth)?.selected
        else { return nil }
        // A link that presents a tab-bar item (format 1.3) over the tab set keeps the selection: the shown tab
        // is kept aside under the item's layer, as presenting it from the tab bar keeps it.
        let presents = fresh.chain.count > depth + 1 && fresh.chain[depth + 1].presentation.isPresented
        let linkTab = presents ? set.selected : freshTab
        let now = tabNow(linkTab, presents: presents, at: depth)
        let linked = Self.linkedPart(of: fresh, above: depth)
        var existing = now.tab
        var shared: (levels: Int, routes: Int, aside: ParkedTab?, switched: [ParkedTab])?
        // A link that shows what is already shown changes nothing below it: the part of the tab it shares
        // stays, with its instances and tokens; only what lies above it is replaced. A tab set it shares keeps
        // its selected tab under the link's item layer (docs/RUNNING.md, "Deep links into shown tabs").
        if var shown = existing {
            shared = Self.sharedPart(keepingTabsOf: &shown, and: linked, above: depth, switchingTabs: true)
            existing = shown
        }
        return ShownTabsReading(
            depth: depth, presents: presents, linkTab: linkTab, now: now, linked: linked, existing: existing,
            shared: shared)
    }

    /// The built link's state with the shown tab flow instance kept, or `built` unchanged when the link
    /// passes through no shown tab flow (or the coordinator is not running).
    /// - Parameters:
    ///   - built: the link's transition, built on ``freshState()``, so its ids and tokens are new.
    ///   - reading: ``shownTabsReading(of:)`` of `built`'s state, on the state as it is.
    func keepingShownTabs(_ built: Transition, reading: ShownTabsReading?) -> Transition {
        guard let reading, var set = state.chain[reading.depth].tabs else { return built }
        let old = state
        let fresh = built.state
        let (depth, presents, linkTab, now) = (reading.depth, reading.presents, reading.linkTab, reading.now)
        var kept = Transition(context: context, state: makeEdit(), cause: .link)
        let firstAbove = old.path.routeRange(ofDepth: depth + 1).lowerBound
        if old.chain.count > depth + 1, presents || set.selected != linkTab,
            old.chain[depth + 1].declaration == bundle.flows[old.chain[depth].flow].tabs[set.selected].child
        {
            // The shown tab is kept aside, as selecting another tab keeps it: without what is presented over it.
            let layer =
                ((depth + 2)..<old.chain.count).first { old.chain[$0].presentation.isPresented } ?? old.chain.count
            let end = layer < old.chain.count ? old.path.routeRange(ofDepth: layer).lowerBound : old.path.count
            var parked = ParkedTab(
                chain: Array(old.chain[(depth + 1)..<layer]), path: Array(old.path[firstAbove..<end]))
            parked.showSelectedTabUncovered()
            set.parked[set.selected] = parked
            kept.keptTabs[parked.chain[0].id] = parked.chain.map(\.id)
        }
        let existing = reading.existing
        // The kept stack of the link's tab leaves the set's kept tabs: the link shows it, or replaces it (the
        // shown tab, set aside above, is never the link's tab when that tab has a kept stack).
        let parkedBefore = now.kept ? set.parked.removeValue(forKey: linkTab) : nil
        let linked = reading.linked
        var shared = (levels: 0, routes: 0)
        if let part = reading.shared {
            shared = (part.levels, part.routes)
            for aside in part.switched + (part.aside.map { [$0] } ?? []) {
                kept.keptTabs[aside.chain[0].id] = aside.chain.map(\.id)
            }
        }
        if parkedBefore != nil, let existing {
            if shared.levels == 0 {
                kept.droppedTabs.append(existing.chain[0].id)
            } else {
                // What the link replaces in the kept tab goes as a kept tab's routes go (the removal guard asks),
                // and so do the kept instances it does not share.
                kept.keptRemovals += existing.path[shared.routes...]
                let gone = shared.levels
                if gone < existing.chain.count {
                    var removed = kept.removedInKeptTabs
                    kept.report(
                        existing.chain[gone...], parentFlow: existing.chain[gone - 1].flow, cause: .link,
                        withKeptTabs: true, into: &removed)
                    kept.removedInKeptTabs = removed
                }
            }
        }
        set.selected = linkTab
        kept.state.removeRoutes(from: firstAbove)
        kept.state.removeInstances(from: depth + 1)
        kept.state.chain[depth].tabs = set
        // A guarded link's continuation waits on the instance that guards it, kept or new.
        for position in 0...depth {
            if let pending = fresh.chain[position].pendingLink { kept.state.chain[position].pendingLink = pending }
        }
        // The shared instances and routes as they are, then the link's own from where it differs: its routes
        // on a shared instance go on that instance.
        if let existing {
            for level in 0..<shared.levels {
                var record = existing.chain[level]
                if let pending = linked.chain[level].pendingLink { record.pendingLink = pending }
                kept.state.chain.append(record)
            }
            for route in existing.path[..<shared.routes] { kept.state.path.append(route) }
        }
        for record in linked.chain.dropFirst(shared.levels) { kept.state.chain.append(record) }
        for route in linked.path.dropFirst(shared.routes) {
            kept.state.path.append(route.owned(by: kept.state.chain.id(at: route.depth)))
        }
        kept.state.nextInstance = fresh.nextInstance
        kept.state.nextToken = fresh.nextToken
        return kept
    }

    /// What tab `linkTab` of the tab set at chain position `depth` shows or keeps now, as a link into it reads it
    /// (`presents`: the link presents a tab-bar item of the set, format 1.3), and whether that is the tab's kept
    /// stack (`kept`) rather than what the coordinator shows. Its stack when it is the shown tab, or what is
    /// kept of it. When the link presents a tab-bar item: the item layer the set shows now, if any (an item
    /// layer the link shows again is the same instance: flow, child, presentation and arguments agree); when
    /// the set showed its selected tab, that tab is kept aside under the link's layer and nothing is shared.
    func tabNow(_ linkTab: Int, presents: Bool, at depth: Int) -> (tab: ParkedTab?, kept: Bool) {
        let old = state
        guard let set = old.chain[depth].tabs else { return (nil, false) }
        let firstAbove = old.path.routeRange(ofDepth: depth + 1).lowerBound
        var shown: ParkedTab?
        if old.chain.count > depth + 1, !presents || old.chain[depth + 1].presentation.isPresented,
            presents || set.selected == linkTab
        {
            shown = ParkedTab(chain: Array(old.chain[(depth + 1)...]), path: Array(old.path[firstAbove...]))
        }
        if !presents, let kept = set.parked[linkTab] { return (kept, true) }
        return (shown, false)
    }

    /// What a link's state `fresh` (built on ``freshState()``) shows above the tab flow at chain position `depth`.
    nonisolated static func linkedPart(of fresh: StateEdit, above depth: Int) -> ParkedTab {
        ParkedTab(chain: Array(fresh.chain[(depth + 1)...]), path: fresh.path.filter { $0.depth > depth })
    }

    /// How much of a tab's chain and routes `existing` (what the tab shows or keeps now) shares with
    /// `linked` (what a link shows in it): the instances from the tab's own, level by level, with the same
    /// flow, child declaration, presentation, arguments (and selected tab, for a tab flow), and on each of
    /// them the same screens with the same arguments, bottom up. Sharing stops at the first instance or
    /// route that differs; the routes shared are a prefix of both paths.
    nonisolated static func sharedPart(of existing: ParkedTab, and linked: ParkedTab, above base: Int) -> (
        levels: Int, routes: Int
    ) {
        var (levels, routes) = (0, 0)
        while levels < existing.chain.count, levels < linked.chain.count {
            let (shown, link) = (existing.chain[levels], linked.chain[levels])
            guard shown.flow == link.flow, shown.declaration == link.declaration,
                shown.presentation == link.presentation, shown.values == link.values,
                shown.tabs?.selected == link.tabs?.selected
            else { break }
            levels += 1
            // This level's routes in each path (both are in chain order, and equal up to `routes`).
            let depth = base + levels
            let own = existing.path[routes...].prefix { $0.depth == depth }.count
            let linkOwn = linked.path[routes...].prefix { $0.depth == depth }.count
            var same = 0
            while same < min(own, linkOwn) {
                let (shownRoute, linkRoute) = (existing.path[routes + same], linked.path[routes + same])
                guard shownRoute.screenIndex == linkRoute.screenIndex, shownRoute.values == linkRoute.values else {
                    break
                }
                same += 1
            }
            routes += same
            guard same == own, same == linkOwn else { break }
        }
        return (levels, routes)
    }

    /// ``sharedPart(of:and:above:)`` with the own layers of the tab sets both keep read as the person sees them
    /// (docs/RUNNING.md, "A tab set's own layer"): where `existing` shows such a set's item layer and `linked`
    /// shows the set's selected tab, the layer goes and the tab kept under it is what is compared; where
    /// `linked` shows the set's item layer and `existing` the selected tab, that tab is set aside under the
    /// layer as it was (without the layers presented over it), as presenting the item from the tab bar sets it
    /// aside. Either way the selected tab keeps its instances and tokens: none is lost, and the set never
    /// selects a tab that no instance runs. `existing` is rewritten so; the tab set aside, if any, is returned
    /// (the step keeps it as a kept tab).
    ///
    /// With `switchingTabs` (a link's and a `select` with routes' reading, not a restore's), a tab set both
    /// share — same flow, child, presentation and arguments, shown or kept, at any depth — whose selected tab
    /// differs is shared too: `existing` selects the link's tab in the same instance, the tab it selected is
    /// set aside as a kept tab (without the layers presented over it), and the link's tab's kept stack, if
    /// any, is what is compared above it. The tabs so set aside are returned in `switched`, bottom up.
    nonisolated static func sharedPart(
        keepingTabsOf existing: inout ParkedTab, and linked: ParkedTab, above base: Int, switchingTabs: Bool = false
    ) -> (levels: Int, routes: Int, aside: ParkedTab?, switched: [ParkedTab]) {
        var shared = sharedPart(of: existing, and: linked, above: base)
        var switched: [ParkedTab] = []
        // Each pass takes one layer off `existing` or selects another tab in one of its tab sets: the first
        // lowers its level count, the second is followed by a level more shared, so the passes are at most
        // twice its levels plus the link's.
        while true {
            if switchingTabs, let aside = switchSelection(of: &existing, to: linked, at: shared, above: base) {
                if let aside { switched.append(aside) }
                shared = sharedPart(of: existing, and: linked, above: base)
                continue
            }
            let level = shared.levels
            guard level > 0, level < existing.chain.count, level < linked.chain.count,
                var set = existing.chain[level - 1].tabs, existing.chain[level].presentation.isPresented,
                !linked.chain[level].presentation.isPresented,
                routesStart(existing, at: shared.routes, above: base + level),
                let under = set.parked.removeValue(forKey: set.selected)
            else { break }
            existing.chain[level - 1].tabs = set
            existing.chain = Array(existing.chain[..<level]) + under.chain
            existing.path = Array(existing.path[..<shared.routes]) + under.path
            shared = sharedPart(of: existing, and: linked, above: base)
        }
        let level = shared.levels
        guard level > 0, level < existing.chain.count, level < linked.chain.count,
            var set = existing.chain[level - 1].tabs, set.parked[set.selected] == nil,
            linked.chain[level].presentation.isPresented, !existing.chain[level].presentation.isPresented,
            routesStart(existing, at: shared.routes, above: base + level)
        else { return (shared.levels, shared.routes, nil, switched) }
        let aside = setSelectedTabAside(of: &existing, from: level, routes: shared.routes, above: base, in: &set)
        existing.chain[level - 1].tabs = set
        return (shared.levels, shared.routes, aside, switched)
    }

    /// Sets the selected tab of `set` (the tab set of the instance at chain position `level - 1` of
    /// `existing`) aside as a kept tab: what lies above the set, from chain position `level` and route
    /// `routes`, up to the first layer presented over it (those layers go), shown uncovered. `existing` loses
    /// it; `set` keeps it under its selected tab (the caller writes `set` back). Returns the tab set aside.
    private nonisolated static func setSelectedTabAside(
        of existing: inout ParkedTab, from level: Int, routes: Int, above base: Int, in set: inout TabSetRecord
    ) -> ParkedTab {
        let layer =
            existing.chain[(level + 1)...].firstIndex { $0.presentation.isPresented } ?? existing.chain.count
        let end = existing.path[routes...].firstIndex { $0.depth > base + layer } ?? existing.path.count
        var aside = ParkedTab(chain: Array(existing.chain[level..<layer]), path: Array(existing.path[routes..<end]))
        aside.showSelectedTabUncovered()
        set.parked[set.selected] = aside
        existing.chain.removeSubrange(level..<layer)
        existing.path.removeSubrange(routes..<end)
        return aside
    }

    /// Where sharing stopped (`shared`) at a tab set `existing` and `linked` both have — the same flow, child,
    /// presentation and arguments — that selects another tab in each, and `linked` shows its selected tab
    /// (not an item layer): selects `linked`'s tab in `existing`'s instance, sets the tab it selected aside
    /// as a kept tab (what lies above the set up to the first layer presented over it; those layers go), and
    /// puts the new tab's kept stack, if any, above the set. Returns nil when there is no such set (nothing
    /// changed), else the tab set aside (nil inside when the set showed its item layer, its tab already kept).
    private nonisolated static func switchSelection(
        of existing: inout ParkedTab, to linked: ParkedTab, at shared: (levels: Int, routes: Int), above base: Int
    ) -> ParkedTab?? {
        let level = shared.levels
        guard level < existing.chain.count, level + 1 < linked.chain.count,
            var set = existing.chain[level].tabs, let target = linked.chain[level].tabs?.selected,
            set.selected != target, !linked.chain[level + 1].presentation.isPresented
        else { return nil }
        let (shown, link) = (existing.chain[level], linked.chain[level])
        guard shown.flow == link.flow, shown.declaration == link.declaration,
            shown.presentation == link.presentation, shown.values == link.values,
            routesStart(existing, at: shared.routes, above: base + level + 1)
        else { return nil }
        var aside: ParkedTab?
        if level + 1 < existing.chain.count, !existing.chain[level + 1].presentation.isPresented,
            set.parked[set.selected] == nil
        {
            aside = setSelectedTabAside(of: &existing, from: level + 1, routes: shared.routes, above: base, in: &set)
        }
        let under = set.parked.removeValue(forKey: target)
        set.selected = target
        existing.chain[level].tabs = set
        existing.chain = Array(existing.chain[...level]) + (under?.chain ?? [])
        existing.path = Array(existing.path[..<shared.routes]) + (under?.path ?? [])
        return .some(aside)
    }

    /// Whether the routes of `tab` from index `routes` on all lie above chain depth `depth` (a tab set's
    /// instance has no routes of its own, so the routes after a shared tab set are its tabs' and layers').
    private nonisolated static func routesStart(_ tab: ParkedTab, at routes: Int, above depth: Int) -> Bool {
        routes == tab.path.count || tab.path[routes].depth > depth
    }

    /// The chain position of the deepest tab flow instance that both the shown state and the link's state
    /// `fresh` have, with the same instances and routes below it: the same flows, child declarations,
    /// presentations and arguments, and below each the same screens with the same arguments.
    func shownTabFlowPassed(by fresh: StateEdit) -> Int? {
        let old = state
        var found: Int?
        var depth = 0
        // Speed: PERFORMANCE.md, "Round 17, rtopen": the records are read in place (not copied), and the
        // routes compared in a loop, not a closure checked for the main actor.
        while depth < old.chain.count, depth < fresh.chain.count {
            guard old.chain[depth].flow == fresh.chain.flow(at: depth),
                old.chain[depth].declaration == fresh.chain.declaration(at: depth),
                old.chain[depth].presentation == fresh.chain.presentation(at: depth),
                old.chain[depth].values == fresh.chain.values(at: depth)
            else { break }
            if old.chain[depth].tabs != nil, fresh.chain.tabs(at: depth) != nil { found = depth }
            let ownShown = old.path.routeRange(ofDepth: depth)
            let ownLinked = fresh.path.routeRange(ofDepth: depth)
            guard ownShown.count == ownLinked.count else { break }
            var same = true
            for (shownIndex, linkedIndex) in zip(ownShown, ownLinked)
            where old.path[shownIndex].screenIndex != fresh.path[linkedIndex].screenIndex
                || old.path[shownIndex].values != fresh.path[linkedIndex].values
            {
                same = false
                break
            }
            guard same else { break }
            depth += 1
        }
        return found
    }
}
