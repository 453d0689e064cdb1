import FlowModel

/// Writes a flow's `Outcome` enum: one case per declared outcome, raw value its name, for
/// `FlowInstance.finish(_:)` and for reading `CoordinatorStatus.finished(outcome:)`.
struct OutcomeEmitter {
    let context: SwiftGenerationContext
    let index: Int

    private var graph: FlowGraph { context.bundle.flows[index] }

    func write(to out: inout SwiftSourceWriter) {
        out.doc(SwiftDocComment(
            "The outcomes `\(graph.name)` finishes with: `instance.finish(\(context.flowTypes[index]).Outcome.\(graph.outcomes[0]))`, or `Outcome(rawValue:)` of a finished coordinator's outcome."))
        out.block("public enum Outcome: String, FlowOutcome, CaseIterable, Sendable {") { out in
            for outcome in graph.outcomes {
                out.doc(SwiftDocComment("Outcome `\(outcome)`."))
                out.line("case \(SwiftNames.identifier(outcome))")
            }
            out.line()
            out.doc(SwiftDocComment("The flow that declares the outcomes."))
            out.line("public var flowName: String { \(context.flowTypes[index]).name }")
        }
    }
}
