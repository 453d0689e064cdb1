import FlowModel

/// Writes one flow's namespace enum (`ReadingFlow`): its name, a coordinator factory with typed root
/// arguments, and its `Route`, `Event` (with one event type per screen), `Outcome`, `Tab` (a tab flow's)
/// and `Link` (its deep links' URL builders) types.
struct FlowEmitter {
    let context: SwiftGenerationContext
    let index: Int

    private var graph: FlowGraph { context.bundle.flows[index] }
    private var type: String { context.flowTypes[index] }

    func write(to out: inout SwiftSourceWriter) {
        out.line("// MARK: - \(graph.name)")
        out.line()
        out.doc(
            SwiftDocComment(
                context.description(ofFlow: index), "Flow `\(graph.name)`: its routes, events and outcomes."))
        out.block("public enum \(type) {") { out in
            out.doc(SwiftDocComment("The flow's name in the bundle."))
            out.line("public static let name = \(SwiftNames.stringLiteral(graph.name))")
            out.line()
            writeCoordinatorFactory(to: &out)
            out.line()
            RouteEmitter(context: context, index: index).write(to: &out)
            if context.hasEvents(index) {
                out.line()
                EventEmitter(context: context, index: index).write(to: &out)
            }
            if !graph.outcomes.isEmpty {
                out.line()
                OutcomeEmitter(context: context, index: index).write(to: &out)
            }
            if !graph.tabs.isEmpty {
                out.line()
                TabEmitter(context: context, index: index).write(to: &out)
            }
            if !graph.links.isEmpty {
                out.line()
                LinkEmitter(context: context, index: index).write(to: &out)
            }
        }
    }

    private func writeCoordinatorFactory(to out: inout SwiftSourceWriter) {
        let parameters = graph.parameters
        let hostName = SwiftNames.unique("host", avoiding: Set(parameters.map(\.name)))
        var doc = SwiftDocComment(
            "A coordinator that runs `\(graph.name)` as its root flow on the embedded bundle, not yet started (call `start()`)."
        )
        if !parameters.isEmpty {
            doc.add("Its arguments: " + parameters.map(SwiftTypeMapping.summary).joined(separator: "; ") + ".")
        }
        doc.field("Throws: `GeneratedFlowError.coordinator` when an argument breaks its parameter's constraints.")
        out.doc(doc)
        out.line("@MainActor")
        let declarations =
            parameters.map(SwiftTypeMapping.declaration)
            + ["host" + (hostName == "host" ? "" : " \(hostName)") + ": some \(context.namespace).Host"]
        out.call("public static func coordinator", declarations, " throws(GeneratedFlowError) -> FlowCoordinator {")
        out.indented { out in
            out.call(
                "try GeneratedBundle.coordinator",
                [
                    "bundle: \(context.namespace).bundle()", "flow: Self.name",
                    "arguments: \(Self.argumentDictionary(parameters))",
                    "host: \(context.namespace).flowHost(\(SwiftNames.identifier(hostName)))",
                ])
        }
        out.line("}")
    }

    /// `["bookID": bookID.flowValue]` for parameters bound to Swift names of the same spelling; `[:]` for none.
    static func argumentDictionary(_ parameters: [ParameterNode]) -> String {
        guard !parameters.isEmpty else { return "[:]" }
        let entries = parameters.map {
            "\(SwiftNames.stringLiteral($0.name)): \(SwiftNames.identifier($0.name)).flowValue"
        }
        return "[" + entries.joined(separator: ", ") + "]"
    }
}
