import FlowDefinitions
import FlowModel

/// FC374 `select-routes-not-path`: a `select` with `routes` (format 1.3) names a tab that is not one of its
/// own flow's tabs with a stack, or routes that do not resolve or that its tab's flow does not reach one
/// action after another.
struct SelectRoutesNotPath: FlowRule {
    static let description = RuleDescription(
        code: "FC374",
        identifier: "select-routes-not-path",
        severity: .error,
        summary: "a select's routes name no tab of the flow, or are not a path of the tab's flow",
        explanation: """
            Since format 1.3 a handler of a tab flow may select a tab and say what its stack shows,
            `{ select: orders, routes: [{ order: { orderID: $orderID } }] }`, so an outcome's data
            reaches another tab. The tab is one of the flow's own tabs (not a tab-bar item that
            presents), and the routes address the tab's flow after its implied start, as a deep
            link's routes after a tab do: each names a screen or child of the flow in effect and is
            reached from the route before it (from the flow's start, for the first) by one action.
            Their arguments are checked as any route's (FC401, FC501, FC502, FC503, FC506).
            """,
        triggeringExamples: [
            """
            flow: shop
            tabs: [cart, orders]
            start: cart
            children:
              cart: { flow: cart, on: { placed: { select: orders, routes: [↓receipt] } } }
              orders: { flow: orders }
            ---- cart.yaml ----
            flow: cart
            start: items
            outcomes: [placed]
            screens:
              items: { on: { buy: { finish: placed } } }
            ---- orders.yaml ----
            flow: orders
            start: list
            screens:
              list: { on: { open: { push: order } } }
              order: {}
            """
        ],
        nonTriggeringExamples: [
            """
            flow: shop
            tabs: [cart, orders]
            start: cart
            children:
              cart: { flow: cart, on: { placed: { select: orders, routes: [order] } } }
              orders: { flow: orders }
            ---- cart.yaml ----
            flow: cart
            start: items
            outcomes: [placed]
            screens:
              items: { on: { buy: { finish: placed } } }
            ---- orders.yaml ----
            flow: orders
            start: list
            screens:
              list: { on: { open: { push: order } } }
              order: {}
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            let actions = catalog.navigation(of: flow).allActions
            for index in actions.selectIndices {
                guard case .selectShowing(let tab, let routes) = actions[index].action.kind else { continue }
                check(tab: tab, routes: routes, in: flow, catalog: catalog, into: &diagnostics)
            }
        }
    }

    private func check(
        tab: Located<String>, routes: [LinkRouteDefinition], in flow: FlowDefinition, catalog: FlowCatalog,
        into diagnostics: inout [Diagnostic]
    ) {
        let name = MessageText.name(flow.name.value)
        let tabs = flow.tabs.map(\.name.value).filter { flow.child(named: $0)?.presentationStyle.isPresented == false }
        guard flow.tab(named: tab.value) != nil, flow.child(named: tab.value)?.presentationStyle.isPresented == false
        else {
            let reason =
                flow.tab(named: tab.value) != nil
                ? "\(MessageText.name(tab.value)) is a tab-bar item that presents, with no stack of its own"
                : flow.hasTabs
                    ? "flow \(name) has no tab \(MessageText.name(tab.value))\(NameSuggestion.hint(for: tab.value, among: tabs))"
                    : "flow \(name) has no tabs; a select with routes is written in a tab flow, in a handler of its child"
            diagnostics.append(
                Self.diagnostic(
                    "'select: \(tab.value)' with 'routes' shows them in a tab of its own flow; \(reason)", at: tab))
            return
        }
        let resolved = catalog.resolvedRoutes(of: [LinkRouteDefinition(name: tab, arguments: [])] + routes, in: flow)
        if resolved.count < routes.count + 1 {
            let unresolved = routes[resolved.count - 1]
            let addressed = resolved.last.flatMap { route -> FlowDefinition? in
                if case .child(_, let childFlow) = route.target { return childFlow }
                return route.flow
            }
            guard let addressed else { return }
            let names = addressed.screens.map(\.name.value) + addressed.children.map(\.name.value)
            diagnostics.append(
                Self.diagnostic(
                    "in 'select: \(tab.value)', flow \(MessageText.name(addressed.name.value)) has no screen or child \(MessageText.name(unresolved.name.value))\(NameSuggestion.hint(for: unresolved.name.value, among: names))",
                    at: unresolved.name))
            return
        }
        LinkRouteNotPath.checkSteps(resolved, at: "in 'select: \(tab.value)'", catalog: catalog) { message, at in
            diagnostics.append(Self.diagnostic(message, at: at))
        }
    }
}
