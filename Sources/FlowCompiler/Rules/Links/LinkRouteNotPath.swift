import FlowDefinitions
import FlowModel

/// FC601 `link-route-not-path`: a deep link's route list is not a path the flow can take.
struct LinkRouteNotPath: FlowRule {
    static let description = RuleDescription(
        code: "FC601",
        identifier: "link-route-not-path",
        severity: .error,
        summary: "a deep link's route list is not a path the flow can take",
        explanation: """
            A link's route list is the complete back stack it builds, so it must be one the person
            could have built by hand: the first route is one the flow's 'start' shows (any branch of
            a conditional start) or the target of one of its 'replaceRoot' actions (which leaves it
            as the only route), and each next route is reached from the previous one by one
            action of that screen ('push' of a screen, 'start' of a child). A route naming a child
            starts it, and the child's start route is implied: the next route must be reached by
            one action from the child flow's start screen and names one of the child's screens.
            Back stacks that skip a screen restore states the app cannot otherwise reach. Add the
            missing routes, or the missing action.
            """,
        triggeringExamples: [
            """
            flow: reading
            start: library
            screens:
              library: { on: { select: { push: details } } }
              details: { on: { notes: { push: notes } } }
              notes: {}
            links:
              "/details": [↓details]
              "/notes": [library, ↓notes]
            """,
            """
            ---- reading.yaml ----
            flow: reading
            start: library
            screens:
              library: { on: { edit: { start: edit } } }
            children:
              edit: { flow: edit, on: { saved: stay } }
            links:
              "/edit": [library, edit, ↓editor]
            ---- edit.yaml ----
            flow: edit
            start: editor
            outcomes: [saved]
            screens:
              editor: { on: { save: { finish: saved } } }
            """,
            """
            flow: app
            start: main
            children:
              main: { flow: main }
            links:
              "/help": [main, ↓help]
            ---- main.yaml ----
            flow: main
            tabs: [feed]
            start: feed
            children:
              feed: { flow: feed }
              help: { flow: feed, presentation: sheet }
            ---- feed.yaml ----
            flow: feed
            start: timeline
            screens:
              timeline: { on: { open: { push: settings } } }
              settings: { on: { back: { pop: 1 } } }
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: app
            conditions: [hasSession]
            start: splash
            screens:
              splash: { on: { loaded: { if: hasSession, then: { replaceRoot: home }, else: { replaceRoot: login } } } }
              home: { on: { settings: { push: settings }, logout: { replaceRoot: login } } }
              settings: {}
              login: { on: { submit: { replaceRoot: home } } }
            links:
              "/home": [home]
              "/settings": [home, settings]
            """,
            """
            ---- reading.yaml ----
            flow: reading
            start: library
            screens:
              library: { on: { select: { push: details } } }
              details: { on: { edit: { start: edit } } }
            children:
              edit: { flow: edit, on: { saved: stay } }
            links:
              "/details": [library, details]
              "/preview": [library, details, edit, preview]
            ---- edit.yaml ----
            flow: edit
            start: editor
            outcomes: [saved]
            screens:
              editor: { on: { save: { finish: saved }, preview: { push: preview } } }
              preview: {}
            """,
            """
            flow: app
            start: main
            children:
              main: { flow: main }
            links:
              "/settings": [main, feed, settings]
            ---- main.yaml ----
            flow: main
            tabs: [feed]
            start: feed
            children:
              feed: { flow: feed }
            ---- feed.yaml ----
            flow: feed
            start: timeline
            screens:
              timeline: { on: { open: { push: settings } } }
              settings: { on: { back: { pop: 1 } } }
            """,
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows where !flow.links.isEmpty {
            let firstRoutes = FirstRoutes(of: flow, navigation: catalog.navigation(of: flow))
            for link in flow.links.flatMap(\.routeLists) {
                check(link, in: flow, firstRoutes: firstRoutes, catalog: catalog, into: &diagnostics)
            }
        }
    }

    /// Where a flow's routes can begin, computed once per flow (a tab flow may have thousands of tabs,
    /// each the target of a link).
    private struct FirstRoutes {
        /// The start targets, then the `replaceRoot` targets, then the tabs, in that order.
        let names: [String]
        /// `names` as a set, for membership.
        let set: Set<String>
        /// The start targets alone.
        let starts: [String]
        /// The `replaceRoot` targets that are not start targets, for the message.
        let others: [String]
        /// The tabs that are not start targets (a tab flow's), for the message.
        let tabs: [String]
        /// Whether the flow has tabs.
        let hasTabs: Bool
        /// Whether every name is a screen or child of the flow (with an unknown one, FC205 speaks instead).
        let resolve: Bool

        init(of flow: FlowDefinition, navigation: NavigationIndex) {
            starts = navigation.startTargets.map(\.value)
            // A tab flow's routes begin in whichever tab is selected: a link may select any tab.
            names = navigation.firstRouteTargets + flow.tabs.map(\.name.value)
            set = Set(names)
            let startSet = Set(starts)
            others = navigation.firstRouteTargets.filter { !startSet.contains($0) }
            let replacedSet = Set(others)
            tabs = flow.tabs.map(\.name.value).filter { !startSet.contains($0) && !replacedSet.contains($0) }
            hasTabs = flow.hasTabs
            resolve = names.allSatisfy { navigation.screensByName[$0] != nil || navigation.childrenByName[$0] != nil }
        }
    }

    private func check(
        _ link: LinkDefinition, in flow: FlowDefinition, firstRoutes: FirstRoutes, catalog: FlowCatalog,
        into diagnostics: inout [Diagnostic]
    ) {
        let routes = catalog.resolvedRoutes(of: link, in: flow)
        guard let first = routes.first else { return }
        let starts = firstRoutes.starts
        // With an unknown start or replaceRoot target (FC205), the first route cannot be judged.
        if firstRoutes.resolve, !firstRoutes.set.contains(first.route.name.value) {
            let others = firstRoutes.others
            let alsoReplaced = others.isEmpty ? "" : " (and after a 'replaceRoot', at \(Self.names(others)))"
            let alsoTabs = firstRoutes.tabs.isEmpty ? "" : " (or at any of its tabs, \(Self.names(firstRoutes.tabs)))"
            var hint = ""
            if firstRoutes.hasTabs, let child = flow.child(named: first.route.name.value),
                child.presentationStyle.isPresented
            {
                hint =
                    "; to present \(MessageText.name(child.name.value)) over the tab set from a link, list it in 'tabs': a tab-bar item that presents (since format 1.3)"
            }
            diagnostics.append(
                Self.diagnostic(
                    "link \(MessageText.name(link.pattern.value)) starts at \(MessageText.name(first.route.name.value)), but flow \(MessageText.name(flow.name.value)) starts at \(Self.names(starts))\(alsoReplaced)\(alsoTabs); a link's routes begin where the flow's routes can begin, as in [\(starts.first ?? "…"), …]\(hint)",
                    at: first.route.name))
            return
        }
        Self.checkSteps(
            routes, at: "in link \(MessageText.name(link.pattern.value))", catalog: catalog
        ) { message, name in diagnostics.append(Self.diagnostic(message, at: name)) }
    }

    /// Checks that each of `routes` after the first is reached from the one before by one action (after a
    /// child: from the child flow's start; after a tab flow: one of its tabs), as a deep link's routes are,
    /// and reports the first that is not through `report`, whose message begins with `place` ("in link
    /// '/a'"). The routes a `select` shows in a tab (format 1.3, FC374) are checked by the same steps.
    static func checkSteps(
        _ routes: [ResolvedRoute], at place: String, catalog: FlowCatalog,
        report: (String, Located<String>) -> Void
    ) {
        for (previous, route) in zip(routes, routes.dropFirst()) {
            let name = route.route.name.value
            switch previous.target {
            case .screen(let screen):
                let navigation = catalog.navigation(of: previous.flow)
                guard !navigation.leadsInOneStep(from: screen.name.value, to: name) else { continue }
                // A misspelled push or start (FC203, FC204) may be the missing action: don't pile on.
                guard !navigation.screensWithUnknownTargets.contains(screen.name.value) else { return }
                report(
                    "\(place), \(MessageText.name(name)) is not reached from \(MessageText.name(screen.name.value)) by one action; list every route of the back stack, or add 'push' or 'start' of \(MessageText.name(name)) to an event of \(MessageText.name(screen.name.value))",
                    route.route.name)
                return
            case .child(let child, let childFlow):
                guard let childFlow else { return }
                if childFlow.hasTabs {
                    // After a tab flow, a route selects one of its tabs (the tab flow's start is not implied).
                    guard childFlow.tab(named: name) == nil else { continue }
                    let tabs = childFlow.tabs.map(\.name.value)
                    report(
                        "\(place), \(MessageText.name(name)) follows child \(MessageText.name(child.name.value)), whose flow \(MessageText.name(childFlow.name.value)) shows tabs: the next route selects one of \(Self.names(tabs))",
                        route.route.name)
                    return
                }
                let navigation = catalog.navigation(of: childFlow)
                let childStarts = navigation.startTargets.map(\.value)
                // A child flow that starts with a child: the next route names that child (the one its start
                // shows), and the routes after it address the grandchild's flow.
                if childStarts.contains(name), navigation.childrenByName[name] != nil {
                    guard route.route.arguments.isEmpty else {
                        report(
                            "\(place), \(MessageText.name(name)) is the child that flow \(MessageText.name(childFlow.name.value)) starts, with the arguments its start passes; write it without arguments",
                            route.route.name)
                        return
                    }
                    continue
                }
                guard !childStarts.contains(where: { navigation.leadsInOneStep(from: $0, to: name) }) else { continue }
                guard !childStarts.contains(where: navigation.screensWithUnknownTargets.contains) else { return }
                let startedChildren = childStarts.filter { navigation.childrenByName[$0] != nil }
                let message =
                    if childStarts.contains(name) {
                        "\(place), \(MessageText.name(name)) is the start of child \(MessageText.name(child.name.value)) and is already implied by it; remove this route"
                    } else if let started = startedChildren.first {
                        "\(place), \(MessageText.name(name)) follows child \(MessageText.name(child.name.value)), whose flow \(MessageText.name(childFlow.name.value)) starts with child \(Self.names(startedChildren)): name that child next, as in [\(child.name.value), \(started), \(name)]"
                    } else {
                        "\(place), \(MessageText.name(name)) is not reached by one action from \(Self.names(childStarts)), where child \(MessageText.name(child.name.value)) starts; list every route of the back stack"
                    }
                report(message, route.route.name)
                return
            }
        }
    }

    private static func names(_ names: [String]) -> String {
        MessageText.englishList(names.map { "\(MessageText.name($0))" }, conjunction: "or")
    }
}
