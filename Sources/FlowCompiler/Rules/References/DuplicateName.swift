import FlowDefinitions
import FlowModel

/// FC202 `duplicate-name`: a name is declared twice in one flow.
struct DuplicateName: FlowRule {
    static let description = RuleDescription(
        code: "FC202",
        identifier: "duplicate-name",
        severity: .error,
        summary: "a name is declared twice in one flow",
        explanation: """
            Screens and child declarations share one namespace, because 'start', 'replaceRoot' and
            deep links name either; outcomes and host conditions must each be listed once. (Two
            screens or two children with the same name are reported as duplicate keys.) Rename or
            remove the second declaration. A guarded link's 'when' lists each condition once too.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: edit
            screens:
              edit: {}
            children:
              ↓edit: { flow: sample }
            """,
            """
            flow: sample
            start: a
            outcomes: [done, ↓done]
            screens:
              a: { on: { ok: { finish: done } } }
            """,
            """
            flow: sample
            conditions: [isSignedIn]
            start: a
            screens:
              a: {}
            links:
              "/a": { when: [isSignedIn, ↓isSignedIn], routes: [a] }
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: a
            outcomes: [done]
            screens:
              a: { on: { ok: { finish: done } } }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            // The flow index knows whether any screen or child name repeats: the names are listed only then.
            // Speed: PERFORMANCE.md, "Shapes kept for speed".
            let navigation = catalog.navigation(of: flow)
            if !navigation.screensByName.isUnique || !navigation.childrenByName.isUnique || navigation.hasSharedNames {
                report(
                    flow.screens.map(\.name) + flow.children.map(\.name), kind: "screen or child", into: &diagnostics)
            }
            report(flow.outcomes, kind: "outcome", into: &diagnostics)
            report(flow.conditions, kind: "condition", into: &diagnostics)
            for link in flow.links {
                report(link.guardConditions, kind: "condition", into: &diagnostics) { name in
                    "condition \(MessageText.name(name)) is listed twice in 'when' of link \(MessageText.name(link.pattern.value)); each condition is listed once"
                }
            }
        }
    }

    /// Reports each name after its first occurrence; `message` words the error (default: declared twice).
    private func report(
        _ names: [Located<String>], kind: String, into diagnostics: inout [Diagnostic],
        message: ((String) -> String)? = nil
    ) {
        var first: [String: Located<String>] = [:]
        for name in names {
            guard let earlier = first[name.value] else {
                first[name.value] = name
                continue
            }
            diagnostics.append(
                Self.diagnostic(
                    message?(name.value)
                        ?? "\(kind) \(MessageText.name(name.value)) is declared twice; each name may be declared once in a flow",
                    at: name,
                    notes: [DiagnosticNote("\(MessageText.name(name.value)) first declared here", at: earlier.location)]
                ))
        }
    }
}
