import FlowModel

/// FC504 `undeclared-condition`: an `if` tests a host condition the flow does not declare.
struct UndeclaredCondition: FlowRule {
    static let description = RuleDescription(
        code: "FC504",
        identifier: "undeclared-condition",
        severity: .error,
        summary: "an 'if' tests a host condition the flow does not declare",
        explanation: """
            Host conditions ('isLoggedIn') are answered by the app at run time; a flow lists the ones
            it may test under 'conditions', so the host knows what to provide and flowc can catch
            misspellings. Declare the condition, or fix the spelling.
            """,
        triggeringExamples: [
            """
            flow: app
            conditions: [isLoggedIn]
            start:
              if: ↓isLogedIn
              then: home
              else: signIn
            screens:
              home: {}
              signIn: {}
            """
        ],
        nonTriggeringExamples: [
            """
            flow: app
            conditions: [isLoggedIn]
            start:
              if: isLoggedIn
              then: home
              else: signIn
            screens:
              home: {}
              signIn: {}
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            let declared = flow.conditions.map(\.value)
            let declaredSet = Set(declared)
            for (action, _) in catalog.navigation(of: flow).allActions {
                guard case .conditional(let condition, _, _) = action.kind, !declaredSet.contains(condition.value)
                else { continue }
                let hint = NameSuggestion.hint(for: condition.value, among: declared)
                diagnostics.append(
                    Self.diagnostic(
                        "condition \(MessageText.name(condition.value)) is not declared in flow \(MessageText.name(flow.name.value))"
                            + (hint.isEmpty ? "; add it to the flow's 'conditions'" : hint),
                        at: condition))
            }
            for screen in flow.screens {
                guard let condition = screen.removal?.when, !declaredSet.contains(condition.value) else { continue }
                let hint = NameSuggestion.hint(for: condition.value, among: declared)
                diagnostics.append(
                    Self.diagnostic(
                        "condition \(MessageText.name(condition.value)) of the removal policy of screen \(MessageText.name(screen.name.value)) is not declared in flow \(MessageText.name(flow.name.value))"
                            + (hint.isEmpty ? "; add it to the flow's 'conditions'" : hint),
                        at: condition))
            }
            for link in flow.links {
                for condition in link.guardConditions where !declaredSet.contains(condition.value) {
                    let hint = NameSuggestion.hint(for: condition.value, among: declared)
                    diagnostics.append(
                        Self.diagnostic(
                            "condition \(MessageText.name(condition.value)) of link \(MessageText.name(link.pattern.value)) is not declared in flow \(MessageText.name(flow.name.value))"
                                + (hint.isEmpty ? "; add it to the flow's 'conditions'" : hint),
                            at: condition))
                }
            }
        }
    }
}
