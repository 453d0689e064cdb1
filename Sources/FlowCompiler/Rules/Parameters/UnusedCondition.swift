import FlowModel

/// FC505 `unused-condition`: a declared host condition is tested by no `if`.
struct UnusedCondition: FlowRule {
    static let description = RuleDescription(
        code: "FC505",
        identifier: "unused-condition",
        severity: .warning,
        summary: "a declared host condition is tested by no 'if'",
        explanation: """
            Every condition under 'conditions' is something the host must be able to answer. One
            that no 'if' of the flow tests is left over from an earlier version, or the 'if' that
            should test it is missing. Remove it, or use it.
            """,
        triggeringExamples: [
            """
            flow: app
            conditions: [isLoggedIn, ↓hasOnboarded]
            start:
              if: isLoggedIn
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
            start: home
            screens:
              home:
                on:
                  open: { if: isLoggedIn, then: { push: account }, else: { push: signIn } }
              account: {}
              signIn: {}
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            var used = Set<String>()
            for (action, _) in catalog.navigation(of: flow).allActions {
                if case .conditional(let condition, _, _) = action.kind { used.insert(condition.value) }
            }
            for link in flow.links { used.formUnion(link.guardConditions.map(\.value)) }
            for screen in flow.screens { if let condition = screen.removal?.when { used.insert(condition.value) } }
            var seen = Set<String>()
            for condition in flow.conditions
            where !used.contains(condition.value) && seen.insert(condition.value).inserted {
                diagnostics.append(
                    Self.diagnostic(
                        "condition \(MessageText.name(condition.value)) is declared but no 'if' in flow \(MessageText.name(flow.name.value)) tests it; remove it or test it",
                        at: condition))
            }
        }
    }
}
