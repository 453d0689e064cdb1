import FlowModel

/// Types and checks arguments against the parameters that receive them.
@MainActor
struct ArgumentBinding {
    let host: FlowHost
    /// Whether host checks (`check:`) run: for deep links and restoration only.
    let runChecks: Bool

    /// Resolves `$name` sources in `scope` (first dictionary that has the name wins), then binds.
    func bind(_ arguments: [ArgumentNode], scope: [[String: Value]], to parameters: [ParameterNode],
              receiver: @autoclosure () -> String) throws(FlowRuntimeError) -> [String: Value] {
        var values: [String: Value] = [:]
        for argument in arguments {
            switch argument.source {
            case .literal(let value):
                values[argument.name] = value
            case .parameter(let name):
                guard let value = scope.lazy.compactMap({ $0[name] }).first else { throw .unresolvedReference(name) }
                values[argument.name] = value
            }
        }
        return try bind(values: values, to: parameters, receiver: receiver())
    }

    /// Checks typed values: no unknown names, every required parameter present (defaults filled in),
    /// types assignable (an `int` becomes a `double`), constraints met, host checks passed when enabled.
    func bind(values: [String: Value], to parameters: [ParameterNode], receiver: @autoclosure () -> String)
        throws(FlowRuntimeError) -> [String: Value] {
        // Sorting only when some name is unknown keeps the reported name deterministic without sorting every time.
        if values.keys.contains(where: { name in !parameters.contains { $0.name == name } }) {
            for name in values.keys.sorted() where !parameters.contains(where: { $0.name == name }) {
                throw .unknownArgument(receiver: receiver(), name: name)
            }
        }
        var bound: [String: Value] = [:]
        for parameter in parameters {
            guard let given = values[parameter.name] ?? parameter.defaultValue else {
                throw .missingArgument(receiver: receiver(), name: parameter.name)
            }
            guard let value = given.converted(to: parameter.type) else {
                throw .wrongArgumentType(receiver: receiver(), name: parameter.name, expected: parameter.type, found: given.type)
            }
            if let message = parameter.constraints.violation(of: value) {
                throw .constraintViolated(receiver: receiver(), name: parameter.name, message: message)
            }
            if runChecks, let check = parameter.constraints.check, !host.check(check, value) {
                throw .checkFailed(receiver: receiver(), name: parameter.name, check: check, value: value)
            }
            bound[parameter.name] = value
        }
        return bound
    }

    /// Parses text arguments strictly by each parameter's type, then binds them.
    func bind(texts: [String: String], to parameters: [ParameterNode], receiver: @autoclosure () -> String)
        throws(FlowRuntimeError) -> [String: Value] {
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
}
