import FlowModel

/// FC302 `outcome-never-produced`: a declared outcome is produced by no reachable `finish`.
struct OutcomeNeverProduced: FlowRule {
    static let description = RuleDescription(
        code: "FC302",
        identifier: "outcome-never-produced",
        severity: .warning,
        summary: "a declared outcome is produced by no reachable finish",
        explanation: """
            A flow's 'outcomes' are its contract with the parents that run it: each parent must
            handle every one of them. An outcome that no 'finish' of a reachable screen or child
            handler produces (nor the 'outcome' of a 'confirm' removal policy of a reachable screen)
            makes every parent write a handler that never runs. Finish with it where it belongs, or
            remove it from 'outcomes'.
            """,
        triggeringExamples: [
            """
            flow: edit
            start: editor
            outcomes: [saved, ↓discarded]
            screens:
              editor:
                on:
                  save: { finish: saved }
            """,
            """
            flow: edit
            start: editor
            outcomes: [saved, ↓discarded]
            screens:
              editor:
                on:
                  save: { finish: saved }
              orphan:
                on:
                  cancel: { finish: discarded }
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: edit
            start: editor
            outcomes: [saved, discarded]
            screens:
              editor:
                removal: { policy: confirm, ask: discardDraft, outcome: discarded }
                on:
                  save: { finish: saved }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            let produced = catalog.navigation(of: flow).producedOutcomes
            var seen = Set<String>()
            for outcome in flow.outcomes where !produced.contains(outcome.value) && seen.insert(outcome.value).inserted
            {
                diagnostics.append(
                    Self.diagnostic(
                        "flow \(MessageText.name(flow.name.value)) declares outcome \(MessageText.name(outcome.value)) but never finishes with it; add 'finish: \(outcome.value)' to a reachable screen's event or remove the outcome",
                        at: outcome))
            }
        }
    }
}
