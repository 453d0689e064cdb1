import FlowModel

/// FC204 `unknown-child`: a start action names a child the flow does not declare.
struct UnknownChild: FlowRule {
    static let description = RuleDescription(
        code: "FC204",
        identifier: "unknown-child",
        severity: .error,
        summary: "a start action names a child the flow does not declare",
        explanation: """
            'start: NAME' starts the child flow declared as NAME under the flow's 'children'. The
            declaration says which flow runs and what the parent does with each of its outcomes, so
            a child cannot be started without one. Declare the child, or fix the spelling.
            """,
        triggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library:
                on:
                  edit: { start: ↓editor }
            children:
              edit: { flow: reading }
            """
        ],
        nonTriggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library:
                on:
                  edit: { start: edit }
            children:
              edit: { flow: reading }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            let navigation = catalog.navigation(of: flow)
            for (action, _) in navigation.allActions {
                guard case .startChild(let child, _) = action.kind, navigation.childrenByName[child.value] == nil
                else { continue }
                var message =
                    "unknown child \(MessageText.name(child.value)) in flow \(MessageText.name(flow.name.value))"
                let suggestion = NameSuggestion.hint(for: child.value, among: flow.children.lazy.map(\.name.value))
                if !suggestion.isEmpty {
                    message += suggestion
                } else if flow.screen(named: child.value) != nil {
                    message +=
                        "; \(MessageText.name(child.value)) is a screen: use 'push: \(MessageText.shortened(child.value))'"
                } else if catalog.flow(named: child.value) != nil {
                    message += "; declare it under 'children:' with 'flow: \(MessageText.shortened(child.value))'"
                }
                diagnostics.append(Self.diagnostic(message, at: child))
            }
        }
    }
}
