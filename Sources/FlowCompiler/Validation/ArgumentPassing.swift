import FlowDefinitions
import FlowModel

/// One place where arguments are passed (or, with none written, should be): a `push`, `start`,
/// `replaceRoot` or shown `start` target, or a deep-link route, resolved to its receiver.
///
/// It refers to where it is written by position (`flow`, `site`) rather than holding its reference
/// scope or link. Speed: PERFORMANCE.md, "Shapes kept for speed".
struct ArgumentPassing: Sendable {
    /// Where in its flow the place is written, which decides what `$name` references resolve to.
    enum Site: Sendable {
        /// `start`, or a tab's arguments: the flow's parameters.
        case flow
        /// An event's action (`flow.screens[screen].events[event]`).
        case event(screen: Int32, event: Int32)
        /// A child's outcome handler (`flow.children[child].handlers[handler]`).
        case handler(child: Int32, handler: Int32)
        /// A deep-link route: the link's placeholders.
        case link
    }

    /// A deep link's route list, shared by the passings of its routes.
    final class LinkRoutes: Sendable {
        let link: LinkDefinition
        init(_ link: LinkDefinition) { self.link = link }
    }

    /// The name written at the place (`push: ↓details`).
    let target: Located<String>
    let receiver: ArgumentReceiver
    let arguments: [ArgumentDefinition]
    /// The position of the place's flow in `FlowCatalog.uniqueFlows` (renumbered when a kept flow's
    /// passings are reused at another position).
    var flow: Int32
    let site: Site
    /// The link, when the place is a deep-link route (its placeholders are the scope).
    let linkRoutes: LinkRoutes?
    /// Whether the place is a route of a route list (`select: TAB` with `routes:`), whose arguments are
    /// written `{ name: { key: … } }` rather than with `with:`.
    var isInRouteList = false

    /// The link, when the place is a deep-link route.
    var link: LinkDefinition? { linkRoutes?.link }

    /// Whether the place is a deep-link route.
    var isLinkRoute: Bool { linkRoutes != nil }
}

extension FlowCatalog {
    /// One distinct flow's argument passings, with what their resolution read and the flow's scope layers.
    struct FlowPassings: Sendable {
        /// The places arguments are passed in the flow, in order.
        var passings: [ArgumentPassing]
        /// The flows their resolution looked up (the flow itself, each receiver's flow, the flows a route
        /// list passes through).
        let reads: Set<CatalogReads.Read>
        /// The layers shared by the flow's reference scopes.
        let layers: FlowScopeLayers
    }

    /// Every place arguments are passed in every distinct flow, with resolved receivers, flow by flow (by
    /// position in ``uniqueFlows``), with the flows their resolution looked up; places whose target does not
    /// resolve are left out (the reference rules report them). Linear in the size of the flows.
    ///
    /// - Parameter kept: the last validation's, by flow name, and what changed since: a flow's are reused
    ///   (renumbered to its position) when none of the flows they read changed, as they would be collected
    ///   again. Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// - Parameter reused: incremented for each flow whose passings were reused.
    func collectArgumentPassings(
        reusing kept: (passings: [String: FlowPassings], changes: RuleResultMemo.Changes)?, counting reused: inout Int
    ) -> [FlowPassings] {
        var byFlow: [FlowPassings] = []
        byFlow.reserveCapacity(uniqueFlows.count)
        for (position, flow) in uniqueFlows.enumerated() {
            if let kept, var passings = kept.passings[flow.name.value], kept.changes.isUnchanged(passings.reads) {
                if let first = passings.passings.first, first.flow != Int32(position) {
                    for index in passings.passings.indices { passings.passings[index].flow = Int32(position) }
                }
                byFlow.append(passings)
                reused += 1
                continue
            }
            let reads = CatalogReads()
            let (passings, layers) = noting(reads).collectArgumentPassings(of: flow, at: Int32(position))
            byFlow.append(FlowPassings(passings: passings, reads: reads.reads, layers: layers))
        }
        return byFlow
    }

