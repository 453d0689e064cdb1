import FlowModel

/// The host conditions and parameter checks a bundle declares, gathered once for the generated `Host`
/// protocol: one property per condition name, one method per check name and Swift type.
package struct HostRequirements {
    /// A declared host condition and the flows that declare it.
    package struct Condition {
        package var name: String
        package var flows: [String]
    }

    /// A declared parameter check for values of one type, and the parameters that name it.
    package struct Check {
        package var name: String
        package var type: ParameterType
        package var parameters: [String]
    }

    /// Sorted by name.
    package private(set) var conditions: [Condition] = []
    /// Sorted by name, then type.
    package private(set) var checks: [Check] = []

    package init(_ bundle: FlowBundle) {
        var conditionFlows: [String: [String]] = [:]
        var checkUses: [String: [ParameterType: [String]]] = [:]
        func note(_ parameters: [ParameterNode], _ owner: String) {
            for parameter in parameters {
                guard let check = parameter.constraints.check else { continue }
                checkUses[check, default: [:]][parameter.type, default: []].append("`\(parameter.name)` of \(owner)")
            }
        }
        for graph in bundle.flows {
            for condition in graph.conditions { conditionFlows[condition, default: []].append(graph.name) }
            note(graph.parameters, "flow `\(graph.name)`")
            for (outcome, name) in graph.outcomes.enumerated() {
                note(graph.parameters(ofOutcome: outcome), "outcome `\(name)` of flow `\(graph.name)`")
            }
            for screen in graph.screens {
                note(screen.parameters, "screen `\(screen.name)` of flow `\(graph.name)`")
                for event in screen.events {
                    note(event.parameters, "event `\(event.name)` of screen `\(screen.name)` of flow `\(graph.name)`")
                }
            }
        }
        conditions = conditionFlows.keys.sorted().map { Condition(name: $0, flows: conditionFlows[$0]!) }
        for name in checkUses.keys.sorted() {
            let byType = checkUses[name]!
            for type in ParameterType.allCases where byType[type] != nil {
                checks.append(Check(name: name, type: type, parameters: byType[type]!))
            }
        }
    }
}
