import FlowDefinitions
import FlowModel

/// FC205 `unknown-target`: a start, replaceRoot or deep-link route names neither a screen nor a child.
struct UnknownTarget: FlowRule {
    static let description = RuleDescription(
        code: "FC205",
        identifier: "unknown-target",
        severity: .error,
        summary: "a start, replaceRoot or deep-link route names neither a screen nor a child",
        explanation: """
            'start', 'replaceRoot' and the routes of a deep link name a screen or a child
            declaration of their flow; in a deep link, the routes after a child name that child
            flow's screens. Fix the spelling or declare the screen or child.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: ↓hom
            screens:
              home: {}
            """,
            """
            flow: sample
            start: home
            screens:
              home: {}
            links:
              "/home": [home, ↓settings]
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: home
            screens:
              home: { on: { settings: { push: settings } } }
              settings: {}
            links:
              "/settings": [home, settings]
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            for (action, _) in catalog.navigation(of: flow).allActions {
                switch action.kind {
                case .show(let target, _), .replaceRoot(let target, _):
                    report(target, in: flow, catalog: catalog, into: &diagnostics)
                default:
                    continue
                }
            }
            for link in flow.links.flatMap(\.routeLists) {
                let resolved = catalog.resolvedRoutes(of: link, in: flow)
                guard resolved.count < link.routes.count else { continue }
                // Resolution stops at an unknown name, or after a child whose flow is unknown (FC206).
                if let last = resolved.last, case .child(_, nil) = last.target { continue }
                let current =
                    resolved.last.map { route -> FlowDefinition in
                        if case .child(_, let childFlow?) = route.target { return childFlow }
                        return route.flow
                    } ?? flow
                // After a child flow that starts with a child, the next route names that child (FC601).
                var hint = ""
                if let last = resolved.last, case .child(let child, _?) = last.target {
                    let navigation = catalog.navigation(of: current)
                    let started = navigation.startTargets.map(\.value).filter { navigation.childrenByName[$0] != nil }
                    if let first = started.first {
                        hint =
                            "; flow \(MessageText.name(current.name.value)) starts with child "
                            + MessageText.englishList(started.map { "\(MessageText.name($0))" }, conjunction: "or")
                            + ": name that child next, as in [\(child.name.value), \(first), \(link.routes[resolved.count].name.value)]"
                    }
                }
                report(link.routes[resolved.count].name, in: current, catalog: catalog, hint: hint, into: &diagnostics)
            }
        }
    }

    private func report(
        _ target: Located<String>, in flow: FlowDefinition, catalog: FlowCatalog, hint: String = "",
        into diagnostics: inout [Diagnostic]
    ) {
        let navigation = catalog.navigation(of: flow)
        guard navigation.screensByName[target.value] == nil, navigation.childrenByName[target.value] == nil else {
            return
        }
        let candidates = [flow.screens.lazy.map(\.name.value), flow.children.lazy.map(\.name.value)].joined()
        diagnostics.append(
            Self.diagnostic(
                "\(MessageText.name(target.value)) is neither a screen nor a child of flow \(MessageText.name(flow.name.value))"
                    + NameSuggestion.hint(for: target.value, among: candidates) + hint,
                at: target))
    }
}
