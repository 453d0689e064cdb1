import FlowModel

/// FC603 `link-placeholder-unused`: a placeholder of a link pattern is passed to no route.
struct LinkPlaceholderUnused: FlowRule {
    static let description = RuleDescription(
        code: "FC603",
        identifier: "link-placeholder-unused",
        severity: .error,
        summary: "a placeholder of a link pattern is passed to no route",
        explanation: """
            A placeholder such as '{bookID:int}' reads part of the URL; it exists to be passed to a
            route ('{ details: { bookID: $bookID } }'). One that no route uses makes the link accept
            URLs whose value is silently dropped, often because the argument refers to a misspelled
            name. Pass it to the route that needs it, or replace it with a literal segment.
            """,
        triggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library: {}
            links:
              "/shelves/{↓shelf}": [library]
            """
        ],
        nonTriggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library: {}
            links:
              "/shelves": [library]
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            for link in flow.links {
                var used = Set<String>()
                for route in link.routeLists.flatMap(\.routes) {
                    for argument in route.arguments {
                        if case .reference(let name) = argument.expression { used.insert(name) }
                    }
                }
                for placeholder in link.placeholders where !used.contains(placeholder.name.value) {
                    diagnostics.append(
                        Self.diagnostic(
                            "placeholder \(MessageText.name(placeholder.name.value)) of link \(MessageText.name(link.pattern.value)) is passed to no route; pass it as \(MessageText.name("$" + placeholder.name.value)) to the route that needs it, or make the segment literal",
                            at: placeholder.name))
                }
            }
        }
    }
}
