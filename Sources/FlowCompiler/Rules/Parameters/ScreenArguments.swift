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
            unknown one. The 'linkFallback' screen and the 'redirect' screen of a 'linkPolicy' are
            shown without arguments, so they may have no required parameters. (In a deep link, a missing argument is FC602; argument types are checked by
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
            """
            flow: reading
            start: library
            linkFallback: ↓details
            screens:
              library:
                on:
                  select: { params: { bookID: int }, push: details, with: { bookID: $bookID } }
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
            """
            flow: reading
            start: library
            linkFallback: notFound
            linkPolicy: { redirect: notFound }
            screens:
              library: { on: { missing: { push: notFound } } }
              notFound:
                params: { reason: { type: string, default: unknown } }
            """,
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            for passing in catalog.argumentPassings(of: flow) where passing.receiver.isScreen {
                passing.checkArgumentNames(as: Self.self, into: &diagnostics)
            }
            let screens = catalog.navigation(of: flow).screensByName
            let shown = [("'linkFallback'", flow.linkFallback), ("'linkPolicy' redirect", flow.linkPolicy?.redirect)]
            for case (let role, let name?) in shown {
                guard let screen = screens[name.value] else { continue }
                let missing = screen.parameters.filter(\.isRequired)
                guard !missing.isEmpty else { continue }
                let list = MessageText.englishList(
                    missing.map { "\(MessageText.name($0.name.value)) (\($0.type.value.rawValue))" })
                diagnostics.append(
                    Self.diagnostic(
                        "screen \(MessageText.name(screen.name.value)) is the \(role) screen of flow \(MessageText.name(flow.name.value)), which is shown without arguments, but it needs \(missing.count == 1 ? "argument" : "arguments") \(list); give \(missing.count == 1 ? "it" : "them") a 'default' or choose a screen without required parameters",
                        at: name))
            }
        }
    }
}
