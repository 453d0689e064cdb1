import FlowDefinitions
import FlowModel

/// FC373 `tabs-pushed`: a tab flow would be shown above other routes of a stack — pushed over a screen by
/// an event's `start` (or a handler's, over the screen that started the finished child), or shown as the
/// first route of a flow that itself begins above routes (a pushed child's `start` or `replaceRoot`,
/// through any number of pushed children); and a deep link whose routes show a tab flow above other routes of
/// its stack, which the runtime refuses every time.
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

            The first route of a pushed child is not the bottom of a stack either: a tab flow shown
            by the 'start' (any branch) or a 'replaceRoot' of a flow that is pushed over a screen,
            directly or through further pushed children, is reported at that 'start' or
            'replaceRoot', with a note at the push. So is a handler's 'start' that runs over the
            screen that started the finished child.

            A deep link builds its routes the same way, so a link whose route list shows a tab
            flow above other routes of its stack (after a screen, or after a pushed child that
            shows its start screen) is refused every time it opens: it is reported at that route,
            with a note at the route below it.
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
            """
            flow: app
            start: welcome
            screens:
              welcome: { on: { browse: { start: shelf } } }
            children:
              shelf: { flow: shelf }
            ---- shelf.yaml ----
            flow: shelf
            start: list
            screens:
              list: { on: { everything: { replaceRoot: ↓home } } }
            children:
              home: { flow: home }
            \(TabExampleFiles.homeWithFeedTab)
            """,
            """
            flow: app
            start: welcome
            screens:
              welcome: { on: { enter: { start: ↓home } } }
            children:
              home: { flow: home }
            links:
              "/home": [welcome, ↓home]
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
            links:
              "/home": [home, feed]
              "/gallery": [welcome, gallery, feed]
            \(TabExampleFiles.homeWithFeedTab)
            """
        ]
    )

    init() {}

    /// Where a child is shown in its parent's routes.
    private enum Position {
        /// Over routes of the parent (an event's `start`, or a handler's over the screen that started the child).
        case overRoutes
        /// As the parent's first route (`start`, `replaceRoot`, or a handler of a child shown so): over
        /// routes exactly when the parent itself begins over routes.
        case firstRoute
    }

    /// A pushed (not presented, not a tab) child shown by one action of a flow.
    private struct Show {
        let target: Located<String>
        let childFlow: FlowDefinition
        let position: Position
        let site: ActionSite
    }

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        // The flows whose first route can sit over routes of its stack, each with the push that puts the
        // outermost such flow there (the note's location and that flow's name). Found by a worklist, so the
        // depth of nested pushed children costs no recursion.
        var beginsOverRoutes: [String: (push: Located<String>, pushed: String)] = [:]
        var pending: [(flow: FlowDefinition, push: Located<String>, pushed: String)] = []
        var showsByFlow: [String: [Show]] = [:]
        for flow in catalog.uniqueFlows {
            let shows = Self.shows(in: flow, catalog)
            showsByFlow[flow.name.value] = shows
            for show in shows where show.position == .overRoutes {
                if show.childFlow.hasTabs {
                    diagnostics.append(Self.pushedDiagnostic(show))
                } else if beginsOverRoutes[show.childFlow.name.value] == nil {
                    beginsOverRoutes[show.childFlow.name.value] = (show.target, show.childFlow.name.value)
                    pending.append((show.childFlow, show.target, show.childFlow.name.value))
                }
            }
        }
        while let (flow, push, pushed) = pending.popLast() {
            for show in showsByFlow[flow.name.value] ?? [] where show.position == .firstRoute {
                if show.childFlow.hasTabs {
                    let within =
                        flow.name.value == pushed
                        ? "flow \(MessageText.name(pushed)) is pushed over a screen"
                        : "flow \(MessageText.name(flow.name.value)) begins where flow \(MessageText.name(pushed)) is pushed over a screen"
                    diagnostics.append(
                        Self.diagnostic(
                            "child \(MessageText.name(show.target.value)) runs flow \(MessageText.name(show.childFlow.name.value)), which has tabs; \(within), so its first route is not the bottom of a stack: present the child ('presentation: sheet' or 'cover'), or show flow \(MessageText.name(pushed)) where a stack begins",
                            at: show.target,
                            notes: [
                                DiagnosticNote(
                                    "flow \(MessageText.name(pushed)) is pushed over a screen here", at: push.location)
                            ]))
                } else if beginsOverRoutes[show.childFlow.name.value] == nil {
                    beginsOverRoutes[show.childFlow.name.value] = (push, pushed)
                    pending.append((show.childFlow, push, pushed))
                }
            }
        }
        for flow in catalog.uniqueFlows where !flow.links.isEmpty {
            for link in flow.links.flatMap(\.routeLists) { Self.check(link, in: flow, catalog, into: &diagnostics) }
        }
    }

    /// Reports the first route of `link` that shows a tab flow above other routes of its stack, as the
    /// runtime builds them (`Transition.childRecord`): a screen route, or the start screen a pushed child
    /// shows, puts a route on the stack; the first route, a tab and a presented child begin a stack.
    private static func check(
        _ link: LinkDefinition, in flow: FlowDefinition, _ catalog: FlowCatalog,
        into diagnostics: inout [Diagnostic]
    ) {
        let routes = catalog.resolvedRoutes(of: link, in: flow)
        // What is at the top of the stack the next route goes on (nil while it has no route), for the note.
        var below: (note: String, location: SourceLocation)?
        // Whether the next route names a tab (the routes address a tab flow), which begins a stack.
        var tabNext = flow.hasTabs
        for (index, resolved) in routes.enumerated() {
            let name = resolved.route.name
            guard case .child(let child, let childFlow) = resolved.target else {
                below = ("route \(MessageText.name(name.value)) is below it on the same stack", name.location)
                tabNext = false
                continue
            }
            if tabNext || child.presentationStyle.isPresented {
                below = nil
            } else if let childFlow, childFlow.hasTabs, let below {
                diagnostics.append(
                    diagnostic(
                        "in link \(MessageText.name(link.pattern.value)), child \(MessageText.name(name.value)) runs flow \(MessageText.name(childFlow.name.value)), which has tabs, over other routes of its stack; a tab bar sits at the bottom of a stack, so the runtime refuses this link every time: make the child the first route of a stack (the link's first route, or after a presented child), or present it ('presentation: sheet' or 'cover')",
                        at: name, notes: [DiagnosticNote(below.note, at: below.location)]))
                return
            }
            tabNext = childFlow?.hasTabs ?? false
            // The child's start is implied: a start screen goes on the stack, unless the next route names
            // the child that its start shows (then that child's routes come first).
            guard let childFlow, !childFlow.hasTabs else { continue }
            let navigation = catalog.navigation(of: childFlow)
            let next = index + 1 < routes.count ? routes[index + 1].route.name.value : nil
            if let next, navigation.childrenByName[next] != nil,
                navigation.startTargets.contains(where: { $0.value == next })
            {
                continue
            }
            below = (
                "child \(MessageText.name(name.value)) shows its start screen below it on the same stack", name.location
            )
        }
    }

    private static func pushedDiagnostic(_ show: Show) -> Diagnostic {
        guard case .handler(let finished, _) = show.site else {
            return diagnostic(
                "child \(MessageText.name(show.target.value)) runs flow \(MessageText.name(show.childFlow.name.value)), which has tabs; a tab bar sits at the bottom of a stack: present it ('presentation: sheet' or 'cover') or show it with 'replaceRoot'",
                at: show.target)
        }
        return diagnostic(
            "child \(MessageText.name(show.target.value)) runs flow \(MessageText.name(show.childFlow.name.value)), which has tabs; this handler of child \(MessageText.name(finished)) runs over the screen that started \(MessageText.name(finished)), and a tab bar sits at the bottom of a stack: present it ('presentation: sheet' or 'cover') or show it with 'replaceRoot'",
            at: show.target)
    }

    /// The pushed children `flow` shows, each with where it goes. A handler's `start` goes over routes
    /// when the finished child may have been started over routes (by an event, or by such a handler),
    /// found by a worklist over the flow's handlers. Linear in the size of the flow. A tab flow's
    /// children begin their own stacks or are presented, so it shows none.
    private static func shows(in flow: FlowDefinition, _ catalog: FlowCatalog) -> [Show] {
        guard !flow.hasTabs else { return [] }
        let navigation = catalog.navigation(of: flow)
        // The children that may be started over the flow's own routes.
        var overRoutes = Set<String>()
        var handlerStarts: [String: [String]] = [:]  // finished child → children its handlers start
        for (action, site) in navigation.allActions {
            guard case .startChild(let target, _) = action.kind else { continue }
            switch site {
            case .event: overRoutes.insert(target.value)
            case .handler(let finished, _): handlerStarts[finished, default: []].append(target.value)
            case .start: break
            }
        }
        var pending = Array(overRoutes)
        while let finished = pending.popLast() {
            for started in handlerStarts[finished] ?? [] where overRoutes.insert(started).inserted {
                pending.append(started)
            }
        }
        var shows: [Show] = []
        for (action, site) in navigation.allActions {
            let target: Located<String>
            let position: Position
            switch (action.kind, site) {
            case (.startChild(let started, _), .event): (target, position) = (started, .overRoutes)
            case (.startChild(let started, _), .handler(let finished, _)):
                (target, position) = (started, overRoutes.contains(finished) ? .overRoutes : .firstRoute)
            case (.show(let shown, _), _), (.replaceRoot(let shown, _), _), (.startChild(let shown, _), .start):
                (target, position) = (shown, .firstRoute)
            default: continue
            }
            guard let child = navigation.childrenByName[target.value], !child.presentationStyle.isPresented,
                let childFlow = catalog.flow(of: child)
            else { continue }
            shows.append(Show(target: target, childFlow: childFlow, position: position, site: site))
        }
        return shows
    }
}
