import FlowDefinitions
import FlowModel

/// The parameters a `$name` reference can resolve to at one place, searched layer by layer:
/// in an event's action the event's, then the screen's, then the flow's parameters; in a child's outcome
/// handler the outcome's, then the parameters shared by the screens that start the child, then the
/// flow's; in `start` and a tab's arguments the flow's; in a deep link the pattern's placeholders.
///
/// The one owner of that rule: validation (`FlowCatalog.scope(of:)`) and the language server's
/// definition, rename and completion (``ReferenceResolver``) read it here.
/// Built on demand by the rules that resolve references, and dropped.
/// Speed: PERFORMANCE.md, "Shapes kept for speed".
package struct ReferenceScope: Sendable {
    /// One layer: what declares it (`event 'selectBook'`) and its parameters.
    package struct Layer: Sendable {
        /// What declares a layer's parameters.
        package enum Declarer: Hashable, Sendable {
            case flow(String)
            case screen(String)
            case event(String, screen: String)
            case outcome(String, flow: String)
            case link(pattern: String)
            /// The screens that start child `child` (each declares the layer's parameters).
            case starters(screens: [String], child: String)
        }

        package let declarer: Declarer
        /// Only each parameter's name, type and location are read.
        private let lookup: NameLookup<ParameterDefinition>
        /// Names of the declarer's parameters whose declaration did not decode (``UnreadableParameter``).
        let unreadable: [String]

        /// - Parameter lookups: how many references will be resolved in the layer (an upper bound).
        init(_ declarer: Declarer, parameters: [ParameterDefinition], lookups: Int, unreadable: [String] = []) {
            self.declarer = declarer
            self.lookup = NameLookup(parameters, lookups: lookups)
            self.unreadable = unreadable
        }

        /// `event 'selectBook'`, for messages.
        var label: String {
            switch declarer {
            case .flow(let name): "flow \(MessageText.name(name))"
            case .screen(let name): "screen \(MessageText.name(name))"
            case .event(let name, _): "event \(MessageText.name(name))"
            case .outcome(let outcome, let flow):
                "outcome \(MessageText.name(outcome)) of flow \(MessageText.name(flow))"
            case .link(let pattern): "link pattern \(MessageText.name(pattern))"
            case .starters(let screens, let child):
                (screens.count == 1 ? "screen " : "screens ")
                    + MessageText.englishList(screens.map { "\(MessageText.name($0))" })
                    + " (which \(screens.count == 1 ? "starts" : "start") child \(MessageText.name(child)))"
            }
        }

        /// The first parameter named `name`, if any.
        package func parameter(named name: String) -> ParameterDefinition? { lookup[name] }

        /// The type of the first parameter named `name`, if any.
        func type(of name: String) -> ParameterType? { lookup[name]?.type.value }

        /// The parameters in declaration order.
        package var parameters: [ParameterDefinition] { lookup.entries }

        /// The names in declaration order, for suggestions and messages.
        var names: [String] { lookup.entries.map(\.name.value) }
    }

    package let layers: [Layer]
    /// How to bring a missing name into scope, for messages.
    var declarationHint = "declare it under the event's 'params' or pass a literal"

    init(layers: [Layer]) { self.layers = layers }

    /// The layer `name` resolves in and the parameter it names there (the first layer that declares it);
    /// nil when unresolved.
    package func resolve(_ name: String) -> (declarer: Layer.Declarer, parameter: ParameterDefinition)? {
        for layer in layers {
            if let parameter = layer.parameter(named: name) { return (layer.declarer, parameter) }
        }
        return nil
    }

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
    var label: String { MessageText.englishList(layers.map(\.label), conjunction: "or") }
}

extension FlowCatalog {
    /// The layers of a flow's reference scopes that are the same for all its places: the flow's
    /// parameters, and for children started only from screens the parameters those screens share.
    struct FlowScopeLayers: Sendable {
        let flow: ReferenceScope.Layer
        let starters: [String: ReferenceScope.Layer]
    }

    /// What `$name` references resolve to at `passing` (see `ReferenceScope`). Built anew on each call,
    /// in time linear in the parameters it searches.
    func scope(of passing: ArgumentPassing) -> ReferenceScope {
        scope(at: passing.site, inFlow: Int(passing.flow), link: passing.link, lookups: passing.arguments.count)
    }

