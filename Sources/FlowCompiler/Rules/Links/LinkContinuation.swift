import FlowModel

/// FC650 `link-continuation`: a guarded link's `continueOn` names no outcome of its guarding flow.
struct LinkContinuation: FlowRule {
    static let description = RuleDescription(
        code: "FC650",
        identifier: "link-continuation",
        severity: .error,
        summary: "a guarded link's 'continueOn' names no outcome of its guarding flow",
        explanation: """
            A guarded link (since format 1.1) opens its 'otherwise' routes while a 'when' condition
            does not hold. With 'continueOn: OUTCOME' the original link is kept pending on the
            guarding flow, the flow of the last child route of 'otherwise' (a sign-in flow, say),
            and opened again when that flow finishes with OUTCOME. So 'otherwise' must name a child,
            and OUTCOME must be one of that child flow's outcomes. Name the child flow in the
            'otherwise' routes, or fix the outcome.
            """,
        triggeringExamples: [
            """
            ---- app.yaml ----
            flow: app
            conditions: [isSignedIn]
            start: { if: isSignedIn, then: home, else: signIn }
            screens:
              home: { on: { open: { params: { id: int }, push: note, with: { id: $id } } } }
              note: { params: { id: int } }
              welcome: {}
            children:
              signIn: { flow: signIn, on: { signedIn: { replaceRoot: home } } }
            links:
              "/notes/{id:int}":
                when: isSignedIn
                routes: [home, { note: { id: $id } }]
                otherwise: { routes: [signIn], continueOn: ↓signedin }
              "/welcome":
                when: isSignedIn
                routes: [home]
                otherwise: { routes: [home], continueOn: ↓signedIn }
            ---- signIn.yaml ----
            flow: signIn
            start: form
            outcomes: [signedIn]
            screens:
              form: { on: { submit: { finish: signedIn } } }
            """
        ],
        nonTriggeringExamples: [
            """
            ---- app.yaml ----
            flow: app
            conditions: [isSignedIn]
            start: { if: isSignedIn, then: home, else: signIn }
            screens:
              home: { on: { open: { params: { id: int }, push: note, with: { id: $id } } } }
              note: { params: { id: int } }
            children:
              signIn: { flow: signIn, on: { signedIn: { replaceRoot: home } } }
            links:
              "/notes/{id:int}":
                when: isSignedIn
                routes: [home, { note: { id: $id } }]
                otherwise: { routes: [signIn], continueOn: signedIn }
            ---- signIn.yaml ----
            flow: signIn
            start: form
            outcomes: [signedIn]
            screens:
              form: { on: { submit: { finish: signedIn } } }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for continued in ContinuedLink.all(in: catalog) {
            let pattern = continued.link.pattern.value
            let outcome = continued.outcome
            guard let guardingIndex = continued.guardingIndex,
                case .child(let child, let childFlow) = continued.routes[guardingIndex].target
            else {
                diagnostics.append(
                    Self.diagnostic(
                        "link \(MessageText.name(pattern)) continues on outcome \(MessageText.name(outcome.value)), but its 'otherwise' routes start no child flow to finish with it; end 'otherwise' with the child (such as a sign-in flow) whose outcome continues the link",
                        at: outcome))
                continue
            }
            guard let childFlow, !childFlow.outcomes.contains(where: { $0.value == outcome.value }) else { continue }
            let declared = childFlow.outcomes.map(\.value)
            let hint = NameSuggestion.hint(for: outcome.value, among: declared)
            diagnostics.append(
                Self.diagnostic(
                    "link \(MessageText.name(pattern)) continues on outcome \(MessageText.name(outcome.value)), but flow \(MessageText.name(childFlow.name.value)) (child \(MessageText.name(child.name.value))) has no such outcome"
                        + (hint.isEmpty
                            ? "; its outcomes are \(MessageText.englishList(declared.map { "\(MessageText.name($0))" }))"
                            : hint),
                    at: outcome))
        }
    }
}
