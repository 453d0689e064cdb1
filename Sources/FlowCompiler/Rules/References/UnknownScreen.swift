import FlowDefinitions
import FlowModel

/// FC203 `unknown-screen`: an action names a screen the flow does not declare.
struct UnknownScreen: FlowRule {
    static let description = RuleDescription(
        code: "FC203",
        identifier: "unknown-screen",
        severity: .error,
        summary: "an action names a screen the flow does not declare",
        explanation: """
            push, popTo, linkFallback and a linkPolicy redirect name a screen of the same flow. A
            flow's actions only address its own screens: a screen of a parent or child flow is
            reached through that flow (start the child, or finish with an outcome the parent
            handles). Fix the spelling, declare the screen, or use 'start' for a child flow.
            """,
        triggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library:
                on:
                  select: { push: ↓detials }
              details: {}
            """
        ],
        nonTriggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library:
                on:
                  select: { push: details }
              details: {}
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        // Which flow declares each screen name, for the message: built at the first unknown screen only.
        var owners: [String: String]?
        func owner(of name: String) -> String? {
            if owners == nil {
                var table: [String: String] = [:]
                for flow in catalog.distinctFlows {
                    for screen in flow.screens where table[screen.name.value] == nil {
                        table[screen.name.value] = flow.name.value
                    }
                }
                owners = table
            }
            return owners?[name]
        }
        for flow in catalog.uniqueFlows {
            let navigation = catalog.navigation(of: flow)
            func check(_ name: Located<String>) {
                guard navigation.screensByName[name.value] == nil else { return }
                diagnostics.append(
                    Self.diagnostic(Self.message(for: name.value, in: flow, owner: owner(of: name.value)), at: name))
            }
            for (action, _) in navigation.allActions {
                switch action.kind {
                case .push(let screen, _), .popTo(let screen): check(screen)
                default: continue
                }
            }
            for case let name? in [flow.linkFallback, flow.linkPolicy?.redirect] { check(name) }
        }
    }

    private static func message(for name: String, in flow: FlowDefinition, owner: String?) -> String {
        var message = "unknown screen \(MessageText.name(name)) in flow \(MessageText.name(flow.name.value))"
        if flow.child(named: name) != nil {
            return message + "; \(MessageText.name(name)) is a child flow: use 'start: \(MessageText.shortened(name))'"
        }
        let suggestion = NameSuggestion.hint(for: name, among: flow.screens.lazy.map(\.name.value))
        if !suggestion.isEmpty { return message + suggestion }
        if let owner, owner != flow.name.value {
            message +=
                "; \(MessageText.name(name)) is a screen of flow \(MessageText.name(owner)), and a flow's actions only address its own screens"
        }
        return message
    }
}
