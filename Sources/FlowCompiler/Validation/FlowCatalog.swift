import FlowModel

/// The decoded flows of one validation run, indexed by name so rules look things up in constant time.
struct FlowCatalog: Sendable {
    /// Every decoded flow, in file order; duplicates included (a rule reports them).
    let flows: [FlowDefinition]
    /// The first definition of each flow name.
    private let byName: [String: FlowDefinition]

    init(_ flows: [FlowDefinition]) {
        self.flows = flows
        var byName: [String: FlowDefinition] = [:]
        for flow in flows where byName[flow.name.value] == nil {
            byName[flow.name.value] = flow
        }
        self.byName = byName
    }

    /// The flow named `name` (its first definition), if any.
    func flow(named name: String) -> FlowDefinition? { byName[name] }

    /// All flow names, for suggestions.
    var flowNames: Dictionary<String, FlowDefinition>.Keys { byName.keys }

    /// The distinct flows, each name once (first definition wins): what graph rules check.
    var uniqueFlows: [FlowDefinition] {
        var seen = Set<String>()
        return flows.filter { seen.insert($0.name.value).inserted }
    }
}
