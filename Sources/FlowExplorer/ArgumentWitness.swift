import FlowModel
import FlowRuntime

/// Values the explorer passes for a parameter: one that meets every declared constraint, and, where a
/// constraint can be broken by a value of the right type, one that breaks it.
package enum ArgumentWitness {
    /// A value of `parameter`'s type that meets its constraints, as script text.
    package static func valid(_ parameter: ParameterNode) -> String {
        let constraints = parameter.constraints
        if let allowed = constraints.allowedValues?.first { return text(allowed) }
        switch parameter.type {
        case .int:
            if let minimum = constraints.minimum { return String(Int(minimum.rounded(.up))) }
            return String(min(1, constraints.maximum.map { Int($0.rounded(.down)) } ?? 1))
        case .double:
            if let minimum = constraints.minimum { return String(minimum) }
            return String(min(1, constraints.maximum ?? 1))
        case .bool:
            return "true"
        case .string:
            let length = max(1, constraints.minimumLength ?? 1)
            if let pattern = constraints.linearPattern,
                let example = pattern.example(minimumLength: length, maximumLength: constraints.maximumLength)
                    ?? pattern.example(
                        minimumLength: constraints.minimumLength ?? 0, maximumLength: constraints.maximumLength)
            {
                return example
            }
            return String(repeating: "a", count: min(length, constraints.maximumLength ?? length))
        }
    }

    /// A value that meets `parameter`'s constraints and, when one does, those of every parameter in `fed` (those
    /// its value is passed to: ``ActionWitnesses``), as ``placeholderWitness(_:type:feeds:)`` chooses one; the
    /// parameter's own ``valid(_:)`` witness when none does.
    static func valid(_ parameter: ParameterNode, feeding fed: [ParameterNode]) -> String {
        guard !fed.isEmpty else { return valid(parameter) }
        let candidate = placeholderWitness(parameter.name, type: parameter.type, feeds: [parameter] + fed)
        let meetsOwn = parameter.type.parse(candidate).map { parameter.constraints.violation(of: $0) == nil } ?? false
        return meetsOwn ? candidate : valid(parameter)
    }

    /// A value of the right type that breaks one of `parameter`'s constraints, or nil when none can be broken so.
    package static func breaking(_ parameter: ParameterNode) -> String? {
        let constraints = parameter.constraints
        switch parameter.type {
        case .int:
            if let minimum = constraints.minimum { return String(Int(minimum.rounded(.up)) - 1) }
            if let maximum = constraints.maximum { return String(Int(maximum.rounded(.down)) + 1) }
        case .double:
            if let minimum = constraints.minimum { return String(minimum - 1) }
            if let maximum = constraints.maximum { return String(maximum + 1) }
        case .string:
            if let minimum = constraints.minimumLength, minimum > 0 { return "" }
            if let maximum = constraints.maximumLength { return String(repeating: "a", count: maximum + 1) }
            if let pattern = constraints.linearPattern {
                return ["", "a", "0", "~"].first { !pattern.wholeMatch($0) }
            }
        case .bool:
            break
        }
        return nil
    }

    /// `key=value` operands for `parameters`, each valid — the value `chosen` gives it (``ActionWitnesses``), or
    /// its own witness —, or with the one at `broken` breaking its constraint (nil when it has none a value of
    /// its type can break).
    static func operands(
        _ parameters: [ParameterNode], chosen: [String: String] = [:], breaking broken: Int? = nil
    ) -> [String: String]? {
        var operands: [String: String] = [:]
        for (index, parameter) in parameters.enumerated() {
            if index == broken {
                guard let bad = breaking(parameter) else { return nil }
                operands[parameter.name] = bad
            } else {
                operands[parameter.name] = chosen[parameter.name] ?? valid(parameter)
            }
        }
        return operands
    }

    /// The URL of `link`, a link of flow `flow` of `bundle`, with a witness for each placeholder taken from
    /// the constraints of the parameters it feeds (``placeholderWitness(_:type:feeds:)``), written as the
    /// runtime reads it back as that value: a string percent-encoded as generated link builders write it
    /// (``FlowRuntime/DeepLinkPath/segment(_:)``: `/`, `?`, `#` and `%` stay inside the segment).
    package static func url(of link: LinkNode, flow: Int, in bundle: FlowBundle) -> String {
        let fed = fedParameters(of: link, flow: flow, in: bundle)
        var parts: [String] = []
        for segment in link.segments {
            switch segment {
            case .literal(let text): parts.append(text)
            case .placeholder(let name, let type):
                let witness = placeholderWitness(name, type: type, feeds: fed[name] ?? [])
                parts.append(Self.segment(witness, type: type))
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `witness`, the text of a placeholder's value of type `type`, as the URL path segment the runtime reads
    /// back as that value: a string percent-encoded as generated link builders write it
    /// (``FlowRuntime/DeepLinkPath/segment(_:)``), any other type as it is. `flowc check`, `flowc paths` and
    /// `flowc diff` write their link witnesses with it.
    package static func segment(_ witness: String, type: ParameterType) -> String {
        type == .string ? DeepLinkPath.segment(witness) : witness
    }

    /// A value for placeholder `name` of type `type` that meets the constraints of every parameter in
    /// `parameters` (those the placeholder's value is passed to): the first candidate all of them accept —
    /// each parameter's `values` (any of them, not only the first: `[zz9, abc]` meets `[a-z]+` with `abc`),
    /// each one's ``valid(_:)`` witness, a `pattern`'s shortest match within the length bounds of them all —
    /// or the type's plain witness (`1`, `true`, `a`) when none is.
    static func placeholderWitness(_ name: String, type: ParameterType, feeds parameters: [ParameterNode]) -> String {
        let plain: String
        switch type {
        case .int, .double: plain = "1"
        case .bool: plain = "true"
        case .string: plain = "a"
        }
        func acceptedByAll(_ text: String) -> Bool {
            parameters.allSatisfy { parameter in
                parameter.type.parse(text).map { parameter.constraints.violation(of: $0) == nil } ?? false
            }
        }
        func fits(_ candidate: String) -> Bool { type.parse(candidate) != nil && acceptedByAll(candidate) }
        for parameter in parameters {
            for allowed in parameter.constraints.allowedValues ?? [] where fits(text(allowed)) { return text(allowed) }
        }
        for parameter in parameters where fits(valid(parameter)) { return valid(parameter) }
        let shortest = parameters.compactMap(\.constraints.minimumLength).max() ?? 0
        let longest = parameters.compactMap(\.constraints.maximumLength).min()
        for pattern in parameters.compactMap(\.constraints.linearPattern) {
            if let example = pattern.example(minimumLength: shortest, maximumLength: longest), fits(example) {
                return example
            }
        }
        return plain
    }

    /// The parameters each placeholder of `link` is passed to, by placeholder name: the arguments
    /// `$name` of its routes and its `otherwise` routes, each route read in the flow in effect there
    /// (the declaring flow, then the flow of the nearest child route before it).
    package static func fedParameters(
        of link: LinkNode, flow: Int, in bundle: FlowBundle
    ) -> [String: [ParameterNode]] {
        var fed: [String: [ParameterNode]] = [:]
        for routes in [link.routes, link.otherwise?.routes ?? []] {
            for (name, parameter) in passed(along: routes, from: flow, in: bundle) {
                fed[name, default: []].append(parameter)
            }
        }
        return fed
    }

    /// Each `$name` argument of `routes` (a link's, or a `select` with `routes`) with the parameter it is
    /// passed to, each route read in the flow in effect there (`flow`, then the flow of the nearest child
    /// route before it).
    static func passed(
        along routes: [LinkRouteNode], from flow: Int, in bundle: FlowBundle
    ) -> [(name: String, parameter: ParameterNode)] {
        var passed: [(name: String, parameter: ParameterNode)] = []
        var current = flow
        for route in routes {
            guard bundle.flows.indices.contains(current) else { break }
            let graph = bundle.flows[current]
            let receiving: [ParameterNode]
            switch route.target {
            case .screen(let screen):
                guard graph.screens.indices.contains(screen) else { continue }
                receiving = graph.screens[screen].parameters
            case .child(let child):
                guard graph.children.indices.contains(child) else { continue }
                current = graph.children[child].flow
                receiving = bundle.flows.indices.contains(current) ? bundle.flows[current].parameters : []
            }
            passed += pairs(route.arguments, receiving)
        }
        return passed
    }

    /// Each `$name` argument of `arguments` with the parameter of `receiving` it is passed to.
    private static func pairs(
        _ arguments: [ArgumentNode], _ receiving: [ParameterNode]
    ) -> [(name: String, parameter: ParameterNode)] {
        arguments.compactMap { argument in
            guard case .parameter(let name) = argument.source,
                let parameter = receiving.first(where: { $0.name == argument.name })
            else { return nil }
            return (name, parameter)
        }
    }

    /// Each `$name` argument that `action`, run by flow `flow`, passes on — to the screen it pushes or shows,
    /// the child it starts, the routes of a `select` (both branches of an `if`) — with the parameter it is
    /// passed to; and, for a `finish`, the outcome it finishes with (``finished(by:in:)`` says which names
    /// its parameters then carry to the parents' handlers).
    static func passed(
        by action: ActionNode, in flow: Int, bundle: FlowBundle
    ) -> [(name: String, parameter: ParameterNode)] {
        guard bundle.flows.indices.contains(flow) else { return [] }
        let graph = bundle.flows[flow]
        func receiving(_ target: TargetNode) -> [ParameterNode] {
            switch target {
            case .screen(let screen):
                return graph.screens.indices.contains(screen) ? graph.screens[screen].parameters : []
            case .child(let child):
                guard graph.children.indices.contains(child), bundle.flows.indices.contains(graph.children[child].flow)
                else { return [] }
                return bundle.flows[graph.children[child].flow].parameters
            }
        }
        var passed: [(name: String, parameter: ParameterNode)] = []
        // Branches are walked with a list, not recursion: an `if` nests as deep as the file writes it.
        var pending = [action]
        while let action = pending.popLast() {
            switch action {
            case .push(let screen, let arguments): passed += pairs(arguments, receiving(.screen(screen)))
            case .startChild(let child, let arguments): passed += pairs(arguments, receiving(.child(child)))
            case .replaceRoot(let target, let arguments), .show(let target, let arguments):
                passed += pairs(arguments, receiving(target))
            case .finish(let outcome, let arguments):
                passed += pairs(arguments ?? [], graph.parameters(ofOutcome: outcome))
            case .conditional(_, let then, let otherwise): pending += [then, otherwise]
            case .selectShowing(let routes): passed += Self.passed(along: routes, from: flow, in: bundle)
            case .pop, .popTo, .stay, .select: break
            }
        }
        return passed
    }

    /// The outcomes `action` (run by its flow) may finish with, each with its arguments: the `finish`es on
    /// either branch of an `if`.
    static func finished(by action: ActionNode) -> [(outcome: Int, arguments: [ArgumentNode])] {
        var finished: [(outcome: Int, arguments: [ArgumentNode])] = []
        var pending = [action]
        while let action = pending.popLast() {
            switch action {
            case .finish(let outcome, let arguments): finished.append((outcome, arguments ?? []))
            case .conditional(_, let then, let otherwise): pending += [then, otherwise]
            default: break
            }
        }
        return finished
    }

    private static func text(_ value: Value) -> String { value.description }

    /// Whether ``valid(_:)`` surely meets every constraint of each of `parameters` (a host check aside,
    /// which the explorer answers itself).
    package static func surelyValid(_ parameters: [ParameterNode]) -> Bool {
        parameters.allSatisfy { parameter in
            parameter.type.parse(valid(parameter)).map { parameter.constraints.violation(of: $0) == nil } ?? false
        }
    }
}
