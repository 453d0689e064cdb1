import FlowDefinitions
import FlowModel

/// Why a set of flow definitions could not be lowered. Validated definitions never produce one;
/// it reports a definition that skipped validation, at the location of the offending name.
public struct GraphLoweringError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `file:line:col: error: message`.
    public var description: String { "\(location): error: \(message)" }
}

/// Turns validated flow definitions into the compiled, index-based ``FlowBundle``.
public enum GraphLowering {
    /// Lowers `flows` (valid definitions, see `FlowValidation`) into a bundle.
    ///
    /// Flows are sorted by name, so the same definitions in any order give the same bundle.
    /// Names become indices; literal arguments are typed against the receiving parameter with
    /// ``ParameterType/parse(_:)``; a child declaration's handlers are aligned with the child flow's
    /// outcomes (an outcome without a handler gets ``ActionNode/stay``).
    /// - Throws: ``GraphLoweringError`` for a name that does not resolve, a literal that does not parse
    ///   as its parameter's type, or an argument for an undeclared parameter.
    public static func lower(_ flows: [FlowDefinition]) throws(GraphLoweringError) -> FlowBundle {
        FlowBundle(flows: try graphs(flows))
    }

    /// The graphs ``lower(_:)`` puts in its bundle, sorted by name, without computing the content hash
    /// (for `BundleCodec.bundleAndFile(of:)`, which hashes the payload it writes).
    /// - Throws: ``GraphLoweringError``, as ``lower(_:)``.
    public static func graphs(_ flows: [FlowDefinition]) throws(GraphLoweringError) -> [FlowGraph] {
        let sorted = flows.sorted { $0.name.value < $1.name.value }
        var indexByName: [String: Int] = [:]
        for (index, flow) in sorted.enumerated() {
            if indexByName[flow.name.value] != nil {
                throw GraphLoweringError(
                    "flow \(MessageText.name(flow.name.value)) is defined twice", at: flow.name.location)
            }
            indexByName[flow.name.value] = index
        }
        // Flows are lowered on all cores, each on its own; the first error in flow order is reported.
        let names = ParallelMap.map(count: sorted.count) { FlowNameIndex(sorted[$0]) }
        let context = Context(flows: sorted, indexByName: indexByName, names: names)
        let lowered = ParallelMap.map(count: sorted.count) { index in
            Result { () throws(GraphLoweringError) in try context.lower(sorted[index]) }
        }
        var graphs: [FlowGraph] = []
        graphs.reserveCapacity(lowered.count)
        for graph in lowered { graphs.append(try graph.get()) }
        return graphs
    }

    /// Every name is resolved through hash tables built once (``FlowNameIndex``), so lowering is
    /// linear in the size of the definitions, like validation.
    private struct Context {
        var flows: [FlowDefinition]
        var indexByName: [String: Int]
        /// The name tables of `flows`, at the same indices.
        var names: [FlowNameIndex]

        /// The name tables of `flow` (one of `flows`).
        func names(of flow: FlowDefinition) -> FlowNameIndex {
            names[indexByName[flow.name.value]!]
        }

        /// Screens per task when a flow's screens are lowered in parallel.
        static let screensPerTask = 2_048

