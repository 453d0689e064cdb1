import FlowModel

/// Writes a flow's `Outcome` enum: one case per declared outcome, with typed associated values from its
/// parameters (since format 1.1), for `FlowInstance.finish(_:)` and for reading a `FinishedFlow`.
struct OutcomeEmitter {
    let context: SwiftGenerationContext
    let index: Int

    private var graph: FlowGraph { context.bundle.flows[index] }
    private var type: String { context.flowTypes[index] }

    func write(to out: inout SwiftSourceWriter) {
        let example = graph.outcomes[0] + (graph.parameters(ofOutcome: 0).isEmpty ? "" : "(…)")
        out.doc(
            SwiftDocComment(
                "The outcomes `\(graph.name)` finishes with: `instance.finish(\(type).Outcome.\(example))`, and in a step's result `result.outcome(\(type).Outcome.self)` (this flow's, whichever other flows finished in the same step)."
            ))
        out.block("public enum Outcome: TypedOutcome, Hashable, Sendable {") { out in
            for (outcome, name) in graph.outcomes.enumerated() {
                let parameters = graph.parameters(ofOutcome: outcome)
                var doc = SwiftDocComment("Outcome `\(name)`.")
                if !parameters.isEmpty {
                    doc.add("Parameters: " + parameters.map(SwiftTypeMapping.summary).joined(separator: "; ") + ".")
                }
                out.doc(doc)
                RouteEmitter.writeCase(name, parameters, to: &out)
            }
            out.line()
            writeConversion(to: &out)
            out.line()
            out.doc(SwiftDocComment("The flow that declares the outcomes."))
            out.line("public static var flow: String { \(type).name }")
            out.line()
            out.doc(SwiftDocComment("The flow that declares the outcomes."))
            out.line("public var flowName: String { \(type).name }")
            out.line()
            out.doc(SwiftDocComment("The outcome's name."))
            out.block("public var name: String {") { out in
                out.switchBlock("self") { out in
                    for name in graph.outcomes {
                        out.line("case .\(SwiftNames.identifier(name)): \(SwiftNames.stringLiteral(name))")
                    }
                }
            }
            out.line()
            out.doc(SwiftDocComment("The outcome's arguments, by parameter name."))
            out.block("public var arguments: [String: Value] {") { out in
                let withParameters = graph.outcomes.indices.filter { !graph.parameters(ofOutcome: $0).isEmpty }
                guard !withParameters.isEmpty else { return out.line("[:]") }
                out.switchBlock("self") { out in
                    for outcome in withParameters {
                        let parameters = graph.parameters(ofOutcome: outcome)
                        let bindings = parameters.map { "let \(SwiftNames.identifier($0.name))" }.joined(
                            separator: ", ")
                        out.line("case .\(SwiftNames.identifier(graph.outcomes[outcome]))(\(bindings)):")
                        out.indented { out in out.line(FlowEmitter.argumentDictionary(parameters)) }
                    }
                    if withParameters.count < graph.outcomes.count { out.line("default: [:]") }
                }
            }
        }
    }

    private func writeConversion(to out: inout SwiftSourceWriter) {
        var doc = SwiftDocComment("The typed outcome of a flow that finished (from `StepResult.finished`).")
        doc.field(
            "Throws: `GeneratedFlowError.unknownOutcome` when another flow finished, or with an outcome or arguments this code does not know."
        )
        out.doc(doc)
        out.block("public init(_ finished: FinishedFlow) throws(GeneratedFlowError) {") { out in
            out.line("guard finished.flow == \(type).name else { throw finished.unknown(in: \(type).name) }")
            out.switchBlock("finished.outcome") { out in
                for (outcome, name) in graph.outcomes.enumerated() {
                    let parameters = graph.parameters(ofOutcome: outcome)
                    if parameters.isEmpty {
                        out.line("case \(SwiftNames.stringLiteral(name)): self = .\(SwiftNames.identifier(name))")
                    } else {
                        out.line("case \(SwiftNames.stringLiteral(name)):")
                        out.indented { out in
                            out.call(
                                "self = try .\(SwiftNames.identifier(name))",
                                parameters.map {
                                    "\(SwiftNames.argumentLabel($0.name)): finished.argument(\(SwiftNames.stringLiteral($0.name)))"
                                })
                        }
                    }
                }
                out.line("default: throw finished.unknown(in: \(type).name)")
            }
        }
    }
}
