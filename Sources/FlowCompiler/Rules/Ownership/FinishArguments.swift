import FlowModel

/// FC450 `finish-arguments`: a `finish` does not pass what its outcome's parameters require.
struct FinishArguments: FlowRule {
    static let description = RuleDescription(
        code: "FC450",
        identifier: "finish-arguments",
        severity: .error,
        summary: "a finish does not pass what its outcome's parameters require",
        explanation: """
            Since format 1.1 an outcome may declare parameters ('outcomes: { created: { params:
            { postID: int } } }'): the values a finished child hands to its parent, which the
            parent's handler for that outcome reads as '$postID'. Every 'finish' with that outcome
            passes each required parameter (one without a 'default') with 'with:', and every
            argument names a declared parameter. The 'outcome' of a 'confirm' removal policy is
            produced without arguments, so it may have no required parameters. (Types are checked
            by FC502, literal values by FC503, handler references by FC501.)
            """,
        triggeringExamples: [
            """
            flow: createPost
            start: compose
            outcomes:
              created: { params: { postID: int } }
              cancelled:
            screens:
              compose:
                params: { draftID: int }
                on:
                  publish: { finish: ↓created }
                  cancel: { finish: cancelled, with: { ↓postID: $draftID } }
            """,
            """
            flow: edit
            start: editor
            outcomes:
              discarded: { params: { reason: string } }
            screens:
              editor:
                removal: { policy: confirm, ask: discardDraft, outcome: ↓discarded }
                on:
                  cancel: { finish: discarded, with: { reason: cancelled } }
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: createPost
            start: compose
            outcomes:
              created: { params: { postID: int, draft: { type: bool, default: false } } }
              cancelled:
            screens:
              compose:
                params: { draftID: int }
                on:
                  publish: { finish: created, with: { postID: $draftID } }
                  cancel: { finish: cancelled }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            for passing in catalog.argumentPassings(of: flow) where passing.receiver.isOutcome {
                passing.checkArgumentNames(as: Self.self, into: &diagnostics)
            }
            for screen in flow.screens {
                guard let outcome = screen.removal?.outcome else { continue }
                let required = flow.parameters(ofOutcome: outcome.value).filter(\.isRequired)
                guard !required.isEmpty else { continue }
                let list = MessageText.englishList(
                    required.map { "\(MessageText.name($0.name.value)) (\($0.type.value.rawValue))" })
                diagnostics.append(
                    Self.diagnostic(
                        "the 'confirm' removal of screen \(MessageText.name(screen.name.value)) finishes flow \(MessageText.name(flow.name.value)) with outcome \(MessageText.name(outcome.value)) without arguments, but the outcome requires \(list); give \(required.count == 1 ? "it" : "them") a 'default' or use another outcome",
                        at: outcome))
            }
        }
    }
}
