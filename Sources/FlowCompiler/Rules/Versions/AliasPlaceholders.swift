import FlowDefinitions
import FlowModel

/// FC282 `alias-placeholders`: a link alias's placeholders are not its link's.
struct AliasPlaceholders: FlowRule {
    static let description = RuleDescription(
        code: "FC282",
        identifier: "alias-placeholders",
        severity: .error,
        summary: "a link alias does not have its link's placeholders",
        explanation: """
            A link's 'aliases' (since format 1.2) are its former URL patterns: a URL that matches one
            opens the link's routes, which read the placeholders by name. So an alias has exactly the
            link's placeholders, with the same names and types, in any order (its literal segments may
            differ). Give the alias the link's placeholders, or make it a link of its own.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: list
            screens:
              list: { on: { open: { params: { id: int }, push: post, with: { id: $id } } } }
              post: { params: { id: int } }
            links:
              "/posts/{id:int}":
                routes: [list, { post: { id: $id } }]
                aliases: [↓"/article/{id}"]
            """
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: list
            screens:
              list: { on: { open: { params: { id: int }, push: post, with: { id: $id } } } }
              post: { params: { id: int } }
            links:
              "/posts/{id:int}":
                routes: [list, { post: { id: $id } }]
                aliases: ["/article/{id:int}", "/p/{id:int}/view"]
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            for link in flow.links {
                let expected = Self.describe(link.placeholders)
                for alias in link.aliases where Self.describe(alias.placeholders) != expected {
                    diagnostics.append(
                        Self.diagnostic(
                            "alias \(MessageText.name(alias.pattern.value)) has placeholders \(Self.describe(alias.placeholders)), but link \(MessageText.name(link.pattern.value)) has \(expected); an alias has its link's placeholders, with the same names and types",
                            at: alias.pattern))
                }
            }
        }
    }

    /// `{id:int}, {slug:string}` sorted by name, or `none`.
    private static func describe(_ placeholders: [LinkPlaceholder]) -> String {
        let sorted = placeholders.map { "{\($0.name.value):\($0.type.rawValue)}" }.sorted()
        return sorted.isEmpty ? "none" : sorted.joined(separator: ", ")
    }
}
