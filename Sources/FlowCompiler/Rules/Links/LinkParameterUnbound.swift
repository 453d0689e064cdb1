import FlowModel

/// FC602 `link-parameter-unbound`: a deep-link route leaves a required parameter without an argument.
struct LinkParameterUnbound: FlowRule {
    static let description = RuleDescription(
        code: "FC602",
        identifier: "link-parameter-unbound",
        severity: .error,
        summary: "a deep-link route leaves a required parameter without an argument",
        explanation: """
            A deep link builds every route of its back stack at once, so each route's required
            parameters (a screen's, or for a route naming a child, the child flow's) must be bound
            in the link: from a placeholder of the pattern ('{ details: { bookID: $bookID } }') or
            by a literal. Add the placeholder to the pattern and pass it, or give the parameter a
            'default'. (Unknown arguments and types are checked by FC401, FC506 and FC502, as for
            any other route.)
            """,
        triggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library:
                on:
                  select: { params: { bookID: int }, push: details, with: { bookID: $bookID } }
              details:
                params: { bookID: int }
            links:
              "/books/{bookID:int}": [library, ↓details]
            """
        ],
        nonTriggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library:
                on:
                  select: { params: { bookID: int }, push: details, with: { bookID: $bookID } }
              details:
                params: { bookID: int, mode: { type: string, default: full } }
            links:
              "/books/{bookID:int}": [library, { details: { bookID: $bookID } }]
              "/first": [library, { details: { bookID: 1 } }]
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            for passing in catalog.argumentPassings(of: flow) {
                guard let link = passing.link else { continue }
                let passed = NameLookup(passing.arguments, lookups: passing.receiver.parameters.count)
                let missing = passing.receiver.parameters.filter { $0.isRequired && !passed.contains($0.name.value) }
                guard !missing.isEmpty else { continue }
                let list = MessageText.englishList(
                    missing.map { "\(MessageText.name($0.name.value)) (\($0.type.value.rawValue))" })
                let example = missing.map { parameter in
                    let placeholder = link.placeholders.first { $0.name.value == parameter.name.value }
                    return "\(parameter.name.value): " + (placeholder.map { "$" + $0.name.value } ?? "…")
                }.joined(separator: ", ")
                diagnostics.append(
                    Self.diagnostic(
                        "route \(MessageText.name(passing.target.value)) of link \(MessageText.name(link.pattern.value)) leaves \(missing.count == 1 ? "parameter" : "parameters") \(list) of \(passing.receiver.label) unbound; bind \(missing.count == 1 ? "it" : "them") as in { \(passing.target.value): { \(example) } }",
                        at: passing.target))
            }
        }
    }
}
