import FlowModel

/// Writes the namespace's name constants: `Condition` (one case per declared host condition, the names a
/// `FlowHost(condition:)` closure is asked) and `Prompt` (one case per `ask:` identifier of a `confirm`
/// screen, made from a `PendingConfirmation`), so a host switches over cases instead of comparing strings.
struct NameConstantsEmitter {
    let context: SwiftGenerationContext

    func write(to out: inout SwiftSourceWriter) {
        let conditions = HostRequirements(context.bundle).conditions.map(\.name)
        var prompts: [String: [String]] = [:]
        for graph in context.bundle.flows {
            for screen in graph.screens {
                if let prompt = screen.confirmPrompt {
                    prompts[prompt, default: []].append("`\(screen.name)` of flow `\(graph.name)`")
                }
            }
        }
        if !conditions.isEmpty {
            out.line()
            out.doc(
                SwiftDocComment(
                    "The host conditions the flows declare, by name: what a `FlowHost(condition:)` closure is asked (`Host` answers them as properties)."
                ))
            out.block("public enum Condition: String, CaseIterable, Sendable {") { out in
                for name in conditions { out.line("case \(SwiftNames.identifier(name))") }
            }
        }
        if !prompts.isEmpty {
            out.line()
            out.doc(
                SwiftDocComment(
                    "The questions `confirm` screens ask (their `ask:` identifiers), which the host turns into text: `Prompt(confirmation)` of a `PendingConfirmation`."
                ))
            out.block("public enum Prompt: String, CaseIterable, Sendable {") { out in
                for name in prompts.keys.sorted() {
                    out.doc(SwiftDocComment("Asked by screen " + prompts[name]!.joined(separator: ", ") + "."))
                    out.line("case \(SwiftNames.identifier(name))")
                }
                out.line()
                out.doc(
                    SwiftDocComment(
                        "The prompt `confirmation` asks; nil when its screen names none, or one these flows do not."))
                out.block("public init?(_ confirmation: PendingConfirmation) {") { out in
                    out.line("guard let prompt = confirmation.prompt else { return nil }")
                    out.line("self.init(rawValue: prompt)")
                }
            }
        }
    }
}
