import FlowDefinitions
import FlowModel

/// FC372 `cover-cannot-end`: a child presented as a full-screen cover runs a flow without outcomes.
struct CoverCannotEnd: FlowRule {
    static let description = RuleDescription(
        code: "FC372",
        identifier: "cover-cannot-end",
        severity: .error,
        summary: "a child presented as a full-screen cover runs a flow that declares no outcomes",
        explanation: """
            A flow that declares no outcomes is long-lived: it never finishes and is ended only by
            its parent. A sheet can still be dismissed by the person (swipe-down), but a full-screen
            cover cannot, and the screens under it cannot be reached to end it: the person would be
            stuck. Give the cover's flow an outcome it finishes with (liveness, FC303, then checks
            that it can), or present it as a sheet.
            """,
        triggeringExamples: [
            """
            flow: feed
            start: timeline
            screens:
              timeline: { on: { signIn: { start: signIn } } }
            children:
              signIn: { flow: signIn, presentation: ↓cover }
            ---- signIn.yaml ----
            flow: signIn
            start: form
            screens:
              form: {}
            """
        ],
        nonTriggeringExamples: [
            """
            flow: feed
            start: timeline
            screens:
              timeline: { on: { signIn: { start: signIn }, help: { start: help } } }
            children:
              signIn: { flow: signIn, presentation: cover, on: { signedIn: stay } }
              help: { flow: help, presentation: sheet }
            ---- signIn.yaml ----
            flow: signIn
            start: form
            outcomes: [signedIn]
            screens:
              form: { on: { submit: { finish: signedIn } } }
            ---- help.yaml ----
            flow: help
            start: topics
            screens:
              topics: {}
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            for child in flow.children {
                guard let presentation = child.presentation, presentation.value == .cover,
                    let childFlow = catalog.flow(of: child), childFlow.outcomes.isEmpty
                else { continue }
                diagnostics.append(
                    Self.diagnostic(
                        "child \(MessageText.name(child.name.value)) of flow \(MessageText.name(flow.name.value)) is a full-screen cover, which the person cannot dismiss, but flow \(MessageText.name(childFlow.name.value)) declares no outcomes and never finishes; declare an outcome it finishes with, or present it as a sheet",
                        at: Located(presentation.value.rawValue, at: presentation.location),
                        notes: [
                            DiagnosticNote(
                                "flow \(MessageText.name(childFlow.name.value)) is defined here",
                                at: childFlow.name.location)
                        ]))
            }
        }
    }
}
