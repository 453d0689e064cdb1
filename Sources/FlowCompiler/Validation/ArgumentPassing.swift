import FlowDefinitions
import FlowModel

/// The parameters a `$name` reference can resolve to at one place, searched layer by layer:
/// in an event's action the event's, then the screen's, then the flow's parameters; in `start` and in
/// child outcome handlers the flow's; in a deep link the pattern's placeholders.
///
/// Built on demand (`FlowCatalog.scope(of:)`) by the rules that resolve references, and dropped: one
/// kept per place that passes arguments held a table and labels per screen and event.
struct ReferenceScope {
    /// One layer: what declares it (`event 'selectBook'`) and its parameters.
    struct Layer: Sendable {
        /// What declares a layer, for messages.
        enum Declarer: Sendable {
            case flow(String)
            case screen(String)
            case event(String)
            case outcome(String, flow: String)
            case link(pattern: String)
            /// Written out: `screens 'a' and 'b' (which start child 'edit')`.
            case described(String)
        }

        let declarer: Declarer
        /// Only each parameter's name and type are read.
        private let parameters: NameLookup<ParameterDefinition>
        /// Names of the declarer's parameters whose declaration did not decode (``UnreadableParameter``).
        let unreadable: [String]

        /// - Parameter lookups: how many references will be resolved in the layer (an upper bound).
        init(_ declarer: Declarer, parameters: [ParameterDefinition], lookups: Int, unreadable: [String] = []) {
            self.declarer = declarer
            self.parameters = NameLookup(parameters, lookups: lookups)
            self.unreadable = unreadable
        }

        /// `event 'selectBook'`, for messages.
        var label: String {
            switch declarer {
            case .flow(let name): "flow \(MessageText.name(name))"
            case .screen(let name): "screen \(MessageText.name(name))"
            case .event(let name): "event \(MessageText.name(name))"
            case .outcome(let outcome, let flow): "outcome \(MessageText.name(outcome)) of flow \(MessageText.name(flow))"
            case .link(let pattern): "link pattern \(MessageText.name(pattern))"
            case .described(let label): label
            }
        }

        /// The type of the first parameter named `name`, if any.
        func type(of name: String) -> ParameterType? { parameters[name]?.type.value }

        /// The names in declaration order, for suggestions and messages.
        var names: [String] { parameters.entries.map(\.name.value) }
    }

    let layers: [Layer]
    /// How to bring a missing name into scope, for messages.
    var declarationHint = "declare it under the event's 'params' or pass a literal"

    /// The type of the parameter `name` refers to, searching the layers in order; nil when unresolved.
    func type(of name: String) -> ParameterType? {
        for layer in layers {
            if let type = layer.type(of: name) { return type }
        }
        return nil
    }

    /// Whether `name` is a parameter in scope whose declaration did not decode: a reference to it is not
    /// also reported as unresolved (the declaration's error is the one mistake).
    func isUnreadable(_ name: String) -> Bool { layers.contains { $0.unreadable.contains(name) } }

    /// Every name in scope, for "did you mean".
    var names: [String] { layers.flatMap(\.names) }

    /// What was searched, for messages: `event 'select', screen 'library' or flow 'reading'`.
    var label: String { ArgumentPassing.englishList(layers.map(\.label), conjunction: "or") }
}

/// What receives arguments: a screen, the flow a child declaration runs, or (since format 1.1) an outcome
/// a `finish` passes to the parent's handler. Holds names and parameters only, not whole definitions:
/// there is one receiver per place arguments are passed, so copies of screens and flows added up.
enum ArgumentReceiver: Sendable {
    // `unreadable`: the names of parameters whose declaration did not decode (``UnreadableParameter``).
    case screen(name: String, parameters: [ParameterDefinition], unreadable: [String])
    case child(name: String, flow: String, parameters: [ParameterDefinition], unreadable: [String])
    case outcome(String, flow: String, parameters: [ParameterDefinition], unreadable: [String])

    /// Screen `screen` of `flow`.
    static func screen(_ screen: ScreenDefinition, in flow: FlowDefinition) -> Self {
        .screen(
            name: screen.name.value, parameters: screen.parameters,
            unreadable: unreadable(of: .screen(screen.name.value), in: flow))
    }

    static func child(_ child: ChildFlowDeclaration, flow: FlowDefinition) -> Self {
        .child(name: child.name.value, flow: flow.name.value, parameters: flow.parameters, unreadable: unreadable(of: .flow, in: flow))
    }

    static func outcome(_ outcome: String, flow: FlowDefinition) -> Self {
        .outcome(
            outcome, flow: flow.name.value, parameters: flow.parameters(ofOutcome: outcome),
            unreadable: unreadable(of: .outcome(outcome), in: flow))
    }

