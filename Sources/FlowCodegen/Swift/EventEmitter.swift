import FlowModel

/// Writes a flow's `Event` enum (one case per screen that declares events) and one event enum per such
/// screen (`DetailsEvent`: one case per event, typed associated values from its parameters), each naming
/// the `ScreenEvent` the coordinator receives. A misspelt event or a wrong argument type does not compile.
struct EventEmitter {
    let context: SwiftGenerationContext
    let index: Int

    private var graph: FlowGraph { context.bundle.flows[index] }
    private var type: String { context.flowTypes[index] }

    func write(to out: inout SwiftSourceWriter) {
        let screens = graph.screens.indices.compactMap { screen in
            context.screenEventTypes[index][screen].map { (node: graph.screens[screen], type: $0) }
        }
        let example =
            screens.first.map { screen in
                "`\(screen.node.name).send(.\(screen.node.events[0].name)\(screen.node.events[0].parameters.isEmpty ? "" : "(…)"))`, where `\(screen.node.name)` is the `ScreenRoute` of a `Route.\(screen.node.name)` case"
            } ?? ""
        out.doc(
            SwiftDocComment(
                "An event of a screen of `\(graph.name)`. A screen's typed route sends its own screen's events: \(example).",
                "The coordinator refuses an event whose sending route shows another screen."))
        out.block("public enum Event: ScreenEventConvertible, Hashable, Sendable {") { out in
            for screen in screens {
                out.doc(SwiftDocComment("An event of screen `\(screen.node.name)`."))
                out.line("case \(SwiftNames.identifier(screen.node.name))(\(screen.type))")
            }
            out.line()
            out.doc(SwiftDocComment("The event as the coordinator receives it."))
            out.block("public var screenEvent: FlowRuntime.ScreenEvent {") { out in
                out.switchBlock("self") { out in
                    for screen in screens {
                        out.line("case .\(SwiftNames.identifier(screen.node.name))(let event): event.screenEvent")
                    }
                }
            }
        }
        for screen in screens {
            out.line()
            writeScreenEvents(screen.node, type: screen.type, to: &out)
        }
    }

    private func writeScreenEvents(_ screen: ScreenNode, type screenType: String, to out: inout SwiftSourceWriter) {
        out.doc(SwiftDocComment("The events of screen `\(screen.name)` of `\(graph.name)`."))
        out.block("public enum \(screenType): ScreenEventConvertible, Hashable, Sendable {") { out in
            for event in screen.events {
                var doc = SwiftDocComment("`\(event.name)`: \(ActionSummary.describe(event.action, in: graph)).")
                if !event.parameters.isEmpty {
                    doc.add(
                        "Parameters: " + event.parameters.map(SwiftTypeMapping.summary).joined(separator: "; ") + ".")
                }
                out.doc(doc)
                RouteEmitter.writeCase(event.name, event.parameters, to: &out)
            }
            out.line()
            out.doc(SwiftDocComment("The event as the coordinator receives it."))
            out.block("public var screenEvent: FlowRuntime.ScreenEvent {") { out in
                out.switchBlock("self") { out in
                    for event in screen.events {
                        let name = SwiftNames.stringLiteral(event.name)
                        let identifier = SwiftNames.identifier(event.name)
                        guard !event.parameters.isEmpty else {
                            out.line("case .\(identifier): makeScreenEvent(\(name))")
                            continue
                        }
                        let bindings = event.parameters.map { "let \(SwiftNames.identifier($0.name))" }
                        out.line("case .\(identifier)(\(bindings.joined(separator: ", "))):")
                        out.indented { out in
                            out.call("makeScreenEvent", [name, FlowEmitter.argumentDictionary(event.parameters)])
                        }
                    }
                }
            }
            out.line()
            out.block(
                "private func makeScreenEvent(_ name: String, _ arguments: [String: Value] = [:]) -> FlowRuntime.ScreenEvent {"
            ) { out in
                out.call(
                    "FlowRuntime.ScreenEvent",
                    [
                        "contentHash: \(context.namespace).contentHash", "flow: \(type).name",
                        "screen: \(SwiftNames.stringLiteral(screen.name))", "event: name", "arguments: arguments",
                    ])
            }
        }
    }
}
