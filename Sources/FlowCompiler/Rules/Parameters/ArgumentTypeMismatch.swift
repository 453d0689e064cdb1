import FlowDefinitions
import FlowModel

/// FC502 `argument-type-mismatch`: an argument's type does not match the receiving parameter's.
struct ArgumentTypeMismatch: FlowRule {
    static let description = RuleDescription(
        code: "FC502",
        identifier: "argument-type-mismatch",
        severity: .error,
        summary: "an argument's type does not match the receiving parameter's",
        explanation: """
            Every argument passed to a screen, a child flow or a deep-link route is typed against
            the receiving parameter. A literal must read as that type ('7' for an int, 'true' or
            'false' for a bool, with no leading zero, '_' or hex); a '$name' reference must refer
            to a parameter or placeholder of the same type (an int may be passed where a double is
            expected). Pass a value of the right type, or change one of the two declarations.
            """,
        triggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library:
                on:
                  select:
                    params: { title: string }
                    push: details
                    with: { bookID: ↓$title, rating: ↓high }
              details:
                params: { bookID: int, rating: double }
            """
        ],
        nonTriggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library:
                on:
                  select:
                    params: { bookID: int }
                    push: details
                    with: { bookID: $bookID, rating: $bookID, title: "007", featured: true }
              details:
                params: { bookID: int, rating: double, title: string, featured: bool }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            for passing in catalog.argumentPassings(of: flow) {
                let parameters = NameLookup(passing.receiver.parameters, lookups: passing.arguments.count)
                for argument in passing.arguments {
                    guard let parameter = parameters[argument.name.value] else { continue }
                    let expected = parameter.type.value
                    // Made for a message only. Speed: PERFORMANCE.md, "Shapes kept for speed".
                    var receiving: String {
                        "parameter \(MessageText.name(parameter.name.value)) of \(passing.receiver.label)"
                    }
                    switch argument.expression {
                    case .literal(let text):
                        guard expected.parse(text) == nil else { continue }
                        diagnostics.append(
                            Self.diagnostic(
                                "\(MessageText.name(text)) is not a valid \(expected.rawValue) for \(receiving)\(Self.literalHint(expected))",
                                at: argument.valueLocation))
                    case .reference(let name):
                        // No scope is built: the layers are searched in place.
                        guard let type = catalog.referenceType(of: name, at: passing),
                            !Value.isAssignable(type, to: expected)
                        else { continue }
                        diagnostics.append(
                            Self.diagnostic(
                                "\(MessageText.name("$" + name)) is \(Self.article(type)) \(type.rawValue), but \(receiving) is \(Self.article(expected)) \(expected.rawValue); pass \(Self.article(expected)) \(expected.rawValue)",
                                at: Located("$" + name, at: argument.valueLocation)))
                    }
                }
            }
        }
    }

    private static func article(_ type: ParameterType) -> String { type == .int ? "an" : "a" }

    private static func literalHint(_ type: ParameterType) -> String {
        switch type {
        case .int: "; write decimal digits with an optional '-', no leading zero"
        case .double: "; write a decimal number such as 2.5"
        case .bool: "; write true or false"
        case .string: ""
        }
    }
}
