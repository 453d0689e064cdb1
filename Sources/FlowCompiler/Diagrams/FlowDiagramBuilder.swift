import FlowDefinitions
import FlowModel

/// Builds a `FlowDiagram` from decoded flows: nodes first (so every edge finds its ends), then edges.
struct FlowDiagramBuilder {
    private let flows: [FlowDefinition]
    private let flowsByName: [String: FlowDefinition]
    private let codesByLocation: [SourceLocation: [String]]
    private var diagram = FlowDiagram()
    /// Node ids by "flow/kind/name".
    private var ids: [String: String] = [:]
    private var clusterIndexByFlow: [String: Int] = [:]
    /// Who pushes and starts what, per flow, built once when the flow's edges are drawn.
    private var actionIndexByFlow: [String: ActionIndex] = [:]

    /// One flow's actions by what they lead to, so that drawing a `pop`, a `stay` handler or a `start`
    /// looks its screens up instead of scanning every event of the flow (which made drawing quadratic).
    private struct ActionIndex {
        /// Screen name → the screens with an event that pushes it (each once, in declaration order).
        var pushers: [String: [String]] = [:]
        /// Child name → the screens with an event that starts it (each once, in declaration order).
        var starters: [String: [String]] = [:]
        /// Child name → its declaration (the first one, as `FlowDefinition.child(named:)` finds).
        var children: [String: ChildDefinition] = [:]
        /// Screen name → its position among the flow's screens (the first, for a name declared twice).
        var screenOrder: [String: Int] = [:]

        init(_ flow: FlowDefinition) {
            for (position, screen) in flow.screens.enumerated() {
                let name = screen.name.value
                if screenOrder[name] == nil { screenOrder[name] = position }
                for event in screen.events {
                    for action in event.action.alternatives {
                        switch action.kind {
                        case .push(let pushed, _) where pushers[pushed.value]?.last != name:
                            pushers[pushed.value, default: []].append(name)
                        case .startChild(let started, _) where starters[started.value]?.last != name:
                            starters[started.value, default: []].append(name)
                        default: break
                        }
                    }
                }
            }
            for child in flow.children where children[child.name.value] == nil { children[child.name.value] = child }
        }
    }

    init(flows: [FlowDefinition], diagnostics: [Diagnostic]) {
        self.flows = flows
        flowsByName = FlowCatalog.firstDefinitions(of: flows).byName
        var codes: [SourceLocation: [String]] = [:]
        for diagnostic in diagnostics {
            var key = diagnostic.location
            key.offset = 0
            codes[key, default: []].append(diagnostic.code)
        }
        codesByLocation = codes
    }

    /// `root` and the flows it runs, transitively (breadth first, each once, root first), or every flow (file order).
    func select(root: String?) -> [FlowDefinition]? {
        guard let root else { return flows }
        guard let first = flowsByName[root] else { return nil }
        var selected = [first]
        var seen: Set<String> = [root]
        var index = 0
        while index < selected.count {
            for child in selected[index].children where !seen.contains(child.flow.value) {
                seen.insert(child.flow.value)
                if let flow = flowsByName[child.flow.value] { selected.append(flow) }
            }
            index += 1
        }
        return selected
    }

    mutating func build(_ selected: [FlowDefinition]) -> FlowDiagram {
        var seenFlows = Set<String>()
        let unique = selected.filter { seenFlows.insert($0.name.value).inserted }
        for flow in unique { addNodes(of: flow) }
        for flow in unique { addEdges(of: flow) }
        return diagram
    }

    // MARK: Nodes

    private func codes(_ locations: SourceLocation?...) -> [String] {
        var found = Set<String>()
        for case var location? in locations {
            location.offset = 0
            found.formUnion(codesByLocation[location] ?? [])
        }
        return found.sorted()
    }

