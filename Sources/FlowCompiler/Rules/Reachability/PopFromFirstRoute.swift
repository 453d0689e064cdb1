import FlowDefinitions
import FlowModel

/// FC306 `pop-from-first-route`: a screen that is never pushed pops, which always removes its flow's first route.
struct PopFromFirstRoute: FlowRule {
    static let description = RuleDescription(
        code: "FC306",
        identifier: "pop-from-first-route",
        severity: .error,
        summary: "a screen that no action pushes has a 'pop', which the runtime always refuses",
        explanation: """
            'pop' removes routes of the screen's own flow, and may not remove the flow's first route
            (the runtime refuses it: a flow leaves the path only by 'finish'). A screen that no
            'push' of its flow shows (it is shown only by 'start' or 'replaceRoot') is always its
            flow's first route, so every 'pop' from it is refused, whatever its count. This is often
            a child flow's first screen written as if 'pop' dismissed the child. Use 'finish' with
            an outcome the parent handles, or push the screen from another screen.
            """,
        triggeringExamples: [
            """
            ---- checkout.yaml ----
            flow: checkout
            start: cart
            screens:
              cart: { on: { pay: { start: secure } } }
            children:
              secure: { flow: threeDS, on: { approved: stay } }
            ---- threeDS.yaml ----
            flow: threeDS
            start: challenge
            outcomes: [approved]
            screens:
              challenge:
                on:
                  verify: { finish: approved }
                  back: { pop: ↓1 }
            """
        ],
        nonTriggeringExamples: [
            """
            flow: chat
            start: threads
            screens:
              threads:
                on: { open: { push: thread } }
              thread:
                on: { back: { pop: 1 }, more: { push: thread } }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            let navigation = catalog.navigation(of: flow)
            let screens = navigation.screensByName
            // By screen position (the first of each name), not by name: no name is hashed per screen.
            // Speed: PERFORMANCE.md, "Shapes kept for speed".
            var pushed = [Bool](repeating: false, count: flow.screens.count)
            for (action, _) in navigation.allActions {
                guard case .push(let screen, _) = action.kind,
                    let position = screens.position(of: screen.value)
                        ?? screens.position(of: navigation.meant(screen.value))
                else { continue }
                pushed[position] = true
            }
            let reachable = navigation.reachable
            for (position, screen) in flow.screens.enumerated()
            where !pushed[position] && reachable.members[position]
                && (screens.isUnique || screens.position(of: screen.name.value) == position)
            {
                for event in screen.events {
                    for case .pop(let count) in event.action.alternatives.map(\.kind) {
                        diagnostics.append(
                            Self.diagnostic(
                                "'pop' from screen \(MessageText.name(screen.name.value)) is always refused: no action of flow \(MessageText.name(flow.name.value)) pushes it, so it is always the flow's first route; use 'finish' to leave the flow, or 'push' the screen from another screen",
                                at: Located(String(count.value), at: count.location)))
                    }
                }
            }
        }
    }
}