    /// The places arguments are passed in `flow` (at `flowIndex` in ``uniqueFlows``), and the flow's scope
    /// layers shared by its places.
    private func collectArgumentPassings(of flow: FlowDefinition, at flowIndex: Int32) -> (
        [ArgumentPassing], FlowScopeLayers
    ) {
        let navigation = navigation(of: flow)
        var passings: [ArgumentPassing] = []
        // At most one place per action alternative, tab and link route. Speed: PERFORMANCE.md, "Shapes kept for speed".
        passings.reserveCapacity(
            navigation.allActions.count + flow.tabs.count
                + flow.links.reduce(0) { $0 + $1.routeLists.reduce(0) { $0 + $1.routes.count } })

        func add(_ action: ActionDefinition, site: ArgumentPassing.Site) {
            for alternative in action.alternatives {
                let receiver: ArgumentReceiver?
                let target: Located<String>
                let arguments: [ArgumentDefinition]
                switch alternative.kind {
                case .push(let screen, let with):
                    (target, arguments) = (screen, with)
                    receiver = navigation.screensByName[screen.value].map { .screen($0, in: flow) }
                case .startChild(let child, let with):
                    (target, arguments) = (child, with)
                    receiver = childReceiver(navigation.childrenByName[child.value])
                case .show(let name, _) where flow.tab(named: name.value) != nil:
                    // A tab flow's start selects a tab, which starts with its declared arguments.
                    continue
                case .replaceRoot(let name, let with), .show(let name, let with):
                    (target, arguments) = (name, with)
                    receiver =
                        navigation.screensByName[name.value].map { .screen($0, in: flow) }
                        ?? childReceiver(navigation.childrenByName[name.value])
                case .finish(let outcome, let with):
                    guard flow.outcomes.contains(where: { $0.value == outcome.value }) else { continue }
                    (target, arguments) = (outcome, with)
                    receiver = .outcome(outcome.value, flow: flow)
                case .pop, .popTo, .conditional, .stay, .select:
                    continue
                case .selectShowing(let tab, let routes):
                    // The routes a selected tab shows (format 1.3) receive arguments as a link's routes
                    // after a tab do, with `$name` resolved where the action runs.
                    addSelectedRoutes(tab: tab, routes: routes, site: site)
                    continue
                }
                if let receiver {
                    passings.append(
                        ArgumentPassing(
                            target: target, receiver: receiver, arguments: arguments, flow: flowIndex, site: site,
                            linkRoutes: nil))
                }
            }
        }

        func addSelectedRoutes(tab: Located<String>, routes: [LinkRouteDefinition], site: ArgumentPassing.Site) {
            for route in resolvedRoutes(of: [LinkRouteDefinition(name: tab, arguments: [])] + routes, in: flow)
                .dropFirst()
            {
                let receiver: ArgumentReceiver? =
                    switch route.target {
                    case .screen(let screen): .screen(screen, in: route.flow)
                    case .child(let child, let childFlow): childFlow.map { .child(child, flow: $0) }
                    }
                if let receiver {
                    passings.append(
                        ArgumentPassing(
                            target: route.route.name, receiver: receiver, arguments: route.route.arguments,
                            flow: flowIndex, site: site, linkRoutes: nil, isInRouteList: true))
                }
            }
        }

        add(flow.start, site: .flow)
        for tab in flow.tabs {
            // A tab is started with its declared arguments, in the tab flow's scope.
            if let receiver = childReceiver(navigation.childrenByName[tab.name.value]) {
                passings.append(
                    ArgumentPassing(
                        target: tab.name, receiver: receiver, arguments: tab.arguments, flow: flowIndex,
                        site: .flow,
                        linkRoutes: nil))
            }
        }
        for (screenIndex, screen) in flow.screens.enumerated() {
            for (eventIndex, event) in screen.events.enumerated() {
                add(event.action, site: .event(screen: Int32(screenIndex), event: Int32(eventIndex)))
            }
        }
        for (childIndex, child) in flow.children.enumerated() {
            for (handlerIndex, handler) in child.handlers.enumerated() {
                add(handler.action, site: .handler(child: Int32(childIndex), handler: Int32(handlerIndex)))
            }
        }
        for link in flow.links.flatMap(\.routeLists) {
            let shared = ArgumentPassing.LinkRoutes(link)
            var previous: ResolvedRoute?
            for route in resolvedRoutes(of: link, in: flow) {
                defer { previous = route }
                // A link that names a tab selects it; the tab starts with its declared arguments.
                if case .child(let child, _) = route.target, route.flow.tab(named: child.name.value) != nil {
                    continue
                }
                // The child a child flow's start started has the arguments that start passed (FC601).
                if case .child(let child, _) = route.target, case .child(_, let parentFlow?) = previous?.target,
                    parentFlow.name.value == route.flow.name.value,
                    self.navigation(of: parentFlow).startTargets.contains(where: { $0.value == child.name.value })
                {
                    continue
                }
                let receiver: ArgumentReceiver?
                switch route.target {
                case .screen(let screen): receiver = .screen(screen, in: route.flow)
                case .child(let child, let childFlow): receiver = childFlow.map { .child(child, flow: $0) }
                }
                if let receiver {
                    passings.append(
                        ArgumentPassing(
                            target: route.route.name, receiver: receiver, arguments: route.route.arguments,
                            flow: flowIndex, site: .link, linkRoutes: shared))
                }
            }
        }
        let layers = FlowScopeLayers(
            flow: ReferenceScope.Layer(
                .flow(flow.name.value), parameters: flow.parameters, lookups: .max,
                unreadable: ArgumentReceiver.unreadable(of: .flow, in: flow)),
            starters: handlerLayers(of: flow))
        return (passings, layers)
    }

