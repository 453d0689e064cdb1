/// A deep link equal to what its tab shows or keeps now (docs/RUNNING.md, "Deep links into shown tabs", and
/// guarantee 9): read by the runtime's own mechanism, so the explorer's predicate and the step agree on what
/// "equal" means.
package struct LinkShownAgain: Equatable, Sendable {
    /// The instances the link shares, the tab's own first (each with what it shows, bottom up).
    package var instances: [FlowInstanceID]
    /// The tokens of the routes the link shares, bottom to top.
    package var tokens: [RouteToken]
    /// Whether what the link equals is what the coordinator shows now (its tab selected, nothing presented
    /// over it that the link does not show too), rather than a tab's kept stack or a tab kept under a layer:
    /// then the link changes nothing.
    package var isShown: Bool
}

extension FlowCoordinator {
    /// What a deep link to `url` opened now would keep as it is, when it equals what its tab shows or keeps:
    /// built as ``open(_:)`` builds it (``freshState()``, then the tab set it passes through, shown now, kept),
    /// and compared by the same reading (`sharedPart(keepingTabsOf:and:above:)`: instance by instance from
    /// the tab's own, the same flow, child, presentation and arguments, on each the same screens with the
    /// same arguments), which must share the whole of both. Nil when the coordinator is not running, the link
    /// is refused or declares `tabs: replace`, passes through no shown tab set, or differs from what its tab
    /// shows or keeps. Changes nothing (the link is built on a fresh state and never committed).
    ///
    /// A coordinator that ``recordsLinksShownAgain`` records this in the result of the step that opens the
    /// link (``StepResult/linkShownAgain``), read from the link that step built: a tool that judges guarantee
    /// 9 on every step reads it there rather than building each link twice.
    package func linkShownAgain(_ url: String) -> LinkShownAgain? {
        guard currentStatus == .running, case .success(let built) = buildLink(url, mode: .now) else { return nil }
        return linkShownAgain(of: built)
    }

    /// ``linkShownAgain(_:)`` of a link `built` now (``LinkMode/now``) on the state as it is.
    func linkShownAgain(of built: BuiltLink) -> LinkShownAgain? {
        guard currentStatus == .running, !built.replacesTabs else { return nil }
        let fresh = built.transition.state
        guard let depth = shownTabFlowPassed(by: fresh), let set = state.chain[depth].tabs,
            let freshTab = fresh.chain.tabs(at: depth)?.selected
        else { return nil }
        let presents = fresh.chain.count > depth + 1 && fresh.chain[depth + 1].presentation.isPresented
        let now = tabNow(presents ? set.selected : freshTab, presents: presents, at: depth)
        guard var existing = now.tab else { return nil }
        let linked = Self.linkedPart(of: fresh, above: depth)
        let before = existing.chain.count
        let shared = Self.sharedPart(keepingTabsOf: &existing, and: linked, above: depth, switchingTabs: true)
        guard shared.aside == nil, shared.switched.isEmpty,
            shared.levels == linked.chain.count, shared.levels == existing.chain.count,
            shared.routes == linked.path.count, shared.routes == existing.path.count
        else { return nil }
        return LinkShownAgain(
            instances: existing.chain.map(\.id), tokens: existing.path.map(\.token),
            isShown: !now.kept && existing.chain.count == before)
    }
}