    private mutating func addNodes(of flow: FlowDefinition) {
        let name = flow.name.value
        clusterIndexByFlow[name] = diagram.clusters.count
        diagram.clusters.append(
            .init(
                id: "cluster_\(diagram.clusters.count + 1)", flow: name,
                title: flow.hasTabs ? "flow \(name) (tabs)" : "flow \(name)", nodes: [],
                diagnosed: codes(flow.name.location)))
        addNode(flow: name, key: "entry", kind: .entry, lines: ["start"], diagnosed: [])
        for screen in flow.screens {
            var lines = [screen.name.value]
            if !screen.parameters.isEmpty {
                lines.append(
                    "("
                        + screen.parameters.map { "\($0.name.value): \($0.type.value.rawValue)" }.joined(
                            separator: ", ") + ")")
            }
            if let removal = screen.removal, removal.policy.value != .discard {
                lines.append(
                    "removal: \(removal.policy.value.rawValue)" + (removal.when.map { " [when \($0.value)]" } ?? ""))
            }
            addNode(
                flow: name, key: "target/" + screen.name.value, kind: .screen, lines: lines,
                diagnosed: codes(screen.name.location))
        }
        let tabNames = Set(flow.tabs.map(\.name.value))
        for child in flow.children {
            var lines = [child.name.value, "flow \(child.flow.value)"]
            if child.presentationStyle != .push { lines[1] += ", \(child.presentationStyle.rawValue)" }
            addNode(
                flow: name, key: "target/" + child.name.value,
                kind: tabNames.contains(child.name.value) ? .tab : .child,
                lines: lines, diagnosed: codes(child.name.location, child.flow.location))
        }
        for outcome in flow.outcomes {
            addNode(
                flow: name, key: "outcome/" + outcome.value, kind: .outcome, lines: ["finish: \(outcome.value)"],
                diagnosed: codes(outcome.location))
        }
        for link in flow.links {
            addNode(
                flow: name, key: "link/" + link.pattern.value, kind: .link, lines: [link.pattern.value],
                diagnosed: codes(link.pattern.location))
        }
    }

    @discardableResult
    private mutating func addNode(
        flow: String, key: String, kind: FlowDiagram.NodeKind, lines: [String], diagnosed: [String]
    ) -> String {
        let fullKey = flow + "/" + key
        if let id = ids[fullKey] { return id }
        let id = "n\(diagram.nodes.count + 1)"
        ids[fullKey] = id
        let named = key.split(separator: "/", maxSplits: 1)
        diagram.nodes.append(
            .init(
                id: id, kind: kind, lines: lines, diagnosed: diagnosed, name: named.count == 2 ? String(named[1]) : ""))
        if let cluster = clusterIndexByFlow[flow] { diagram.clusters[cluster].nodes.append(id) }
        return id
    }

    /// The node of a screen or child of `flow`, or a marked placeholder for a name that is neither.
    private mutating func target(_ name: Located<String>, in flow: String) -> String {
        if let id = ids[flow + "/target/" + name.value] { return id }
        return addNode(
            flow: flow, key: "missing/" + name.value, kind: .missing, lines: ["? \(name.value)"],
            diagnosed: codes(name.location))
    }

    private mutating func outcomeNode(_ outcome: Located<String>, in flow: String) -> String {
        if let id = ids[flow + "/outcome/" + outcome.value] { return id }
        return addNode(
            flow: flow, key: "outcome/" + outcome.value, kind: .missing, lines: ["finish: \(outcome.value)"],
            diagnosed: codes(outcome.location))
    }

    // MARK: Edges

    private mutating func addEdge(
        _ from: String, _ to: String, _ lines: [String], _ style: FlowDiagram.EdgeStyle, _ diagnosed: [String]
    ) {
        diagram.edges.append(
            .init(from: from, to: to, lines: lines.filter { !$0.isEmpty }, style: style, diagnosed: diagnosed))
    }

