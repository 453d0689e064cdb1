import FlowModel

/// One way a step gives a flow instance or a route its arguments — a `start`, a tab entry, an event's or a
/// handler's `start` or `replaceRoot`, a link's route — as the restore checks see it
/// (``ChildStartArguments``, ``FirstRouteArguments``).
enum ArgumentRecipe {
    /// Whether `values` (bound to `parameters`) are ones `arguments` give: each parameter the recipe fixes
    /// — by a literal, by a `$name` that `fixed` resolves, or by its default when the recipe passes none —
    /// has that value; a `$name` `fixed` leaves nil (an event's parameter, an outcome's value, a link
    /// placeholder) may be anything.
    static func agrees(
        _ arguments: [ArgumentNode], parameters: [ParameterNode], values: [Value],
        fixed: (String) -> Value?
    ) -> Bool {
        parameters.indices.allSatisfy { index in
            let parameter = parameters[index]
            let value: Value?
            if let argument = arguments.lastIndex(named: parameter.name) {
                switch arguments[argument].source {
                case .literal(let literal): value = literal
                case .parameter(let name): value = fixed(name)
                }
            } else {
                value = parameter.defaultValue
            }
            guard let value else { return true }
            return value.converted(to: parameter.type) == values[index]
        }
    }
}