    /// What `$name` references resolve to at `site` of `uniqueFlows[position]` (`link`: the deep link of a
    /// `.link` site). Built anew on each call, in time linear in the parameters it searches.
    func scope(at site: ArgumentPassing.Site, inFlow position: Int, link: LinkDefinition?, lookups: Int)
        -> ReferenceScope
    {
        let flow = distinctFlow(at: position)
        let shared = scopeLayers(at: position)
        var flowScope = ReferenceScope(layers: [shared.flow])
        flowScope.declarationHint = "declare it under the flow's 'params' or pass a literal"
        switch site {
        case .flow:
            return flowScope
        case .event(let screenIndex, let eventIndex):
            let screen = flow.screens[Int(screenIndex)]
            let event = screen.events[Int(eventIndex)]
            return ReferenceScope(layers: [
                ReferenceScope.Layer(
                    .event(event.name.value, screen: screen.name.value), parameters: event.parameters, lookups: lookups),
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
                scope.declarationHint =
                    "declare it under the 'params' of the flow or of every screen that starts child \(MessageText.name(child.name.value)), or pass a literal"
            }
            // The outcome's parameters come first: the values the child's `finish` passed.
            guard let childFlow = self.flow(of: child) else { return scope }
            let outcomeParameters = childFlow.parameters(ofOutcome: handler.outcome.value)
            let unreadable = ArgumentReceiver.unreadable(of: .outcome(handler.outcome.value), in: childFlow)
            guard !outcomeParameters.isEmpty || !unreadable.isEmpty else { return scope }
            var handlerScope = ReferenceScope(
                layers: [
                    ReferenceScope.Layer(
                        .outcome(handler.outcome.value, flow: childFlow.name.value), parameters: outcomeParameters,
                        lookups: lookups, unreadable: unreadable)
                ] + scope.layers)
            handlerScope.declarationHint = scope.declarationHint
            return handlerScope
        case .link:
            guard let link else { return ReferenceScope(layers: []) }
            let placeholders = link.placeholders.map { placeholder in
                ParameterDefinition(
                    name: placeholder.name, type: Located(placeholder.type, at: placeholder.name.location))
            }
            return ReferenceScope(layers: [
                ReferenceScope.Layer(.link(pattern: link.pattern.value), parameters: placeholders, lookups: lookups)
            ])
        }
    }

    /// `scope(of: passing).type(of: name)`, without building the scope for the common places (a flow's or an
    /// event's): their layers are searched in place, in the same order. Almost every reference resolves, so a
    /// scope is built only for a message. Speed: PERFORMANCE.md, "Shapes kept for speed".
    func referenceType(of name: String, at passing: ArgumentPassing) -> ParameterType? {
        let flow = Int(passing.flow)
        switch passing.site {
        case .flow:
            return scopeLayers(at: flow).flow.type(of: name)
        case .event(let screenIndex, let event):
            let screen = distinctFlow(at: flow).screens[Int(screenIndex)]
            return Self.firstType(of: name, in: screen.events[Int(event)].parameters)
                ?? Self.firstType(of: name, in: screen.parameters)
                ?? scopeLayers(at: flow).flow.type(of: name)
        case .handler, .link:
            return scope(of: passing).type(of: name)
        }
    }

    /// The type of the first of `parameters` named `name` (as a scope layer finds it).
    private static func firstType(of name: String, in parameters: [ParameterDefinition]) -> ParameterType? {
        for index in parameters.indices where parameters[index].name.value == name {
            return parameters[index].type.value
        }
        return nil
    }

    /// For each child declaration started only from screens' events, the parameters every one of those
    /// screens declares (same name and type): a handler runs on top of the screen that started the
    /// child, so `$name` resolves in that route's arguments before the flow's. A child that `start`,
    /// a `replaceRoot` or another child's handler shows has no such layer (the parent may have no
    /// route of its own then, or an unknown one). Linear in the size of the flow.
    func handlerLayers(of flow: FlowDefinition) -> [String: ReferenceScope.Layer] {
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
                let screen = navigation.screensByName[screenName]
            else {
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
                let types = Dictionary(
                    screen.parameters.map { ($0.name.value, $0.type.value) }, uniquingKeysWith: { first, _ in first })
                common = common.filter { types[$0.name.value] == $0.type.value }
            }
            var seen = Set<String>()
            let names = screens.compactMap { seen.insert($0.name.value).inserted ? $0.name.value : nil }
            layers[child] = ReferenceScope.Layer(
                .starters(screens: names, child: child), parameters: common, lookups: .max)
        }
        return layers
    }
}
