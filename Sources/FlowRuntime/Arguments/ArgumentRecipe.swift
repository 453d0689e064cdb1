import FlowModel

/// One way a step gives a flow instance or a route its arguments — a `start`, a tab entry, an event's or a
/// handler's `start` or `replaceRoot`, a link's route — as the step graph records it (``FlowSteps``), and
/// as restore checks a snapshot's arguments against it.
///
/// The recipe fixes some parameters — by a literal, by its default when the recipe passes nothing, or by a
/// `$name` the place the step runs resolves — and leaves the others open: a `$name` filled by what the
/// person or a child gave (an event's parameters, an outcome's values) or by a link placeholder may be
/// anything.
struct ArgumentRecipe: Hashable, Sendable {
    /// Where a recipe's `$name` arguments resolve.
    enum Scope: Hashable, Sendable {
        /// A `$name` in `given` (an event's parameter, an outcome's value) may be any value that parameter
        /// takes (its type and constraints; the host check is asked for the receiver only); else one in
        /// `open` (a route's argument the recipe cannot see) may be anything; else it resolves where the step
        /// runs: the arguments of the route it runs on top of (a child's start), then the instance's.
        case resolved(given: [String: ParameterNode], open: Set<String>)
        /// Every `$name` may be anything (a link's first route: placeholders).
        case open
        /// A link's route after a route of a screen: a placeholder that the link also passes to that
        /// route's parameter (placeholder → the parameter's name) is that route's value; others are open.
        case shared([String: String])
    }

    var arguments: [ArgumentNode]
    var scope: Scope

    /// Whether `values` (bound to `parameters`) are ones this recipe gives: each parameter it fixes has that
    /// value. `resolve` gives a `$name`'s value where the step runs (``Scope/resolved(open:)``), `routeValue`
    /// a parameter of the route below (``Scope/shared(_:)``).
    func agrees(
        parameters: [ParameterNode], values: [Value], resolve: (String) -> Value?,
        routeValue: (String) -> Value? = { _ in nil }
    ) -> Bool {
        parameters.indices.allSatisfy { index in
            let parameter = parameters[index]
            let value: Value?
            if let argument = arguments.lastIndex(named: parameter.name) {
                switch arguments[argument].source {
                case .literal(let literal): value = literal
                case .parameter(let name):
                    switch scope {
                    case .resolved(let given, let open):
                        if let source = given[name] { return Self.canPass(values[index], from: source) }
                        value = open.contains(name) ? nil : resolve(name)
                    case .open: value = nil
                    case .shared(let shared): value = shared[name].flatMap(routeValue)
                    }
                }
            } else {
                value = parameter.defaultValue
            }
            guard let value else { return true }
            return value.converted(to: parameter.type) == values[index]
        }
    }

    /// Whether `received` is a value a parameter `source` (an event's, an outcome's) can pass on: of its
    /// type (an `int` received as a `double`) and meeting its constraints.
    private static func canPass(_ received: Value, from source: ParameterNode) -> Bool {
        var sent = received
        if received.type != source.type {
            guard case .double(let number) = received, source.type == .int, let whole = Int(exactly: number) else {
                return received.converted(to: source.type) != nil
            }
            sent = .int(whole)
        }
        return source.constraints.violation(of: sent) == nil
    }
}
