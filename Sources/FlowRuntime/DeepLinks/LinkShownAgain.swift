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
        guard !built.replacesTabs else { return nil }
        return linkShownAgain(reading: shownTabsReading(of: built.transition.state))
    }

    /// ``linkShownAgain(of:)`` of a link that does not declare `tabs: replace`, from its reading against the
    /// shown tab set (``shownTabsReading(of:)``), which the step that opens it also builds from.
    func linkShownAgain(reading: ShownTabsReading?) -> LinkShownAgain? {
        guard let reading, let before = reading.now.tab?.chain.count, let existing = reading.existing,
            let shared = reading.shared
        else { return nil }
        let linked = reading.linked
        guard shared.aside == nil, shared.switched.isEmpty,
            shared.levels == linked.chain.count, shared.levels == existing.chain.count,
            shared.routes == linked.path.count, shared.routes == existing.path.count
        else { return nil }
        return LinkShownAgain(
            instances: existing.chain.map(\.id), tokens: existing.path.map(\.token),
            isShown: !reading.now.kept && existing.chain.count == before)
    }
}
