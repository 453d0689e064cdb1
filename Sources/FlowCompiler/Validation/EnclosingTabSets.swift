import FlowDefinitions
import FlowModel

/// The tabs a `select:` can reach from each flow through the tab sets that enclose it, in every use of the
/// flow: the rule the runtime applies (its `select` resolves to the nearest enclosing tab set that has the
/// tab, and a sheet or cover hides the tab bars below it; docs/FORMAT.md, "Tabs").
///
/// For a flow `F` used as child `d` of flow `P`, the use reaches the tabs of `P` and every tab `P` reaches,
/// unless `d` is presented (nothing below a sheet or cover is reachable). A flow reaches a tab when every
/// use of it does; a flow without uses (a root) reaches none. Computed as the least fixed point over the
/// uses with a work list, so a cycle of uses adds nothing it does not get from outside the cycle (the
/// verdict errs toward reporting). Each flow's set only grows, bounded by the tabs declared, so the work is
/// bounded by the uses times the tabs.
struct EnclosingTabSets {
    /// The tabs reachable from each flow's enclosing tab sets in all its uses.
    private var reachable: [String: Set<String>] = [:]

    init(_ catalog: FlowCatalog) {
        var childrenOf: [String: [String]] = [:]
        for flow in catalog.uniqueFlows {
            for use in catalog.childUses(of: flow.name.value) {
                childrenOf[use.parent.name.value, default: []].append(flow.name.value)
            }
        }
        var pending = catalog.uniqueFlows.map(\.name.value)
        var queued = Set(pending)
        while let name = pending.popLast() {
            queued.remove(name)
            let uses = catalog.childUses(of: name)
            guard var meet = uses.first.map({ Self.reached(through: $0, given: reachable) }) else { continue }
            for use in uses.dropFirst() { meet.formIntersection(Self.reached(through: use, given: reachable)) }
            guard meet != reachable[name, default: []] else { continue }
            reachable[name] = meet
            for child in childrenOf[name] ?? [] where queued.insert(child).inserted { pending.append(child) }
        }
    }

    /// The tabs one use reaches.
    private static func reached(through use: FlowCatalog.ChildUse, given reachable: [String: Set<String>])
        -> Set<String>
    {
        if use.declaration.presentationStyle.isPresented { return [] }
        return reachable[use.parent.name.value, default: []].union(use.parent.tabs.map(\.name.value))
    }

    /// The first use of `flow` from which `select: tab` reaches no tab set with `tab`, if any.
    func useMissing(_ tab: String, from flow: FlowDefinition, in catalog: FlowCatalog) -> FlowCatalog.ChildUse? {
        catalog.childUses(of: flow.name.value).first { !Self.reached(through: $0, given: reachable).contains(tab) }
    }
}
