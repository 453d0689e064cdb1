import FlowDefinitions
import FlowModel

/// Per deep link, the host conditions it depends on: its `when` guard and every conditional choice its
/// route lists pass through (a conditional `start`, an `if` action), with the answer each route needs.
/// What `flowc links` prints; the runtime evaluates the same choices when the link opens
/// (docs/RUNNING.md, "Deep links and conditions").
public enum LinkConditionReport {
    /// One condition a route list depends on.
    public struct Requirement: Hashable, Sendable {
        /// The condition's name.
        public var condition: String
        /// The answer the route list needs.
        public var value: Bool
        /// Where the choice is made: `start of flow 'app'`, `event 'upgrade' of screen 'feed'`.
        public var choice: String
    }

    /// One link and what it depends on.
    public struct Entry: Hashable, Sendable {
        public var flow: String
        public var pattern: Located<String>
        /// The `when` conditions (all must hold), in order.
        public var guardConditions: [String]
        /// The conditional choices `routes` pass through.
        public var routes: [Requirement]
        /// The conditional choices the `otherwise` routes pass through; nil without `otherwise`.
        public var otherwise: [Requirement]?
        /// `flow 'login' finishes with 'signedIn'`, when the link continues after its guarding flow.
        public var continuation: String?
    }

    /// The links of `flows` (valid definitions), in file order, each with its requirements. Linear in
    /// the size of the flows and the length of the route lists.
    public static func entries(for flows: [FlowDefinition]) -> [Entry] {
        entries(in: FlowCatalog(flows))
    }

    /// The links of the catalog's flows, in file order, each with its requirements.
    static func entries(in catalog: FlowCatalog) -> [Entry] {
        var entries: [Entry] = []
        var index = TargetIndex()
        for flow in catalog.uniqueFlows {
            for link in flow.links {
                var entry = Entry(
                    flow: flow.name.value, pattern: link.pattern, guardConditions: link.guardConditions.map(\.value),
                    routes: requirements(of: link.routes, in: flow, link: link, catalog: catalog, index: &index))
                if let otherwise = link.otherwise {
                    entry.otherwise = requirements(
                        of: otherwise.routes, in: flow, link: link, catalog: catalog, index: &index)
                    if let outcome = otherwise.continueOn {
                        let routes = catalog.resolvedRoutes(
                            of: LinkDefinition(
                                pattern: link.pattern, segments: link.segments, routes: otherwise.routes), in: flow)
                        if let last = routes.last(where: { if case .child = $0.target { true } else { false } }),
                            case .child(_, let childFlow?) = last.target
                        {
                            entry.continuation =
                                "flow \(MessageText.name(childFlow.name.value)) finishes with \(MessageText.name(outcome.value))"
                        }
                    }
                }
                entries.append(entry)
            }
        }
        return entries
    }

    /// `FILE:LINE:COL: link 'PATTERN' of flow 'F'` and one indented line per part, for each entry.
    public static func render(_ entries: [Entry]) -> String {
        var text = ""
        for entry in entries {
            text += "\(entry.pattern.location): link '\(entry.pattern.value)' of flow '\(entry.flow)'\n"
            if !entry.guardConditions.isEmpty {
                text += "  when: " + entry.guardConditions.joined(separator: ", ") + " (all must hold)\n"
            }
            text += "  routes: " + describe(entry.routes) + "\n"
            if let otherwise = entry.otherwise {
                text +=
                    "  otherwise: " + describe(otherwise)
                    + (entry.continuation.map { "; continues when \($0)" } ?? "") + "\n"
            }
        }
        return text
    }

    private static func describe(_ requirements: [Requirement]) -> String {
        guard !requirements.isEmpty else { return "no conditions" }
        return requirements.map { "\($0.condition) is \($0.value) (\($0.choice))" }.joined(separator: ", ")
    }

    /// The conditional choices a route list passes through, in route order.
    private static func requirements(
        of routes: [LinkRouteDefinition], in flow: FlowDefinition, link: LinkDefinition, catalog: FlowCatalog,
        index: inout TargetIndex
    ) -> [Requirement] {
        let resolved = catalog.resolvedRoutes(
            of: LinkDefinition(pattern: link.pattern, segments: link.segments, routes: routes), in: flow)
        var found: [Requirement] = []
        var previous: ResolvedRoute?
        for route in resolved {
            let name = route.route.name.value
            switch previous?.target {
            case nil:
                found +=
                    startPath(to: name, in: route.flow)
                    ?? replaceRootPath(to: name, in: route.flow, catalog: catalog, index: &index) ?? []
            case .screen(let screen):
                found += eventPath(to: name, from: screen, in: route.flow, index: &index) ?? []
            case .child(_, let childFlow?):
                // The child's start is implied: the choices to the start screen the next route is reached from,
                // or to the child its start starts (named next, for a child flow that starts with a child).
                let navigation = catalog.navigation(of: childFlow)
                if navigation.childrenByName[name] != nil, let choices = startPath(to: name, in: childFlow) {
                    found += choices
                    previous = route
                    continue
                }
                for start in navigation.startTargets.map(\.value) {
                    guard let screen = navigation.screensByName[start],
                        let step = eventPath(to: name, from: screen, in: childFlow, index: &index)
                    else { continue }
                    found += (startPath(to: start, in: childFlow) ?? []) + step
                    break
                }
            case .child(_, nil):
                break
            }
            previous = route
        }
        return found
    }

