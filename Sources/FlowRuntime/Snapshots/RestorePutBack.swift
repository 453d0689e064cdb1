import FlowModel

/// The routes a restore puts back identically (docs/RUNNING.md, "Snapshots"): a restore that shows the same
/// route at the same place asks nothing about it, as a link that shows what is already shown asks nothing
/// (issue 32, item 6). The removal guard asks only about the `confirm` routes a restore really removes.
extension FlowCoordinator {
    /// The tokens of the routes of `old` (the state before a restore) that `restored` (the restore's state,
    /// with fresh instances) shows at the same place: on the shown path, the part both share from the root
    /// (``sharedPart(of:and:above:)``: the same flows, child declarations, presentations, arguments and selected
    /// tabs, and on each the same screens with the same arguments, bottom up); in each tab both keep, at any
    /// depth, the part its kept stacks share the same way.
    static func routesPutBack(from old: RuntimeState, to restored: StateEdit) -> Set<RouteToken> {
        var tokens: Set<RouteToken> = []
        // Each pair: a part of the old state, the same part of the restored one, and the chain depth below it.
        let now = ParkedTab(chain: Array(restored.chain), path: Array(restored.path))
        var pending: [(ParkedTab, ParkedTab, Int)] = [(ParkedTab(chain: old.chain, path: old.path), now, -1)]
        while let (before, after, base) = pending.popLast() {
            let shared = sharedPart(of: before, and: after, above: base)
            for route in before.path[..<shared.routes] { tokens.insert(route.token) }
            for level in 0..<shared.levels {
                guard let was = before.chain[level].tabs, let now = after.chain[level].tabs else { continue }
                for (tab, kept) in was.parked {
                    if let again = now.parked[tab] { pending.append((kept, again, base + 1 + level)) }
                }
            }
        }
        return tokens
    }
}
