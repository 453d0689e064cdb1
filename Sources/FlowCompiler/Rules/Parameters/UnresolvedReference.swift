import FlowDefinitions
import FlowModel

/// FC501 `unresolved-reference`: a `$name` argument refers to nothing in scope.
struct UnresolvedReference: FlowRule {
    static let description = RuleDescription(
        code: "FC501",
        identifier: "unresolved-reference",
        severity: .error,
        summary: "a $name argument refers to nothing in scope",
        explanation: """
            An argument '$name' takes the value of a parameter in scope where it is written: in an
            event's action, the event's parameters, then the screen's, then the flow's; in 'start',
            the flow's parameters; in a child's outcome handlers, the outcome's parameters (since
            format 1.1, the values the child's 'finish' passed), then the parameters every screen
            that starts the child declares (the handler runs on top of that screen), then the flow's;
            in a deep link, the placeholders of the URL pattern. A reference that resolves to nothing would have no
            value at run time. Declare the parameter (for example in the event's 'params'), fix the
            spelling, or pass a literal.
            """,
        triggeringExamples: [
            """
            ---- app.yaml ----
            flow: app
            start: home
            screens:
              home: { on: { pay: { start: checkout } } }
              receipt: { params: { orderID: int } }
            children:
              checkout:
                flow: checkout
                on: { paid: { push: receipt, with: { orderID: ↓$orderID } } }
            ---- checkout.yaml ----
            flow: checkout
            start: cart
            outcomes: [paid]
            screens:
              cart: { on: { pay: { finish: paid } } }
            """,
            """
            flow: reading
            start: library
            screens:
              library:
                on:
                  select:
                    params: { bookID: int }
                    push: details
                    with: { bookID: ↓$bookId }
              details:
                params: { bookID: int }
            links:
              "/books/{id:int}": [library, { details: { bookID: ↓$bookID } }]
            """,
        ],
        nonTriggeringExamples: [
            """
            ---- orders.yaml ----
            flow: orders
            start: list
            screens:
              list:
                on:
                  select: { params: { orderID: int }, push: order, with: { orderID: $orderID } }
              order:
                params: { orderID: int }
                on: { startReturn: { start: returns, with: { orderID: $orderID } } }
              returnStarted:
                params: { orderID: int }
            children:
              returns:
                flow: returns
                on:
                  submitted: { push: returnStarted, with: { orderID: $orderID } }
                  cancelled: stay
            ---- returns.yaml ----
            flow: returns
            params: { orderID: int }
            start: items
            outcomes: [submitted, cancelled]
            screens:
              items: { on: { submit: { finish: submitted }, cancel: { finish: cancelled } } }
            """,
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
                params: { bookID: int }
            links:
              "/books/{bookID:int}": [library, { details: { bookID: $bookID } }]
            """,
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            for passing in catalog.argumentPassings(of: flow) {
                // Built only for a reference that does not resolve (the layers are searched in place first).
                var scope: ReferenceScope?
                for argument in passing.arguments {
                    guard case .reference(let name) = argument.expression,
                        catalog.referenceType(of: name, at: passing) == nil
                    else { continue }
                    if scope == nil { scope = catalog.scope(of: passing) }
                    guard let scope, scope.type(of: name) == nil, !scope.isUnreadable(name) else { continue }
                    let what = passing.isLinkRoute ? "placeholder" : "parameter"
                    var message =
                        "\(MessageText.name("$" + name)) refers to no \(what) in scope: \(scope.label) declares no \(MessageText.name(name))"
                    if let near = NameSuggestion.closest(to: name, among: scope.names) {
                        message += "; did you mean \(MessageText.name("$" + near))?"
                    } else if !passing.isLinkRoute {
                        message += "; " + scope.declarationHint
                    } else {
                        message += "; add a placeholder '{\(name)}' to the pattern or pass a literal"
                    }
                    diagnostics.append(Self.diagnostic(message, at: Located("$" + name, at: argument.valueLocation)))
                }
            }
        }
    }
}
