import FlowModel

// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// Types and checks arguments against the parameters that receive them.
///
/// Bound arguments are positional: the result has one value per parameter, in the parameters' order,
/// defaults filled in.
@MainActor
struct ArgumentBinding {
    /// The host's check (`check:`), run for every value bound to a parameter that names one: root
    /// arguments, event arguments, action and handler arguments, outcome arguments, deep links and restore.
    private let hostCheck: @MainActor (_ name: String, _ value: Value) -> Bool

    init(host: FlowHost) {
        hostCheck = host.check
    }

    /// Resolves `$name` sources in `scope`, then binds the arguments to `parameters`.
    func bind(
        _ arguments: [ArgumentNode], scope: ArgumentScope, to parameters: [ParameterNode],
        receiver: @autoclosure () -> String
    ) throws(FlowRuntimeError) -> [Value] {
        if arguments.isEmpty, parameters.isEmpty { return [] }
        // References are resolved, in argument order, before anything else is checked. The last one's value
        // is kept for binding below: most arguments forward at most one `$name`, resolved then only once.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        var lastReference: (argument: Int, value: Value)?
        for index in arguments.indices {
            if case .parameter(let name) = arguments[index].source {
                guard let value = scope.value(named: name) else { throw .unresolvedReference(name) }
                lastReference = (index, value)
            }
        }
        if !parameters.containsAll(namesOf: arguments) {
            try rejectUnknownName(in: arguments.names, of: parameters, receiver: receiver())
        }
        var bound: [Value] = []
        bound.reserveCapacity(parameters.count)
        for index in parameters.indices {
            let given: Value?
            if let argument = arguments.lastIndex(named: parameters[index].name) {
                switch arguments[argument].source {
                case .literal(let value): given = value
                case .parameter(let name):
                    if let lastReference, lastReference.argument == argument {
                        given = lastReference.value
                    } else {
                        given = scope.value(named: name)
                    }
                }
            } else {
                given = nil
            }
            bound.append(try check(given, for: parameters, at: index, receiver: receiver()))
        }
        return bound
    }

    /// Checks typed values: no unknown names, every required parameter present (defaults filled in),
    /// types assignable (an `int` becomes a `double`), constraints met, host checks passed.
    func bind(values: [String: Value], to parameters: [ParameterNode], receiver: @autoclosure () -> String)
        throws(FlowRuntimeError) -> [Value]
    {
        if values.isEmpty, parameters.isEmpty { return [] }
        if !parameters.containsAll(values.keys) {
            try rejectUnknownName(in: Array(values.keys), of: parameters, receiver: receiver())
        }
        var bound: [Value] = []
        bound.reserveCapacity(parameters.count)
        for index in parameters.indices {
            bound.append(
                try check(
                    Self.value(named: parameters[index].name, in: values), for: parameters, at: index,
                    receiver: receiver()))
        }
        return bound
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// The value named `name` in `values`.
    private static func value(named name: String, in values: [String: Value]) -> Value? {
        guard values.count <= 4 else { return values[name] }
        for (key, value) in values where key == name { return value }
        return nil
    }

    /// Parses text arguments strictly by each parameter's type, then binds them.
    func bind(texts: [String: String], to parameters: [ParameterNode], receiver: @autoclosure () -> String)
        throws(FlowRuntimeError) -> [Value]
    {
        var values: [String: Value] = [:]
        for name in texts.keys.sorted() {
            guard let parameter = parameters.first(where: { $0.name == name }) else {
                throw .unknownArgument(receiver: receiver(), name: name)
            }
            guard let value = parameter.type.parse(texts[name]!) else {
                throw .invalidArgument(receiver: receiver(), name: name, text: texts[name]!, type: parameter.type)
            }
            values[name] = value
        }
        return try bind(values: values, to: parameters, receiver: receiver())
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// Throws for the first name, in sorted order, that no parameter has.
    private func rejectUnknownName(
        in names: [String], of parameters: [ParameterNode], receiver: @autoclosure () -> String
    )
        throws(FlowRuntimeError)
    {
        for name in names.sorted() where !parameters.contains(named: name) {
            throw .unknownArgument(receiver: receiver(), name: name)
        }
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// The value for parameter `index` of `parameters`: the given one or the default, converted to the
    /// parameter's type, its constraints met and its host check (if it names one) passed.
    private func check(
        _ given: Value?, for parameters: [ParameterNode], at index: Int, receiver: @autoclosure () -> String
    )
        throws(FlowRuntimeError) -> Value
    {
        guard let given = given ?? parameters[index].defaultValue else {
            throw .missingArgument(receiver: receiver(), name: parameters[index].name)
        }
        guard let value = given.converted(to: parameters[index].type) else {
            throw .wrongArgumentType(
                receiver: receiver(), name: parameters[index].name, expected: parameters[index].type,
                found: given.type)
        }
        if Self.mayViolate(value, parameters, at: index),
            let message = parameters[index].constraints.violation(of: value)
        {
            throw .constraintViolated(receiver: receiver(), name: parameters[index].name, message: message)
        }
        if let check = parameters[index].constraints.check, !hostCheck(check, value) {
            throw .checkFailed(receiver: receiver(), name: parameters[index].name, check: check, value: value)
        }
        return value
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// Whether `value` may break the constraints of parameter `index`: it lies outside the bounds, or the
    /// constraints hold more than bounds (allowed values, lengths, a pattern). Most values of most parameters
    /// do neither, and then the constraints are neither copied nor checked.
    private static func mayViolate(_ value: Value, _ parameters: [ParameterNode], at index: Int) -> Bool {
        if parameters[index].constraints.allowedValues != nil || parameters[index].constraints.pattern != nil
            || parameters[index].constraints.minimumLength != nil || parameters[index].constraints.maximumLength != nil
        {
            return true
        }
        guard let number = value.number else { return false }
        if let minimum = parameters[index].constraints.minimum, number < minimum { return true }
        if let maximum = parameters[index].constraints.maximum, number > maximum { return true }
        return false
    }
}
