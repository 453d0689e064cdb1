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
                let missing = link.routes[resolved.count].name
                if hint.isEmpty, let path = Self.childPath(to: missing.value, from: current, catalog: catalog) {
                    let written = link.routes[..<resolved.count].map(\.name.value) + path.children + [missing.value]
                    hint =
                        "; \(MessageText.name(missing.value)) is \(path.kind) of flow \(MessageText.name(path.flow)), reached through child "
                        + MessageText.englishList(
                            path.children.map { "\(MessageText.name($0))" }, conjunction: "then")
                        + ": name \(path.children.count == 1 ? "it" : "them") first, as in [\(written.joined(separator: ", "))]"
                }
                report(missing, in: current, catalog: catalog, hint: hint, into: &diagnostics)
            }
        }
    }

    /// The children to go through from `flow` to a flow that has a screen, tab or child named `name`
    /// (breadth first, at most three children deep, each flow once), with what the name is there; nil when
    /// no such flow is that near.
    static func childPath(to name: String, from flow: FlowDefinition, catalog: FlowCatalog) -> (
        children: [String], flow: String, kind: String
    )? {
        var queue: [(flow: FlowDefinition, children: [String])] = [(flow, [])]
        var seen: Set<String> = [flow.name.value]
        var index = 0
        while index < queue.count {
            let (current, children) = queue[index]
            index += 1
            if !children.isEmpty {
                let navigation = catalog.navigation(of: current)
                if current.tab(named: name) != nil { return (children, current.name.value, "a tab") }
                if navigation.screensByName[name] != nil { return (children, current.name.value, "a screen") }
                if navigation.childrenByName[name] != nil { return (children, current.name.value, "a child") }
            }
            guard children.count < 3 else { continue }
            for child in current.children {
                guard let next = catalog.flow(of: child), seen.insert(next.name.value).inserted else { continue }
                queue.append((next, children + [child.name.value]))
            }
        }
        return nil
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
