import FlowDefinitions
import FlowModel

/// The decoded flows of one validation run, indexed by name so rules look things up in constant time.
///
/// Everything several rules need (each flow's navigation graph, who uses each flow as a child) is
/// computed once here, in time linear in the size of the flows.
struct FlowCatalog: Sendable {
    /// A child declaration together with the flow that declares it.
    struct ChildUse: Sendable {
        /// The flow that declares the child.
        let parent: FlowDefinition
        /// The declaration, whose `flow` names the flow used as a child.
        let declaration: ChildDefinition
    }

    /// Every decoded flow, in file order; duplicates included (a rule reports them).
    let flows: [FlowDefinition]
    /// The distinct flows, each name once (first definition wins): what graph rules check. In a catalog
    /// made by ``checking(only:noting:)``, the one flow checked; every lookup still sees them all
    /// (``distinctFlows``).
    private(set) var uniqueFlows: [FlowDefinition]
    /// Every distinct flow, whatever ``uniqueFlows`` holds: for a rule that reads the whole set (not only the
    /// flows it checks). Noted as a read of every flow.
    var distinctFlows: [FlowDefinition] {
        reads?.noteEveryFlow()
        return allDistinctFlows
    }
    private let allDistinctFlows: [FlowDefinition]
    /// Where the flows a rule looks up are noted, in a catalog made by ``checking(only:noting:)``; nil otherwise.
    private var reads: CatalogReads?
    /// The first definition of each flow name (``firstDefinitions(of:)``).
    let byName: [String: FlowDefinition]
    /// The navigation graph of each distinct flow.
    private let navigations: [String: NavigationIndex]
    /// For each flow name: the child declarations (of distinct flows) that run it, in file order.
    private let uses: [String: [ChildUse]]
    /// Every place arguments are passed in the distinct flows, resolved (see `ArgumentPassing`), flow by flow:
    /// for a reader of them all (the language server's references). Noted as a read of every flow; a rule
    /// reads a flow's own (``argumentPassings(of:)``).
    var argumentPassings: [ArgumentPassing] {
        reads?.noteEveryFlow()
        return passingsByFlow.flatMap(\.passings)
    }
    /// By position in ``allDistinctFlows``: the flow's passings, the flows their resolution looked up (each
    /// receiver's flow, the flows a route list passes through) and its scope layers.
    private var passingsByFlow: [FlowPassings] = []
    /// The position of each distinct flow in ``allDistinctFlows``, by name.
    private var positions: [String: Int] = [:]
    /// What changed since the workspace's last validation (``RuleResultMemo/Changes``), in a catalog made
    /// with the workspace's memo (the language server's); nil otherwise.
    private(set) var changes: RuleResultMemo.Changes?
    /// The files of the run that did not load: what names their flows is not checked against them.
    var unloaded = UnloadedFlows()

    /// - Parameters:
    ///   - reuse: the indexes of the last validation of the same workspace, reused for flows read from the
    ///     same bytes (the language server's; ``NavigationMemo``); this catalog's are kept in their place.
    ///   - results: with `reuse`, the workspace's rule results: each flow's argument passings and scope
    ///     layers of the last validation are reused when none of the flows they read changed
    ///     (``RuleResultMemo/Changes``); the memo keeps this catalog's with the rules' results.
    init(_ flows: [FlowDefinition], reusing reuse: NavigationMemo.Reuse? = nil, results: RuleResultMemo? = nil) {
        self.flows = flows
        let (byName, unique) = Self.firstDefinitions(of: flows)
        self.byName = byName
        uniqueFlows = unique
        allDistinctFlows = unique
        // Each flow's navigation graph depends only on the flow and `byName`: built on all cores.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        let (distinct, firstByName) = (unique, byName)
        // A flow larger than all the others together also finds its finishing nodes on a thread of its own.
        let totalScreens = distinct.reduce(0) { $0 + $1.screens.count }
        let built = ParallelMap.map(count: distinct.count) { index in
            let flow = distinct[index]
            // Children that run a flow without outcomes are long-lived: they never finish, and leave
            // only by back or dismissal, which returns to the screen that started them.
            let longLived = Set(
                flow.children.filter { firstByName[$0.flow.value]?.outcomes.isEmpty == true }.map(\.name.value))
            let fallbackShown = Self.showsFallback(flow, byName: firstByName)
            let index =
                reuse?.index(of: flow, longLivedChildren: longLived, fallbackShown: fallbackShown)
                ?? NavigationIndex(
                    flow, longLivedChildren: longLived, findingAside: 2 * flow.screens.count > totalScreens,
                    fallbackShown: fallbackShown)
            return (longLived, fallbackShown, index)
        }
        reuse?.keep(zip(distinct, built).map { ($0, $1.0, $1.1, $1.2) })
        var navigations: [String: NavigationIndex] = [:]
        navigations.reserveCapacity(unique.count)
        var uses: [String: [ChildUse]] = [:]
        for (flow, (_, _, navigation)) in zip(unique, built) {
            navigations[flow.name.value] = navigation
            for child in flow.children {
                uses[child.flow.value, default: []].append(ChildUse(parent: flow, declaration: child))
            }
        }
        self.navigations = navigations
        self.uses = uses
        positions = Dictionary(uniqueKeysWithValues: unique.enumerated().map { ($1.name.value, $0) })
        if let results, let reuse {
            // The last kept validation, read once: its flows, passings and results belong together.
            let changes = RuleResultMemo.changes(of: byName, navigations: reuse.memo, since: results.baseline)
            self.changes = changes
            var reused = 0
            passingsByFlow = collectArgumentPassings(
                reusing: (changes.baseline.passings, changes), counting: &reused)
            results.countPassings(reused: reused, collected: passingsByFlow.count - reused)
        } else {
            var reused = 0
            passingsByFlow = collectArgumentPassings(reusing: nil, counting: &reused)
        }
    }

