import FlowModel

/// FC506 `screen-arguments`: the arguments passed to a screen do not match its parameters.
struct ScreenArguments: FlowRule {
    static let description = RuleDescription(
        code: "FC506",
        identifier: "screen-arguments",
        severity: .error,
        summary: "the arguments passed to a screen do not match its parameters",
        explanation: """
            Every route to a screen ('push', 'replaceRoot', 'start' or a deep-link route) passes
            the screen's 'params' with 'with:'. Every required parameter (one without a 'default')
            must be passed, and every argument must name a parameter the screen declares. The
            diagnostic points at the screen's name for a missing argument and at the argument for an
            unknown one. (In a deep link, a missing argument is FC602; argument types are checked by
            FC502 and literal values by FC503; child flows are checked the same way by FC401.)
            """,
        triggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library:
                on:
                  select: { push: ↓details }
                  open: { push: details, with: { bookID: 1, ↓bookId: 2 } }
              details:
                params: { bookID: int }
            """,
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
                    with: { bookID: $bookID }
              details:
                params: { bookID: int, mode: { type: string, default: full } }
            """,
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for passing in catalog.argumentPassings where !passing.receiver.isChild {
            passing.checkArgumentNames(as: Self.self, into: &diagnostics)
        }
    }
}