    // Almost every flow has none: the set is empty and this returns at once.
    static func unreadable(of owner: UnreadableParameter.Owner, in flow: FlowDefinition) -> [String] {
        flow.unreadableParameters.isEmpty ? [] : flow.unreadableParameters.filter { $0.owner == owner }.map(\.name)
    }

    /// The receiving parameters.
    var parameters: [ParameterDefinition] {
        switch self {
        case .screen(_, let parameters, _), .child(_, _, let parameters, _), .outcome(_, _, let parameters, _): parameters
        }
    }

    /// Names of the receiver's parameters whose declaration did not decode: an argument for one is not
    /// reported as naming no parameter (the declaration's error is the one mistake).
    var unreadable: [String] {
        switch self {
        case .screen(_, _, let names), .child(_, _, _, let names), .outcome(_, _, _, let names): names
        }
    }

    /// `screen 'details'`, `child 'edit' (flow 'edit')` or `outcome 'created' of flow 'createPost'`, for messages.
    var label: String {
        switch self {
        case .screen(let name, _, _): "screen \(MessageText.name(name))"
        case .child(let name, let flow, _, _) where name == flow: "child flow \(MessageText.name(flow))"
        case .child(let name, let flow, _, _): "child \(MessageText.name(name)) (flow \(MessageText.name(flow)))"
        case .outcome(let outcome, let flow, _, _): "outcome \(MessageText.name(outcome)) of flow \(MessageText.name(flow))"
        }
    }

    /// Whether the receiver is a child flow (checked by `ChildArguments`).
    var isChild: Bool {
        if case .child = self { true } else { false }
    }

    /// Whether the receiver is a screen (checked by `ScreenArguments`).
    var isScreen: Bool {
        if case .screen = self { true } else { false }
    }

    /// Whether the receiver is an outcome (checked by `FinishArguments`).
    var isOutcome: Bool {
        if case .outcome = self { true } else { false }
    }
}

/// One place where arguments are passed (or, with none written, should be): a `push`, `start`,
/// `replaceRoot` or shown `start` target, or a deep-link route, resolved to its receiver.
///
/// Kept for the whole run, one per place, so it refers to where it is written by position
/// (`flow`, `site`) rather than holding its reference scope or link.
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
        let link: DeepLinkDefinition
        init(_ link: DeepLinkDefinition) { self.link = link }
    }

    /// The name written at the place (`push: ↓details`).
    let target: Located<String>
    let receiver: ArgumentReceiver
    let arguments: [ArgumentDefinition]
    /// The position of the place's flow in `FlowCatalog.uniqueFlows`.
    let flow: Int32
    let site: Site
    /// The link, when the place is a deep-link route (its placeholders are the scope).
    let linkRoutes: LinkRoutes?

    /// The link, when the place is a deep-link route.
    var link: DeepLinkDefinition? { linkRoutes?.link }

    /// Whether the place is a deep-link route.
    var isLinkRoute: Bool { linkRoutes != nil }
}

/// A deep-link route resolved against the flow it addresses (the link's flow, or after a child
/// route that child's flow).
struct ResolvedRoute: Sendable {
    let route: LinkRouteDefinition
    /// The flow whose screen or child the route names.
    let flow: FlowDefinition
    /// The screen, or the child declaration and (when it exists) the flow it runs.
    let target: Target

    enum Target: Sendable {
        case screen(ScreenDefinition)
        case child(ChildFlowDeclaration, flow: FlowDefinition?)
    }
}

extension FlowCatalog {
    /// The routes of `link` (declared in `flow`) resolved in order, up to the first route that names
    /// neither a screen nor a child (FC205 reports it) or that follows a child whose flow is unknown.
    func resolvedRoutes(of link: DeepLinkDefinition, in flow: FlowDefinition) -> [ResolvedRoute] {
        var resolved: [ResolvedRoute] = []
        var current: FlowDefinition? = flow
        for route in link.routes {
            guard let addressed = current else { break }
            let navigation = navigation(of: addressed)
            if let screen = navigation.screensByName[route.name.value] {
                resolved.append(ResolvedRoute(route: route, flow: addressed, target: .screen(screen)))
            } else if let child = navigation.childrenByName[route.name.value] {
                let childFlow = self.flow(of: child)
                resolved.append(ResolvedRoute(route: route, flow: addressed, target: .child(child, flow: childFlow)))
                current = childFlow
            } else {
                break
            }
        }
        return resolved
    }

    /// The layers of a flow's reference scopes that are the same for all its places: the flow's
    /// parameters, and for children started only from screens the parameters those screens share.
    struct FlowScopeLayers: Sendable {
        let flow: ReferenceScope.Layer
        let starters: [String: ReferenceScope.Layer]
    }