        func lower(_ flow: FlowDefinition) throws(GraphLoweringError) -> FlowGraph {
            // A large flow's screens are lowered in parallel, in runs of `screensPerTask`, joined in order.
            let runs = ParallelMap.map(count: (flow.screens.count + Self.screensPerTask - 1) / Self.screensPerTask) {
                run in
                Result { () throws(GraphLoweringError) -> [ScreenNode] in
                    var nodes: [ScreenNode] = []
                    let start = run * Self.screensPerTask
                    nodes.reserveCapacity(min(Self.screensPerTask, flow.screens.count - start))
                    for screen in flow.screens[start..<min(start + Self.screensPerTask, flow.screens.count)] {
                        nodes.append(try self.screen(screen, in: flow))
                    }
                    return nodes
                }
            }
            var screens: [ScreenNode] = []
            screens.reserveCapacity(flow.screens.count)
            for run in runs { screens += try run.get() }
            var children: [ChildNode] = []
            for child in flow.children {
                let childFlowIndex = try flowIndex(child.flow)
                let childFlow = flows[childFlowIndex]
                let childOutcomes = names[childFlowIndex].outcomes
                var handlerByOutcome: [Int: ActionDefinition] = [:]
                for handler in child.handlers {
                    guard let outcome = childOutcomes[handler.outcome.value] else {
                        throw GraphLoweringError(
                            "flow \(MessageText.name(childFlow.name.value)) has no outcome \(MessageText.name(handler.outcome.value))",
                            at: handler.outcome.location)
                    }
                    if handlerByOutcome[outcome] == nil { handlerByOutcome[outcome] = handler.action }
                }
                var handlers: [ActionNode] = []
                for index in childFlow.outcomes.indices {
                    if let handler = handlerByOutcome[index] {
                        handlers.append(try action(handler, in: flow))
                    } else {
                        handlers.append(.stay)
                    }
                }
                children.append(
                    ChildNode(
                        name: child.name.value, flow: childFlowIndex, handlers: handlers,
                        presentation: child.presentationStyle))
            }
            var links: [LinkNode] = []
            for link in flow.links { links.append(try self.link(link, in: flow)) }
            var tabs: [TabNode] = []
            for tab in flow.tabs {
                let index = try childIndex(tab.name, in: flow)
                let (parameters, parameterIndex) = try childParameters(flow.children[index])
                tabs.append(
                    TabNode(
                        child: index, arguments: try arguments(tab.arguments, to: parameters, named: parameterIndex)))
            }
            var graph = FlowGraph(
                name: flow.name.value, parameters: flow.parameters.map(Self.parameter),
                conditions: flow.conditions.map(\.value), start: try action(flow.start, in: flow),
                outcomes: flow.outcomes.map(\.value), screens: screens, children: children, links: links, tabs: tabs)
            if !flow.outcomeParameters.isEmpty {
                graph.outcomeParameters = flow.outcomes.map { flow.parameters(ofOutcome: $0.value).map(Self.parameter) }
            }
            if let policy = flow.linkPolicy {
                graph.linkPolicy = policy.policy
                graph.linkPolicyDeclared = true
                if let redirect = policy.redirect { graph.linkRedirect = try screenIndex(redirect, in: flow) }
            }
            if let fallback = flow.linkFallback { graph.linkFallback = try screenIndex(fallback, in: flow) }
            let renames = Self.renames(of: flow)
            if !renames.isEmpty { graph.renames = renames }
            if let policy = flow.backAtTabRoot?.value, policy != .refuse { graph.backAtTabRoot = policy }
            return graph
        }

        /// The flow's former names and link aliases (since format 1.2), aligned with its graph's arrays.
        static func renames(of flow: FlowDefinition) -> FlowRenames {
            FlowRenames(
                flow: flow.formerNames.map(\.value), screens: flow.screens.map { $0.formerNames.map(\.value) },
                children: flow.children.map { $0.formerNames.map(\.value) },
                outcomes: flow.outcomes.map { (flow.outcomeFormerNames[$0.value] ?? []).map(\.value) },
                linkAliases: flow.links.map { link in
                    link.aliases.map { LinkAliasNode(pattern: $0.pattern.value, segments: $0.segments.map(\.kind)) }
                })
        }

        func screen(_ screen: ScreenDefinition, in flow: FlowDefinition) throws(GraphLoweringError) -> ScreenNode {
            var events: [EventNode] = []
            for event in screen.events {
                events.append(
                    EventNode(
                        name: event.name.value, parameters: event.parameters.map(Self.parameter),
                        action: try action(event.action, in: flow)))
            }
            var node = ScreenNode(
                name: screen.name.value, parameters: screen.parameters.map(Self.parameter),
                events: events, removal: screen.removal?.policy.value ?? .discard)
            if let removal = screen.removal, removal.policy.value == .confirm {
                node.confirmPrompt = removal.ask?.value
                // The removal passes no arguments: outcome parameters take their defaults (FC450 requires them).
                if let outcome = removal.outcome {
                    node.confirmOutcome = try outcomeIndex(outcome, in: flow)
                }
                if let condition = removal.when {
                    guard let index = flow.conditions.firstIndex(where: { $0.value == condition.value }) else {
                        throw GraphLoweringError(
                            "condition \(MessageText.name(condition.value)) is not declared", at: condition.location)
                    }
                    node.confirmCondition = index
                }
            }
            return node
        }

