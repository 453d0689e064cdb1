import FlowDefinitions
import FlowModel

/// FC701 `confirm-policy-incomplete`: a `confirm` removal policy lacks its question or, in a child flow, its outcome.
struct ConfirmPolicyIncomplete: FlowRule {
    static let description = RuleDescription(
        code: "FC701",
        identifier: "confirm-policy-incomplete",
        severity: .error,
        summary: "a 'confirm' removal policy lacks its question or, in a child flow, its outcome",
        explanation: """
            'removal: { policy: confirm }' makes the runtime ask the host before the route leaves,
            whichever step removes it: interactive back, an event from a route below it, a pop,
            popTo or replaceRoot, a parent's handler, a deep link or a restore (not the route's own
            event, its flow finishing, or the host's stop). The host needs to know what to ask
            ('ask', an identifier it turns into text), and in a flow that runs as a child the parent
            needs to know how the child ended when the person confirms ('outcome', which finishes
            the flow; a confirmed removal keeps no 'preserve' draft). Without them the host cannot
            ask, or the parent is left holding a child that was removed without an outcome. Add the
            missing key.
            """,
        triggeringExamples: [
            """
            ---- reading.yaml ----
            flow: reading
            start: library
            screens:
              library: { on: { edit: { start: edit } } }
            children:
              edit: { flow: edit, on: { saved: stay } }
            ---- edit.yaml ----
            flow: edit
            start: editor
            outcomes: [saved]
            screens:
              editor:
                removal: { policy: ↓confirm }
                on:
                  save: { finish: saved }
            """
        ],
        nonTriggeringExamples: [
            """
            flow: notes
            start: editor
            screens:
              editor:
                removal: { policy: confirm, ask: discardNote }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            let isChild = catalog.owner(of: flow.name.value) != nil
            for screen in flow.screens {
                guard let removal = screen.removal, removal.policy.value == .confirm else { continue }
                var missing: [String] = []
                if removal.ask == nil { missing.append("'ask' (the question the host asks)") }
                if removal.outcome == nil, isChild {
                    missing.append(
                        "'outcome' (what flow \(MessageText.name(flow.name.value)) finishes with on confirm, since it runs as a child)"
                    )
                }
                guard !missing.isEmpty else { continue }
                diagnostics.append(
                    Self.diagnostic(
                        "the 'confirm' removal policy of screen \(MessageText.name(screen.name.value)) needs \(MessageText.englishList(missing))",
                        at: Located(removal.policy.value.rawValue, at: removal.policy.location)))
            }
        }
    }
}
