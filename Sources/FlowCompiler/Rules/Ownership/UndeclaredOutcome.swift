import FlowDefinitions
import FlowModel

/// FC404 `undeclared-outcome`: a flow finishes with an outcome it does not declare.
struct UndeclaredOutcome: FlowRule {
    static let description = RuleDescription(
        code: "FC404",
        identifier: "undeclared-outcome",
        severity: .error,
        summary: "a flow finishes with an outcome it does not declare",
        explanation: """
            'finish: OUTCOME' and the 'outcome' of a 'confirm' removal policy end the flow with an
            outcome its parents must handle, so it must be listed under the flow's 'outcomes': that
            list is the contract flowc checks the parents against. Declare the outcome, or fix the
            spelling.
            """,
        triggeringExamples: [
            """
            flow: edit
            start: editor
            outcomes: [saved, discarded]
            screens:
              editor:
                removal: { policy: confirm, ask: discardDraft, outcome: ↓discard }
                on:
                  save: { finish: ↓save }
            """
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
            let declared = flow.outcomes.map(\.value)
            let declaredSet = Set(declared)
            var finishes: [Located<String>] = catalog.navigation(of: flow).allActions.compactMap { action, _ in
                if case .finish(let outcome, _) = action.kind { outcome } else { nil }
            }
            finishes += flow.screens.compactMap { $0.removal?.outcome }
            for outcome in finishes where !declaredSet.contains(outcome.value) {
                let hint = NameSuggestion.hint(for: outcome.value, among: declared)
                diagnostics.append(
                    Self.diagnostic(
                        "flow \(MessageText.name(flow.name.value)) finishes with outcome \(MessageText.name(outcome.value)), which it does not declare"
                            + (hint.isEmpty ? "; add it to the flow's 'outcomes'" : hint),
                        at: outcome))
            }
        }
    }
}
