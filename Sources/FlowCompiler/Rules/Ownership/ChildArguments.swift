import FlowModel

/// FC401 `child-arguments`: the arguments passed to a child flow do not match its parameters.
struct ChildArguments: FlowRule {
    static let description = RuleDescription(
        code: "FC401",
        identifier: "child-arguments",
        severity: .error,
        summary: "the arguments passed to a child flow do not match its parameters",
        explanation: """
            Starting a child flow ('start: CHILD', a 'start' or 'replaceRoot' naming a child, or a
            deep-link route naming a child) passes the child flow's 'params' with 'with:'. Every
            required parameter (one without a 'default') must be passed, and every argument must
            name a parameter the child flow declares. The diagnostic points at the child's name for
            a missing argument and at the argument for an unknown one. (In a deep link, a missing
            argument is FC602; argument types are checked by FC502 and literal values by FC503;
            arguments passed to screens are checked the same way by FC506.)
            """,
        triggeringExamples: [
            """
            ---- reading.yaml ----
            flow: reading
            start: library
            screens:
              library:
                on:
                  edit: { start: ↓edit }
                  open: { start: edit, with: { bookID: 1, ↓mode: full } }
            children:
              edit: { flow: edit, on: { saved: stay } }
            ---- edit.yaml ----
            flow: edit
            params: { bookID: int }
            start: editor
            outcomes: [saved]
            screens:
              editor: { on: { save: { finish: saved } } }
            """
        ],
        nonTriggeringExamples: [
            """
            ---- reading.yaml ----
            flow: reading
            start: library
            screens:
              library:
                on:
                  edit: { start: edit, with: { bookID: 1 } }
            children:
              edit: { flow: edit, on: { saved: stay } }
            ---- edit.yaml ----
            flow: edit
            params: { bookID: int, mode: { type: string, default: full } }
            start: editor
            outcomes: [saved]
            screens:
              editor: { on: { save: { finish: saved } } }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            for passing in catalog.argumentPassings(of: flow) where passing.receiver.isChild {
                passing.checkArgumentNames(as: Self.self, into: &diagnostics)
            }
        }
    }
}