        func action(_ action: ActionDefinition, in flow: FlowDefinition) throws(GraphLoweringError) -> ActionNode {
            switch action.kind {
            case .push(let screen, let arguments):
                let index = try screenIndex(screen, in: flow)
                return .push(
                    screen: index,
                    arguments: try self.arguments(
                        arguments, to: flow.screens[index].parameters, named: names(of: flow).screenParameters[index]))
            case .startChild(let child, let arguments):
                let index = try childIndex(child, in: flow)
                let (parameters, parameterIndex) = try childParameters(flow.children[index])
                return .startChild(
                    child: index, arguments: try self.arguments(arguments, to: parameters, named: parameterIndex))
            case .pop(let count):
                return .pop(count: count.value)
            case .popTo(let screen):
                return .popTo(screen: try screenIndex(screen, in: flow))
            case .replaceRoot(let target, let arguments):
                let (node, parameters, parameterIndex) = try self.target(target, in: flow)
                return .replaceRoot(
                    target: node, arguments: try self.arguments(arguments, to: parameters, named: parameterIndex))
            case .finish(let outcome, let arguments):
                let index = try outcomeIndex(outcome, in: flow)
                let parameters = flow.parameters(ofOutcome: outcome.value)
                guard !arguments.isEmpty || !parameters.isEmpty else { return .finish(outcome: index) }
                return .finish(
                    outcome: index,
                    arguments: try self.arguments(
                        arguments, to: parameters, named: FlowNameIndex.firstPositions(parameters.map(\.name.value))))
            case .conditional(let condition, let then, let otherwise):
                guard let index = names(of: flow).conditions[condition.value] else {
                    throw GraphLoweringError(
                        "flow \(MessageText.name(flow.name.value)) declares no condition \(MessageText.name(condition.value))",
                        at: condition.location)
                }
                return .conditional(
                    condition: index, then: try self.action(then, in: flow), else: try self.action(otherwise, in: flow))
            case .show(let target, let arguments):
                let (node, parameters, parameterIndex) = try self.target(target, in: flow)
                return .show(
                    target: node, arguments: try self.arguments(arguments, to: parameters, named: parameterIndex))
            case .stay:
                return .stay
            case .select(let tab):
                return .select(tab: tab.value)
            case .selectShowing(let tab, let routes):
                // The tab's route first, as a deep link's after a tab: the tab starts with its declared arguments.
                let list = [LinkRouteDefinition(name: tab, arguments: [])] + routes
                return .selectShowing(routes: try self.routes(list, in: flow).nodes)
            }
        }

        func link(_ link: LinkDefinition, in flow: FlowDefinition) throws(GraphLoweringError) -> LinkNode {
            var node = LinkNode(
                pattern: link.pattern.value, segments: link.segments.map(\.kind),
                routes: try routes(link.routes, in: flow).nodes)
            if !link.guardConditions.isEmpty { node.guardConditions = link.guardConditions.map(\.value) }
            if link.tabs?.value == .replace { node.tabs = .replace }
            if let otherwise = link.otherwise {
                let (routes, guarding) = try self.routes(otherwise.routes, in: flow)
                var continueOn: Int?
                if let outcome = otherwise.continueOn {
                    guard let guarding else {
                        throw GraphLoweringError(
                            "'otherwise' of link \(MessageText.name(link.pattern.value)) starts no child flow",
                            at: outcome.location)
                    }
                    continueOn = try outcomeIndex(outcome, in: guarding)
                }
                node.otherwise = LinkOtherwiseNode(routes: routes, continueOn: continueOn)
            }
            return node
        }

