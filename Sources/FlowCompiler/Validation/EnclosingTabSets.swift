import FlowDefinitions
import FlowModel

/// The tabs a `select:` can reach from each flow through the tab sets that enclose it, in every use of the
/// flow: the rule the runtime applies (its `select` resolves to the nearest enclosing tab set that has the
/// tab, and a sheet or cover hides the tab bars below it; docs/FORMAT.md, "Tabs").
///
/// For a flow `F` used as child `d` of flow `P`, the use reaches the tabs of `P` and every tab `P` reaches,
/// unless `d` is presented (nothing below a sheet or cover is reachable). A flow reaches a tab when every
/// use of it does; a flow without uses (a root) reaches none. Computed for one flow over the flows that run
/// it at any depth (the only ones its set depends on, found through the catalog's child uses, so a rule that
/// checks one flow has them noted as its reads), as the least fixed point over their uses with a work list,
/// so a cycle of uses adds nothing it does not get from outside the cycle (the verdict errs toward
/// reporting). Each flow's set only grows, bounded by the tabs declared, so the work is bounded by the uses
/// times the tabs.
struct EnclosingTabSets {
    /// The tabs reachable from each flow's enclosing tab sets in all its uses (the flow's and the flows that
    /// run it).
    private var reachable: [String: Set<String>] = [:]

    /// The tab sets enclosing `flow` (and each flow that runs it, at any depth).
    init(of flow: FlowDefinition, in catalog: FlowCatalog) {
        // The flows that run `flow` at any depth, found by a work list (no recursion), and the reverse edges.
        var childrenOf: [String: [String]] = [:]
        var pending = [flow.name.value]
        var found: Set<String> = [flow.name.value]
        var next = 0
        while next < pending.count {
            let name = pending[next]
            next += 1
            for use in catalog.childUses(of: name) {
                childrenOf[use.parent.name.value, default: []].append(name)
                if found.insert(use.parent.name.value).inserted { pending.append(use.parent.name.value) }
            }
        }
        var queued = found
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

    /// The sheets and covers that hide `tab` from a `select:` in a flow that `use` runs without presenting
    /// it: on the way up from `use`'s parent through the uses of the flows that run it (nearest first, each
    /// flow once), the presenting uses crossed before a flow whose tab set has `tab` (the presenting flow,
    /// or a flow running it), innermost first, with that flow. A tab set shown as the sheet itself, or
    /// inside a tab, a pushed child or the first route of the presented flow, is found alike, and so is one
    /// beyond several layers (a cover inside a tab bar shown as a sheet). Nil when no tab set beyond a sheet
    /// or cover has `tab`.
    static func layers(hiding tab: String, above use: FlowCatalog.ChildUse, in catalog: FlowCatalog)
        -> (layers: [FlowCatalog.ChildUse], holder: FlowDefinition)?
    {
        // Each flow with the layers crossed to reach it; the walk is breadth first, so those are the fewest.
        // A flow is visited at most twice: once reached with no layer crossed and once with some, so the
        // answer does not depend on the order of the uses (a flow first reached without a layer is still
        // reached again through a sheet).
        var pending: [(flow: FlowDefinition, layers: [FlowCatalog.ChildUse])] = [(use.parent, [])]
        var seenBare: Set<String> = [use.parent.name.value]
        var seenLayered: Set<String> = []
        var next = 0
        while next < pending.count {
            let (flow, layers) = pending[next]
            next += 1
            if !layers.isEmpty, flow.tab(named: tab) != nil { return (layers, flow) }
            for outer in catalog.childUses(of: flow.name.value) {
                let crossed = outer.declaration.presentationStyle.isPresented ? layers + [outer] : layers
                let name = outer.parent.name.value
                guard crossed.isEmpty ? seenBare.insert(name).inserted : seenLayered.insert(name).inserted else {
                    continue
                }
                pending.append((outer.parent, crossed))
            }
        }
        return nil
    }
}