    /// The choices of `flow`'s `start` on the way to showing `target`; nil when `start` never shows it.
    private static func startPath(to target: String, in flow: FlowDefinition) -> [Requirement]? {
        path(in: flow.start, to: target, flow: flow, choice: "start of flow \(MessageText.name(flow.name.value))") {
            kind in
            if case .show(let shown, _) = kind { shown.value } else { nil }
        }
    }

    /// The choices of the first event of `screen` that pushes or starts `target`.
    private static func eventPath(
        to target: String, from screen: ScreenDefinition, in flow: FlowDefinition, index: inout TargetIndex
    ) -> [Requirement]? {
        let key = TargetIndex.ScreenKey(flow: flow.name.value, screen: screen.name.value)
        if index.events[key] == nil {
            index.events[key] = TargetIndex.firstSites(screen.events.map(\.action), destination: pushedOrStarted)
        }
        guard let position = index.events[key]?[target] else { return nil }
        let event = screen.events[position]
        let choice = "event \(MessageText.name(event.name.value)) of screen \(MessageText.name(screen.name.value))"
        return path(in: event.action, to: target, flow: flow, choice: choice, destination: pushedOrStarted)
    }

    /// The route an action alternative pushes or starts, if any.
    private static func pushedOrStarted(_ kind: ActionKind) -> String? {
        switch kind {
        case .push(let shown, _), .startChild(let shown, _): shown.value
        default: nil
        }
    }

    /// The route an action alternative shows by `replaceRoot`, if any.
    private static func replacedRoot(_ kind: ActionKind) -> String? {
        if case .replaceRoot(let shown, _) = kind { shown.value } else { nil }
    }

    /// For each screen and each flow, which action first shows each route, built once on first use so that
    /// many links through one screen with many events (or one flow with many `replaceRoot`s) stay linear.
    struct TargetIndex {
        struct ScreenKey: Hashable {
            var flow: String
            var screen: String
        }

        /// (flow, screen) → route → position of the first event of the screen that pushes or starts it.
        var events: [ScreenKey: [String: Int]] = [:]
        /// Flow → route → position in `NavigationIndex.allActions` of the first action that `replaceRoot`s it.
        var replaceRoots: [String: [String: Int]] = [:]

        /// Route → position of the first of `actions` with an alternative (in any branch) whose `destination` is it.
        static func firstSites(_ actions: [ActionDefinition], destination: (ActionKind) -> String?) -> [String: Int] {
            var sites: [String: Int] = [:]
            for (position, action) in actions.enumerated() {
                var pending = [action]
                while let current = pending.popLast() {
                    if case .conditional(_, let then, let otherwise) = current.kind {
                        pending.append(otherwise)
                        pending.append(then)
                    } else if let shown = destination(current.kind), sites[shown] == nil {
                        sites[shown] = position
                    }
                }
            }
            return sites
        }
    }

    /// The choices of the first `replaceRoot` of `target` (in events and outcome handlers).
    private static func replaceRootPath(
        to target: String, in flow: FlowDefinition, catalog: FlowCatalog, index: inout TargetIndex
    ) -> [Requirement]? {
        let allActions = catalog.navigation(of: flow).allActions
        if index.replaceRoots[flow.name.value] == nil {
            index.replaceRoots[flow.name.value] = TargetIndex.firstSites(
                allActions.map(\.action), destination: replacedRoot)
        }
        guard let position = index.replaceRoots[flow.name.value]?[target] else { return nil }
        let (action, site) = allActions[position]
        let choice: String
        switch site {
        case .event(let screen, let event):
            choice = "event \(MessageText.name(event)) of screen \(MessageText.name(screen))"
        case .handler(let child, let outcome):
            choice = "handler of outcome \(MessageText.name(outcome)) of child \(MessageText.name(child))"
        case .start: choice = "start of flow \(MessageText.name(flow.name.value))"
        }
        return path(in: action, to: target, flow: flow, choice: choice, destination: replacedRoot)
    }

    /// The `if` answers on the way from `action` to the first alternative whose `destination` is `target`.
    private static func path(
        in action: ActionDefinition, to target: String, flow: FlowDefinition, choice: String,
        destination: (ActionKind) -> String?
    ) -> [Requirement]? {
        // Depth-first over the branches, with an explicit stack of (action, answers so far).
        var pending: [(ActionDefinition, [Requirement])] = [(action, [])]
        while let (current, answers) = pending.popLast() {
            if case .conditional(let condition, let then, let otherwise) = current.kind {
                pending.append(
                    (otherwise, answers + [Requirement(condition: condition.value, value: false, choice: choice)]))
                pending.append((then, answers + [Requirement(condition: condition.value, value: true, choice: choice)]))
            } else if destination(current.kind) == target {
                return answers
            }
        }
        return nil
    }
}
