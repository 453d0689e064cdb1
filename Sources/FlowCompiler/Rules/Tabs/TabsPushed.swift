import FlowModel

/// FC373 `tabs-pushed`: a tab flow is pushed onto a stack by an event's `start`.
struct TabsPushed: FlowRule {
    static let description = RuleDescription(
        code: "FC373",
        identifier: "tabs-pushed",
        severity: .error,
        summary: "a flow with tabs is pushed onto a stack over a screen",
        explanation: """
            A tab bar holds one stack per tab, so it sits at the bottom of a stack: the root flow,
            a child shown by 'start' or 'replaceRoot' (the parent's first route), or a child
            presented as a sheet or cover. Pushed over a screen by an event's 'start', its tabs'
            stacks would be nested inside another stack. Present the child ('presentation: sheet'
            or 'cover'), or show it with 'replaceRoot'. At run time, a tab flow shown on a stack
            that already has routes is refused as well.
            """,
        triggeringExamples: [
            """
            flow: app
            start: welcome
            screens:
              welcome: { on: { enter: { start: ↓home } } }
            children:
              home: { flow: home }
            \(TabExampleFiles.homeWithFeedTab)
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: app
            start: welcome
            screens:
              welcome: { on: { enter: { replaceRoot: home }, browse: { start: gallery } } }
            children:
              home: { flow: home }
              gallery: { flow: home, presentation: sheet }
            \(TabExampleFiles.homeWithFeedTab)
            """,
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            let navigation = catalog.navigation(of: flow)
            for (action, site) in navigation.allActions {
                guard case .event = site, case .startChild(let target, _) = action.kind,
                    let child = navigation.childrenByName[target.value], !child.presentationStyle.isPresented,
                    let childFlow = catalog.flow(of: child), childFlow.hasTabs else { continue }
                diagnostics.append(Self.diagnostic(
                    "child '\(target.value)' runs flow '\(childFlow.name.value)', which has tabs; a tab bar sits at the bottom of a stack: present it ('presentation: sheet' or 'cover') or show it with 'replaceRoot'",
                    at: target))
            }
        }
    }
}