    private mutating func addEdges(of flow: FlowDefinition) {
        let name = flow.name.value
        guard let entry = ids[name + "/entry"] else { return }
        let index = actionIndex(of: flow)
        addActionEdges(flow, from: entry, origins: [], action: flow.start, label: "", condition: [])
        for screen in flow.screens {
            guard let from = ids[name + "/target/" + screen.name.value] else { continue }
            for event in screen.events {
                let first = diagram.edges.count
                addActionEdges(
                    flow, from: from, origins: [screen.name.value], action: event.action, label: event.name.value,
                    condition: [])
                for drawn in first..<diagram.edges.count { diagram.edges[drawn].event = event.name.value }
            }
        }
        for child in flow.children {
            guard let declaration = ids[name + "/target/" + child.name.value] else { continue }
            let childFlow = flowsByName[child.flow.value]
            if let childFlow, let childEntry = ids[childFlow.name.value + "/entry"] {
                addEdge(declaration, childEntry, ["runs"], .dotted, [])
            }
            let starters = index.starters[child.name.value] ?? []
            for handler in child.handlers {
                let first = diagram.edges.count
                defer {
                    for drawn in first..<diagram.edges.count { diagram.edges[drawn].outcome = handler.outcome.value }
                }
                var from = declaration
                if let childFlow, clusterIndexByFlow[childFlow.name.value] != nil {
                    from = outcomeNode(handler.outcome, in: childFlow.name.value)
                }
                let label = "\(handler.outcome.value) ⇒"
                if case .stay = handler.action.kind {
                    let targets = starters.compactMap { ids[name + "/target/" + $0] }
                    for target in targets.isEmpty ? [declaration] : targets {
                        addEdge(
                            from, target, [label + " stay"], .dashed,
                            codes(handler.outcome.location, handler.action.location))
                    }
                } else {
                    addActionEdges(
                        flow, from: from, origins: starters, action: handler.action, label: label, condition: [],
                        style: .dashed)
                }
            }
        }
        for link in flow.links {
            guard let from = ids[name + "/link/" + link.pattern.value] else { continue }
            let first = diagram.edges.count
            defer { for drawn in first..<diagram.edges.count { diagram.edges[drawn].link = link.pattern.value } }
            let guardText =
                link.guardConditions.isEmpty
                ? "" : "[when " + link.guardConditions.map(\.value).joined(separator: ", ") + "]"
            if let last = lastRoute(of: link.routes, from: flow) {
                addEdge(from, last, [link.routes.map(\.name.value).joined(separator: " › "), guardText], .dashed, [])
            }
            if let otherwise = link.otherwise, let last = lastRoute(of: otherwise.routes, from: flow) {
                let resume = otherwise.continueOn.map { "(continue on \($0.value))" } ?? ""
                addEdge(
                    from, last, ["otherwise: " + otherwise.routes.map(\.name.value).joined(separator: " › "), resume],
                    .dashed,
                    codes(otherwise.location, otherwise.continueOn?.location))
            }
        }
    }

    /// The node of a link's last route: each route names a screen or child of the current flow, and
    /// a child's routes continue in its flow. When that flow is not in the picture (one flow drawn on its
    /// own), the link ends at the child: the routes after it are the child flow's, not missing names.
    private mutating func lastRoute(of routes: [LinkRouteDefinition], from flow: FlowDefinition) -> String? {
        var current = flow
        var last: String?
        for route in routes {
            last = target(route.name, in: current.name.value)
            guard let child = actionIndex(of: current).children[route.name.value] else { continue }
            guard let next = flowsByName[child.flow.value], clusterIndexByFlow[next.name.value] != nil else { break }
            current = next
        }
        return last
    }

    /// The flow's ``ActionIndex``, built on first use.
    private mutating func actionIndex(of flow: FlowDefinition) -> ActionIndex {
        if let index = actionIndexByFlow[flow.name.value] { return index }
        let index = ActionIndex(flow)
        actionIndexByFlow[flow.name.value] = index
        return index
    }