    private func childReceiver(_ declaration: ChildDefinition?) -> ArgumentReceiver? {
        guard let declaration, let flow = flow(of: declaration) else { return nil }
        return .child(declaration, flow: flow)
    }
}

extension ArgumentPassing {
    /// Reports, as `rule`, each argument that names no parameter of the receiver and (outside deep
    /// links, where `LinkParameterUnbound` reports them) the required parameters left without an argument.
    func checkArgumentNames(as rule: any DiagnosticRule.Type, into diagnostics: inout [Diagnostic]) {
        let parameters = receiver.parameters
        let declared = NameLookup(parameters, lookups: arguments.count)
        let unreadable = receiver.unreadable
        for argument in arguments
        where !declared.contains(argument.name.value) && !unreadable.contains(argument.name.value) {
            let known = parameters.map(\.name.value)
            var message = "\(receiver.label) has no parameter \(MessageText.name(argument.name.value))"
            let hint = NameSuggestion.hint(for: argument.name.value, among: known)
            if !hint.isEmpty {
                message += hint
            } else if known.isEmpty {
                message += "; it takes no arguments"
            } else {
                message += "; its parameters are " + known.map { "\(MessageText.name($0))" }.joined(separator: ", ")
            }
            diagnostics.append(rule.diagnostic(message, at: argument.name))
        }
        guard !isLinkRoute else { return }
        let passed = NameLookup(arguments, lookups: parameters.count)
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        guard parameters.contains(where: { $0.isRequired && !passed.contains($0.name.value) }) else { return }
        let missing = parameters.filter { $0.isRequired && !passed.contains($0.name.value) }
        let list = missing.map { "\(MessageText.name($0.name.value)) (\($0.type.value.rawValue))" }
        let example = missing.map { "\($0.name.value): …" }.joined(separator: ", ")
        let form =
            isInRouteList ? "in the route as '{ \(target.value): { \(example) } }'" : "with 'with: { \(example) }'"
        diagnostics.append(
            rule.diagnostic(
                "\(receiver.label) needs \(missing.count == 1 ? "argument" : "arguments") \(MessageText.englishList(list)); pass \(missing.count == 1 ? "it" : "them") \(form)",
                at: target))
    }
}