    /// Every place arguments are passed in every distinct flow, with resolved receivers; places whose
    /// target does not resolve are left out (the reference rules report them). Linear in the size of the flows.
    func collectArgumentPassings() -> (passings: [ArgumentPassing], layers: [FlowScopeLayers]) {
        var passings: [ArgumentPassing] = []
        // At most one place per action alternative, tab and link route: reserved once, since doubling
        // growth left up to half of the run's largest index unused.
        passings.reserveCapacity(uniqueFlows.reduce(0) { count, flow in
            count + navigation(of: flow).allActions.count + flow.tabs.count
                + flow.links.reduce(0) { $0 + $1.routeLists.reduce(0) { $0 + $1.routes.count } }
        })
        var layers: [FlowScopeLayers] = []
        for (position, flow) in uniqueFlows.enumerated() {
            let navigation = navigation(of: flow)
            let flowIndex = Int32(position)
            layers.append(FlowScopeLayers(
                flow: ReferenceScope.Layer(
                    .flow(flow.name.value), parameters: flow.parameters, lookups: .max,
                    unreadable: ArgumentReceiver.unreadable(of: .flow, in: flow)),
                starters: handlerLayers(of: flow)))

            func add(_ action: ActionDefinition, site: ArgumentPassing.Site) {
                for alternative in action.alternatives {
                    let receiver: ArgumentReceiver?
                    let target: Located<String>, arguments: [ArgumentDefinition]
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
                        receiver = navigation.screensByName[name.value].map { .screen($0, in: flow) }
                            ?? childReceiver(navigation.childrenByName[name.value])
                    case .finish(let outcome, let with):
                        guard flow.outcomes.contains(where: { $0.value == outcome.value }) else { continue }
                        (target, arguments) = (outcome, with)
                        receiver = .outcome(outcome.value, flow: flow)
                    case .pop, .popTo, .conditional, .stay, .select:
                        continue
                    }
                    if let receiver {
                        passings.append(ArgumentPassing(
                            target: target, receiver: receiver, arguments: arguments, flow: flowIndex, site: site,
                            linkRoutes: nil))
                    }
                }
            }

            add(flow.start, site: .flow)
            for tab in flow.tabs {
                // A tab is started with its declared arguments, in the tab flow's scope.
                if let receiver = childReceiver(navigation.childrenByName[tab.name.value]) {
                    passings.append(ArgumentPassing(
                        target: tab.name, receiver: receiver, arguments: tab.arguments, flow: flowIndex, site: .flow,
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
                    if case .child(let child, _) = route.target, route.flow.tab(named: child.name.value) != nil { continue }
                    // The child a child flow's start started has the arguments that start passed (FC601).
                    if case .child(let child, _) = route.target, case .child(_, let parentFlow?) = previous?.target,
                        parentFlow.name.value == route.flow.name.value,
                        self.navigation(of: parentFlow).startTargets.contains(where: { $0.value == child.name.value }) { continue }
                    let receiver: ArgumentReceiver?
                    switch route.target {
                    case .screen(let screen): receiver = .screen(screen, in: route.flow)
                    case .child(let child, let childFlow): receiver = childFlow.map { .child(child, flow: $0) }
                    }
                    if let receiver {
                        passings.append(ArgumentPassing(
                            target: route.route.name, receiver: receiver, arguments: route.route.arguments,
                            flow: flowIndex, site: .link, linkRoutes: shared))
                    }
                }
            }
        }
        return (passings, layers)
    }

    /// What `$name` references resolve to at `passing` (see `ReferenceScope`). Built anew on each call,
    /// in time linear in the parameters it searches.
    func scope(of passing: ArgumentPassing) -> ReferenceScope {
        let lookups = passing.arguments.count
        let flow = uniqueFlows[Int(passing.flow)]
        let shared = scopeLayers[Int(passing.flow)]
        var flowScope = ReferenceScope(layers: [shared.flow])
        flowScope.declarationHint = "declare it under the flow's 'params' or pass a literal"
        switch passing.site {
        case .flow:
            return flowScope
        case .event(let screenIndex, let eventIndex):
            let screen = flow.screens[Int(screenIndex)]
            let event = screen.events[Int(eventIndex)]
            return ReferenceScope(layers: [
                ReferenceScope.Layer(.event(event.name.value), parameters: event.parameters, lookups: lookups),
                ReferenceScope.Layer(
                    .screen(screen.name.value), parameters: screen.parameters, lookups: lookups,
                    unreadable: ArgumentReceiver.unreadable(of: .screen(screen.name.value), in: flow)),
                shared.flow,
            ])
        case .handler(let childIndex, let handlerIndex):
            let child = flow.children[Int(childIndex)]
            let handler = child.handlers[Int(handlerIndex)]
            var scope = flowScope
            if let starters = shared.starters[child.name.value] {
                scope = ReferenceScope(layers: [starters, shared.flow])
                scope.declarationHint = "declare it under the 'params' of the flow or of every screen that starts child \(MessageText.name(child.name.value)), or pass a literal"
            }
            // The outcome's parameters come first: the values the child's `finish` passed.
            guard let childFlow = self.flow(of: child) else { return scope }
            let outcomeParameters = childFlow.parameters(ofOutcome: handler.outcome.value)
            let unreadable = ArgumentReceiver.unreadable(of: .outcome(handler.outcome.value), in: childFlow)
            guard !outcomeParameters.isEmpty || !unreadable.isEmpty else { return scope }
            var handlerScope = ReferenceScope(layers: [ReferenceScope.Layer(
                .outcome(handler.outcome.value, flow: childFlow.name.value), parameters: outcomeParameters,
                lookups: lookups, unreadable: unreadable)] + scope.layers)
            handlerScope.declarationHint = scope.declarationHint
            return handlerScope
        case .link:
            guard let link = passing.link else { return ReferenceScope(layers: []) }
            let placeholders = link.placeholders.map { placeholder in
                ParameterDefinition(name: placeholder.name, type: Located(placeholder.type, at: placeholder.name.location))
            }
            return ReferenceScope(layers: [
                ReferenceScope.Layer(.link(pattern: link.pattern.value), parameters: placeholders, lookups: lookups),
            ])
        }
    }

    /// For each child declaration started only from screens' events, the parameters every one of those
    /// screens declares (same name and type): a handler runs on top of the screen that started the
    /// child, so `$name` resolves in that route's arguments before the flow's. A child that `start`,
    /// a `replaceRoot` or another child's handler shows has no such layer (the parent may have no
    /// route of its own then, or an unknown one). Linear in the size of the flow.
    private func handlerLayers(of flow: FlowDefinition) -> [String: ReferenceScope.Layer] {
        let navigation = navigation(of: flow)
        var starters: [String: [ScreenDefinition]] = [:]
        var startedOtherwise = Set<String>()
        for (action, site) in navigation.allActions {
            let started: String
            switch action.kind {
            case .startChild(let child, _): started = child.value
            case .replaceRoot(let target, _), .show(let target, _): started = target.value
            default: continue
            }
            guard case .event(let screenName, _) = site, case .startChild = action.kind,
                let screen = navigation.screensByName[screenName] else {
                startedOtherwise.insert(started)
                continue
            }
            if starters[started]?.last?.name.value != screenName { starters[started, default: []].append(screen) }
        }
        var layers: [String: ReferenceScope.Layer] = [:]
        for (child, screens) in starters where !startedOtherwise.contains(child) {
            guard let first = screens.first else { continue }
            var common = first.parameters
            for screen in screens.dropFirst() {
                let types = Dictionary(screen.parameters.map { ($0.name.value, $0.type.value) }, uniquingKeysWith: { first, _ in first })
                common = common.filter { types[$0.name.value] == $0.type.value }
            }
            var seen = Set<String>()
            let names = screens.compactMap { seen.insert($0.name.value).inserted ? "\(MessageText.name($0.name.value))" : nil }
            let label = (names.count == 1 ? "screen " : "screens ") + ArgumentPassing.englishList(names)
                + " (which \(names.count == 1 ? "starts" : "start") child \(MessageText.name(child)))"
            layers[child] = ReferenceScope.Layer(.described(label), parameters: common, lookups: .max)
        }
        return layers
    }

    private func childReceiver(_ declaration: ChildFlowDeclaration?) -> ArgumentReceiver? {
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
        for argument in arguments where !declared.contains(argument.name.value) && !unreadable.contains(argument.name.value) {
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
        // Most places pass every required parameter: look for a missing one before listing them.
        guard parameters.contains(where: { $0.isRequired && !passed.contains($0.name.value) }) else { return }
        let missing = parameters.filter { $0.isRequired && !passed.contains($0.name.value) }
        let list = missing.map { "\(MessageText.name($0.name.value)) (\($0.type.value.rawValue))" }
        let example = missing.map { "\($0.name.value): …" }.joined(separator: ", ")
        diagnostics.append(rule.diagnostic(
            "\(receiver.label) needs \(missing.count == 1 ? "argument" : "arguments") \(Self.englishList(list)); pass \(missing.count == 1 ? "it" : "them") with 'with: { \(example) }'",
            at: target))
    }

    /// `a`, `a and b`, `a, b and c` (or `a, b or c` with `conjunction: "or"`).
    static func englishList(_ items: [String], conjunction: String = "and") -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }
}
