import FlowModel

/// FC301 `unreachable`: a screen or child declaration cannot be reached from the flow's start.
struct UnreachableDeclaration: FlowRule {
    static let description = RuleDescription(
        code: "FC301",
        identifier: "unreachable",
        severity: .error,
        summary: "a screen or child declaration cannot be reached from the flow's start",
        explanation: """
            Starting from 'start', flowc follows every action of every reachable screen and every
            outcome handler of every reachable child, both branches of each 'if' included. A screen
            or child that is never reached is dead code or, more often, a missing 'push' or 'start'.
            The screens a link policy shows count as reached: 'linkFallback' (shown when a link
            fails) and the 'redirect' screen of 'linkPolicy' (pushed when a link arrives), but not
            the fallback of a flow that declares 'linkPolicy: queue' and outcomes when no flow it
            runs declares a policy of its own: every link is then refused or queued, never sent to
            the fallback (RUNNING.md, "Deep links"). Deep
            links' routes do not count: a screen reachable only by a link would have no back stack
            to return through. Add an action that leads to it, or remove it.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: home
            screens:
              home: {}
              ↓orphan: {}
            """,
            """
            flow: gate
            start: home
            outcomes: [done]
            linkPolicy: queue
            linkFallback: notFound
            screens:
              home: { on: { ok: { finish: done } } }
              ↓notFound: {}
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: home
            conditions: [ready]
            screens:
              home:
                on:
                  next: { if: ready, then: { push: a }, else: { push: b } }
              a: {}
              b: {}
            """,
            """
            flow: library
            start: home
            linkPolicy: { redirect: busy }
            linkFallback: notFound
            screens:
              home: {}
              busy: {}
              notFound: {}
            """,
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            let reachable = catalog.navigation(of: flow).reachable
            // A tab flow shows only its tabs: its screens are the one mistake `TabFlowShape` (FC370) names.
            for screen in flow.screens where !flow.hasTabs && !reachable.contains(screen.name.value) {
                diagnostics.append(
                    Self.diagnostic(
                        "screen \(MessageText.name(screen.name.value)) is unreachable from the start of flow \(MessageText.name(flow.name.value)); push it from a reachable screen or remove it",
                        at: screen.name))
            }
            for child in flow.children where !reachable.contains(child.name.value) {
                // A tab flow has no screens: its layer over the tab set is a tab-bar item (format 1.3).
                let fix =
                    flow.hasTabs && child.presentationStyle.isPresented
                    ? "list it in 'tabs' to present it over the tab set from the tab bar, a 'select' or a link (a tab-bar item that presents, since format 1.3), start it from a handler, or remove it"
                    : "start it from a reachable screen or remove it"
                diagnostics.append(
                    Self.diagnostic(
                        "child \(MessageText.name(child.name.value)) is never started from the start of flow \(MessageText.name(flow.name.value)); \(fix)",
                        at: child.name))
            }
        }
    }
}
