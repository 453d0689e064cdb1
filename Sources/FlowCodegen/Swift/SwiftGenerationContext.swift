import FlowDefinitions
import FlowModel

/// Everything the emitters share: the bundle, the flow definitions it was lowered from (for descriptions
/// and locations), the options, and the Swift type names chosen once for every flow and screen.
struct SwiftGenerationContext {
    let bundle: FlowBundle
    let options: SwiftGenerationOptions
    /// Definitions by flow name.
    let definitions: [String: FlowDefinition]
    /// The namespace type of each flow, by bundle index: `ReadingFlow`.
    let flowTypes: [String]
    /// The event type of each screen that declares events, by bundle index then screen index: `DetailsEvent`.
    let screenEventTypes: [[String?]]

    /// Chooses every type name and refuses names Swift would spell alike.
    /// - Throws: ``SwiftGenerationError`` at the second of two colliding flow or screen names.
    init(bundle: FlowBundle, definitions: [FlowDefinition], options: SwiftGenerationOptions)
        throws(SwiftGenerationError)
    {
        self.bundle = bundle
        self.options = options
        var byName: [String: FlowDefinition] = [:]
        for definition in definitions { byName[definition.name.value] = definition }
        self.definitions = byName

        var flowTypes: [String] = []
        var flowOfType: [String: String] = [options.namespace: ""]
        for graph in bundle.flows {
            let type = SwiftNames.typeName(graph.name, suffix: "Flow")
            if let other = flowOfType[type] {
                let clash = other.isEmpty ? "the namespace '\(options.namespace)'" : "flow '\(other)'"
                throw SwiftGenerationError(
                    "flow '\(graph.name)' would be the Swift type '\(type)', as \(clash) is; rename one of them",
                    at: byName[graph.name]?.name.location)
            }
            flowOfType[type] = graph.name
            flowTypes.append(type)
        }
        self.flowTypes = flowTypes

        var screenEventTypes: [[String?]] = []
        for graph in bundle.flows {
            var screenOfType: [String: String] = [:]
            var types: [String?] = []
            for screen in graph.screens {
                guard !screen.events.isEmpty else {
                    types.append(nil)
                    continue
                }
                let type = SwiftNames.typeName(screen.name, suffix: "Event")
                if let other = screenOfType[type] {
                    throw SwiftGenerationError(
                        "screens '\(other)' and '\(screen.name)' of flow '\(graph.name)' would both have the event type '\(type)'; rename one of them",
                        at: byName[graph.name]?.screen(named: screen.name)?.name.location)
                }
                screenOfType[type] = screen.name
                types.append(type)
            }
            screenEventTypes.append(types)
        }
        self.screenEventTypes = screenEventTypes
    }

    /// The namespace enum's name (`Flows`).
    var namespace: String { options.namespace }

    /// The flow's `description:`, if it has one.
    func description(ofFlow index: Int) -> String? { definitions[bundle.flows[index].name]?.description }

    /// Whether any screen of the flow declares an event.
    func hasEvents(_ index: Int) -> Bool { screenEventTypes[index].contains { $0 != nil } }
}