    /// `origins` are the screens the action runs on (for `pop`).
    private mutating func addActionEdges(
        _ flow: FlowDefinition, from: String, origins: [String], action: ActionDefinition, label: String,
        condition: [String], style: FlowDiagram.EdgeStyle? = nil
    ) {
        let name = flow.name.value
        let conditionText = condition.isEmpty ? "" : "[" + condition.joined(separator: ", ") + "]"
        func lines(_ verb: String) -> [String] { [label, verb, conditionText] }
        switch action.kind {
        case .push(let screen, _):
            addEdge(
                from, target(screen, in: name), lines("push"), style ?? .solid, codes(action.location, screen.location))
        case .startChild(let child, _):
            let presentation = actionIndex(of: flow).children[child.value].map(\.presentationStyle) ?? .push
            addEdge(
                from, target(child, in: name),
                lines(presentation == .push ? "start" : "start (\(presentation.rawValue))"),
                style ?? .solid, codes(action.location, child.location))
        case .show(let target, _):
            addEdge(
                from, self.target(target, in: name), lines(""), style ?? .solid, codes(action.location, target.location)
            )
        case .replaceRoot(let target, _):
            addEdge(
                from, self.target(target, in: name), lines("replaceRoot"), .dashed,
                codes(action.location, target.location))
        case .popTo(let screen):
            addEdge(from, target(screen, in: name), lines("popTo"), .dotted, codes(action.location, screen.location))
        case .pop(let count):
            // N levels of pushers up from the origins; a level that is empty or equal to the one before
            // stays so, which ends the walk early.
            let index = actionIndex(of: flow)
            let pushers = index.pushers
            var level = Set(origins)
            for _ in 0..<min(count.value, flow.screens.count + 1) {
                var next = Set<String>()
                for screen in level { next.formUnion(pushers[screen] ?? []) }
                if next == level { break }
                level = next
                if level.isEmpty { break }
            }
            let verb = count.value == 1 ? "pop" : "pop \(count.value)"
            let targets = level.compactMap { screen in index.screenOrder[screen].map { ($0, screen) } }.sorted {
                $0.0 < $1.0
            }
            .compactMap { ids[name + "/target/" + $0.1] }
            if targets.isEmpty {
                let placeholder = addNode(
                    flow: name, key: "missing/" + verb, kind: .missing, lines: [verb + ": no screen below"],
                    diagnosed: [])
                addEdge(from, placeholder, lines(verb), .dotted, codes(action.location))
            }
            for target in targets { addEdge(from, target, lines(verb), .dotted, codes(action.location)) }
        case .finish(let outcome, _):
            addEdge(
                from, outcomeNode(outcome, in: name), lines("finish"), style ?? .solid,
                codes(action.location, outcome.location))
        case .select(let tab), .selectShowing(let tab, _):
            addEdge(
                from, selectTarget(tab, from: flow), lines("select"), style ?? .solid,
                codes(action.location, tab.location))
        case .conditional(let name, let then, let otherwise):
            addActionEdges(
                flow, from: from, origins: origins, action: then, label: label, condition: condition + [name.value],
                style: style)
            addActionEdges(
                flow, from: from, origins: origins, action: otherwise, label: label,
                condition: condition + ["not \(name.value)"], style: style)
        case .stay:
            break
        }
    }

    /// The tab `select` addresses: in the flow's own tab set, else in the tab flows that run it as a tab.
    private mutating func selectTarget(_ tab: Located<String>, from flow: FlowDefinition) -> String {
        if flow.hasTabs { return target(tab, in: flow.name.value) }
        for parent in flows where parent.hasTabs && clusterIndexByFlow[parent.name.value] != nil {
            let children = actionIndex(of: parent).children
            let runsFlowAsTab = parent.tabs.contains { children[$0.name.value]?.flow.value == flow.name.value }
            if runsFlowAsTab, let id = ids[parent.name.value + "/target/" + tab.value] { return id }
        }
        // Drawn without the tab flow that runs it: the tab is a parent's (the validator marks an unknown
        // one at the name, and its code marks the node), not a missing name of this flow.
        if ids[flow.name.value + "/target/" + tab.value] == nil {
            return addNode(
                flow: flow.name.value, key: "parentTab/" + tab.value, kind: .tab,
                lines: ["tab \(tab.value) (a parent's)"], diagnosed: codes(tab.location))
        }
        return target(tab, in: flow.name.value)
    }
}