    /// Whether `flow`'s `linkFallback` can be shown (docs/RUNNING.md, "Deep links"): not when the flow
    /// declares `linkPolicy: queue` and outcomes and no flow it runs (at any depth) declares a policy of its
    /// own. Then every link, before `start` and after, is judged whole and refused when invalid (the
    /// fallback would replace the flow the policy protects) or queued on that flow, and its finish drops
    /// what it queued; as a child, no flow's fallback but the root's is ever shown.
    static func showsFallback(_ flow: FlowDefinition, byName: [String: FlowDefinition]) -> Bool {
        guard flow.linkFallback != nil, flow.linkPolicy?.policy == .queue, !flow.outcomes.isEmpty else { return true }
        var seen: Set<String> = [flow.name.value]
        var pending = flow.children.map(\.flow.value)
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let child = byName[name] else { continue }
            if child.linkPolicy != nil { return true }
            pending += child.children.map(\.flow.value)
        }
        return false
    }

    /// This catalog as a rule checking `flow` alone sees it: ``uniqueFlows`` is `[flow]`, every lookup
    /// unchanged, and each flow looked up (by name, its navigation, its child uses) noted in `reads`
    /// (``RuleResultMemo``: what the findings about `flow` depend on).
    func checking(only flow: FlowDefinition, noting reads: CatalogReads) -> FlowCatalog {
        var copy = noting(reads)
        copy.uniqueFlows = [flow]
        reads.note(.flow(flow.name.value))
        return copy
    }

    /// This catalog with every flow looked up noted in `reads`.
    func noting(_ reads: CatalogReads) -> FlowCatalog {
        var copy = self
        copy.reads = reads
        return copy
    }

    /// The places arguments are passed in `flow` (a flow of ``uniqueFlows``), in order: what the argument
    /// rules check. Notes the flows their resolution looked up (``ArgumentPassing``: a passing is read from its
    /// flow, its receiver from another).
    func argumentPassings(of flow: FlowDefinition) -> ArraySlice<ArgumentPassing> {
        guard let position = positions[flow.name.value] else { return [] }
        let passings = passingsByFlow[position]
        if let reads { for read in passings.reads { reads.note(read) } }
        return passings.passings[...]
    }

    /// Each distinct flow's passings by name, as the workspace's memo keeps them for the next validation.
    var passingsByName: [String: FlowPassings] {
        Dictionary(uniqueKeysWithValues: zip(allDistinctFlows.map(\.name.value), passingsByFlow))
    }

    /// The reference-scope layers shared by the places of the distinct flow at `position`.
    func scopeLayers(at position: Int) -> FlowScopeLayers { passingsByFlow[position].layers }

    /// The distinct flow at `position` (an ``ArgumentPassing``'s `flow`), whatever ``uniqueFlows`` holds.
    func distinctFlow(at position: Int) -> FlowDefinition { allDistinctFlows[position] }

    /// The flow named `name` (its first definition), if any.
    func flow(named name: String) -> FlowDefinition? {
        reads?.note(.flow(name))
        return byName[name]
    }

    /// The first definition of each flow name, and those definitions in file order: the one reading of a
    /// set that defines a name twice (FC201 reports the second; nothing looks it up).
    static func firstDefinitions(of flows: [FlowDefinition]) -> (
        byName: [String: FlowDefinition], unique: [FlowDefinition]
    ) {
        var byName: [String: FlowDefinition] = [:]
        var unique: [FlowDefinition] = []
        for flow in flows where byName[flow.name.value] == nil {
            byName[flow.name.value] = flow
            unique.append(flow)
        }
        return (byName, unique)
    }

    /// All flow names, for suggestions.
    var flowNames: Dictionary<String, FlowDefinition>.Keys { byName.keys }

    /// The navigation graph of `flow` (of the first definition of its name).
    func navigation(of flow: FlowDefinition) -> NavigationIndex {
        reads?.note(.flow(flow.name.value))
        return navigations[flow.name.value] ?? NavigationIndex(flow)
    }

    /// The child declarations that run the flow named `name`, in file order; empty for a root flow.
    func childUses(of name: String) -> [ChildUse] {
        reads?.note(.uses(name))
        return uses[name] ?? []
    }

    /// The first child declaration of another flow that runs the flow named `name`: the owner rules
    /// speak of. A flow that declares only itself as a child is an ownership cycle (FC405), not a child.
    func owner(of name: String) -> ChildUse? {
        reads?.note(.uses(name))
        return uses[name]?.first { $0.parent.name.value != name }
    }

    /// Whether `declaration`, declared in `parent`, is one of `parent`'s tabs.
    static func isTab(_ declaration: ChildDefinition, of parent: FlowDefinition) -> Bool {
        parent.tab(named: declaration.name.value) != nil
    }

    /// The flow a child declaration runs, if it exists.
    func flow(of declaration: ChildDefinition) -> FlowDefinition? { flow(named: declaration.flow.value) }
}
