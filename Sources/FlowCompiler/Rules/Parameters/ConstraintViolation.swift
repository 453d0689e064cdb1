import FlowModel

/// FC503 `constraint-violation`: a literal argument is outside the receiving parameter's constraints.
struct ConstraintViolation: FlowRule {
    static let description = RuleDescription(
        code: "FC503",
        identifier: "constraint-violation",
        severity: .error,
        summary: "a literal argument is outside the receiving parameter's constraints",
        explanation: """
            A parameter may constrain its values with 'min', 'max' (inclusive) and 'values', and a
            string parameter (since format 1.1) with 'minLength', 'maxLength' (in Unicode scalars,
            inclusive) and 'pattern' (a regular expression the whole value must match). A literal
            argument is known when the flows are validated, so a value the runtime would reject is
            reported now, as is a 'default' or a 'values' entry that breaks the parameter's own
            constraints. (References are checked by the runtime, as are host checks
            such as 'bookExists'.) Pass a value within the constraints, or widen them.
            """,
        triggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library:
                on:
                  select: { push: details, with: { bookID: ↓0, mode: ↓wide } }
              details:
                params:
                  bookID: { type: int, min: 1 }
                  mode: { type: string, values: [compact, full] }
            """,
            """
            flow: signIn
            start: { to: form, with: { email: ↓"", code: ↓"12a" } }
            screens:
              form:
                params:
                  email: { type: string, minLength: 1, maxLength: 254 }
                  code: { type: string, pattern: "[0-9]{3}", default: ↓none }
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library:
                on:
                  select: { push: details, with: { bookID: 1, mode: full } }
              details:
                params:
                  bookID: { type: int, min: 1 }
                  mode: { type: string, values: [compact, full] }
            """,
            """
            flow: signIn
            start: { to: form, with: { email: "ada@example.com", code: "123" } }
            screens:
              form:
                params:
                  email: { type: string, minLength: 1, maxLength: 254 }
                  code: { type: string, pattern: "[0-9]{3}", default: "000" }
            """,
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            for passing in catalog.argumentPassings(of: flow) {
                let parameters = NameLookup(passing.receiver.parameters, lookups: passing.arguments.count)
                for argument in passing.arguments {
                    guard case .literal(let text) = argument.expression,
                        let parameter = parameters[argument.name.value],
                        let value = parameter.type.value.parse(text),
                        let violation = parameter.constraints.violation(of: value)
                    else { continue }
                    diagnostics.append(
                        Self.diagnostic(
                            "argument \(MessageText.name(argument.name.value)) of \(passing.receiver.label) "
                                + (parameter.constraints.lengthOrPatternViolation(of: value) != nil
                                    ? "breaks its constraints: " : "is out of range: ")
                                + violation,
                            at: argument.valueLocation,
                            notes: [
                                DiagnosticNote(
                                    "parameter \(MessageText.name(parameter.name.value)) declared here",
                                    at: parameter.name.location)
                            ]))
                }
            }
        }
    }
}