        /// A route list lowered, each route relative to the flow in effect, with the flow of its last child route.
        func routes(_ list: [LinkRouteDefinition], in flow: FlowDefinition) throws(GraphLoweringError)
            -> (nodes: [LinkRouteNode], lastChildFlow: FlowDefinition?)
        {
            var current = flow
            var lastChildFlow: FlowDefinition?
            var routes: [LinkRouteNode] = []
            for route in list {
                let (node, parameters, parameterIndex) = try target(route.name, in: current)
                routes.append(
                    LinkRouteNode(
                        target: node, arguments: try arguments(route.arguments, to: parameters, named: parameterIndex)))
                if case .child(let index) = node {
                    current = flows[try flowIndex(current.children[index].flow)]
                    lastChildFlow = current
                }
            }
            return (routes, lastChildFlow)
        }

        func target(_ name: Located<String>, in flow: FlowDefinition) throws(GraphLoweringError)
            -> (TargetNode, [ParameterDefinition], [String: Int])
        {
            let table = names(of: flow)
            if let index = table.screens[name.value] {
                return (.screen(index), flow.screens[index].parameters, table.screenParameters[index])
            }
            if let index = table.children[name.value] {
                let (parameters, parameterIndex) = try childParameters(flow.children[index])
                return (.child(index), parameters, parameterIndex)
            }
            throw GraphLoweringError(
                "flow \(MessageText.name(flow.name.value)) has no screen or child \(MessageText.name(name.value))",
                at: name.location)
        }

        /// `parameterIndex` maps each name of `parameters` to its first position.
        func arguments(
            _ arguments: [ArgumentDefinition], to parameters: [ParameterDefinition],
            named parameterIndex: [String: Int]
        ) throws(GraphLoweringError) -> [ArgumentNode] {
            var nodes: [ArgumentNode] = []
            for argument in arguments {
                guard let position = parameterIndex[argument.name.value] else {
                    throw GraphLoweringError(
                        "no parameter \(MessageText.name(argument.name.value)) receives this argument",
                        at: argument.name.location)
                }
                let parameter = parameters[position]
                switch argument.expression {
                case .reference(let name):
                    nodes.append(ArgumentNode(name: argument.name.value, source: .parameter(name)))
                case .literal(let text):
                    guard let value = parameter.type.value.parse(text) else {
                        throw GraphLoweringError(
                            "\(MessageText.name(text)) is not a valid \(parameter.type.value.rawValue) for \(MessageText.name(argument.name.value))",
                            at: argument.valueLocation)
                    }
                    nodes.append(ArgumentNode(name: argument.name.value, source: .literal(value)))
                }
            }
            return nodes.sorted { $0.name < $1.name }
        }

        /// The parameters of `child`'s flow and their name table.
        func childParameters(_ child: ChildDefinition) throws(GraphLoweringError) -> (
            [ParameterDefinition], [String: Int]
        ) {
            let index = try flowIndex(child.flow)
            return (flows[index].parameters, names[index].parameters)
        }

        func flowIndex(_ name: Located<String>) throws(GraphLoweringError) -> Int {
            guard let index = indexByName[name.value] else {
                throw GraphLoweringError("no flow named \(MessageText.name(name.value))", at: name.location)
            }
            return index
        }

        func screenIndex(_ name: Located<String>, in flow: FlowDefinition) throws(GraphLoweringError) -> Int {
            guard let index = names(of: flow).screens[name.value] else {
                throw GraphLoweringError(
                    "flow \(MessageText.name(flow.name.value)) has no screen \(MessageText.name(name.value))",
                    at: name.location)
            }
            return index
        }

        func childIndex(_ name: Located<String>, in flow: FlowDefinition) throws(GraphLoweringError) -> Int {
            guard let index = names(of: flow).children[name.value] else {
                throw GraphLoweringError(
                    "flow \(MessageText.name(flow.name.value)) declares no child \(MessageText.name(name.value))",
                    at: name.location)
            }
            return index
        }

        func outcomeIndex(_ name: Located<String>, in flow: FlowDefinition) throws(GraphLoweringError) -> Int {
            guard let index = names(of: flow).outcomes[name.value] else {
                throw GraphLoweringError(
                    "flow \(MessageText.name(flow.name.value)) declares no outcome \(MessageText.name(name.value))",
                    at: name.location)
            }
            return index
        }

        static func parameter(_ definition: ParameterDefinition) -> ParameterNode {
            ParameterNode(
                name: definition.name.value, type: definition.type.value,
                constraints: definition.constraints, defaultValue: definition.defaultValue?.value)
        }
    }
}
