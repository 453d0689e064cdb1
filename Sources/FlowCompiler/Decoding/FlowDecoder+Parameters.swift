import FlowDefinitions
import FlowModel
import FlowYAML

/// Decoding parameters: types, constraints and defaults.
extension FlowDecoder {
    /// - Parameter owner: whose list it is, to keep the names of parameters that do not decode
    ///   (``unreadableParameters``); nil for an event's, whose arguments come from the host.
    mutating func readParameters(_ node: YAMLNodeRef, of owner: UnreadableParameter.Owner?) -> [ParameterDefinition] {
        namedEntries(node, as: "parameters", entryName: "parameter name").compactMap { name, value in
            guard let parameter = readParameter(name, value) else {
                if let owner { unreadableParameters.insert(UnreadableParameter(owner: owner, name: name.value)) }
                return nil
            }
            return parameter
        }
    }

    /// One parameter: a bare type, or a mapping with `type` and constraints; nil when it does not decode
    /// (the reason is reported).
    private mutating func readParameter(_ name: Located<String>, _ value: YAMLNodeRef) -> ParameterDefinition? {
        if !isMapping(value) {
            return readEnumValue(value, ParameterType.self, as: "type").map {
                ParameterDefinition(name: name, type: $0)
            }
        }
        guard let spec = readMapping(value, as: "a parameter", keys: ParameterKeys.self, required: [.type]),
            let type = spec[.type].flatMap({ readEnumValue($0, ParameterType.self, as: "type") })
        else { return nil }
        // Read in the order they are reported, then built with one initializer. Speed: PERFORMANCE.md, "Shapes kept for speed".
        let minimum = readBound(.min, of: spec, type: type.value)
        let maximum = readBound(.max, of: spec, type: type.value)
        let allowedValues = spec[.values].flatMap { values in
            readSequence(values, as: "allowed values")?.compactMap { item in
                readTypedValue(item, type: type.value, as: "allowed value").map { Located($0, at: location(of: item)) }
            }
        }
        var strings = StringConstraints()
        readStringConstraints(spec, type: type.value, into: &strings)
        let check = spec[.check].flatMap { self.readName($0, as: "check name") }
        let defaultValue = spec[.default].flatMap { defaultNode in
            readTypedValue(defaultNode, type: type.value, as: "default").map {
                Located($0, at: location(of: defaultNode))
            }
        }
        var parameter = ParameterDefinition(
            name: name, type: type, minimum: minimum, maximum: maximum, allowedValues: allowedValues, check: check,
            defaultValue: defaultValue)
        if let minimumLength = strings.minimumLength { parameter.minimumLength = minimumLength }
        if let maximumLength = strings.maximumLength { parameter.maximumLength = maximumLength }
        if let pattern = strings.pattern { parameter.pattern = pattern }
        checkConstraints(of: parameter, spec: spec)
        return parameter
    }

    /// `min` or `max` of a parameter: a number of the parameter's type, which must be int or double.
    private mutating func readBound(_ key: ParameterKeys, of spec: KeyedMapping<ParameterKeys>, type: ParameterType)
        -> Located<Double>?
    {
        guard let node = spec[key] else { return nil }
        guard type == .int || type == .double else {
            report(
                MisplacedKey.self, "'\(key.rawValue)' applies only to int and double parameters",
                at: spec.keyNode(key) ?? node)
            return nil
        }
        return readTypedValue(node, type: type, as: key.rawValue)?.number.map { Located($0, at: location(of: node)) }
    }

    /// A string parameter's constraints as read, before they are set on the parameter.
    private struct StringConstraints {
        var minimumLength: Located<Int>?
        var maximumLength: Located<Int>?
        var pattern: Located<String>?
    }

    /// Reads `minLength`, `maxLength` (whole numbers of at least 0) and `pattern` (a regular expression
    /// that compiles), which apply to strings only (since format 1.1).
    private mutating func readStringConstraints(
        _ spec: KeyedMapping<ParameterKeys>, type: ParameterType, into parameter: inout StringConstraints
    ) {
        for key in [ParameterKeys.minLength, .maxLength, .pattern] {
            guard let node = spec[key] else { continue }
            guard type == .string else {
                report(
                    MisplacedKey.self, "'\(key.rawValue)' applies only to string parameters",
                    at: spec.keyNode(key) ?? node)
                continue
            }
            switch key {
            case .minLength: parameter.minimumLength = readInteger(node, as: "minimum length", minimum: 0)
            case .maxLength: parameter.maximumLength = readInteger(node, as: "maximum length", minimum: 0)
            default:
                guard let text = readScalar(node, as: "a pattern") else { continue }
                do throws(PatternProblem) {
                    _ = try LinearPattern(text)
                    parameter.pattern = Located(text, at: location(of: node))
                } catch {
                    // At the construct at fault when the scalar's text maps to its source, else at the scalar.
                    let message = "'pattern' is not a valid regular expression: \(error)"
                    if let offset = error.offset,
                        let at = ScalarCharacterLocation.location(
                            ofCharacter: offset, in: node, of: document, start: location(of: node), source: source)
                    {
                        var diagnostic = InvalidValue.diagnostic(message, at: at)
                        diagnostic.endColumn = at.column + 1
                        diagnostics.append(diagnostic)
                    } else {
                        report(InvalidValue.self, message, at: node)
                    }
                }
            }
        }
    }

    /// Reports constraints that contradict each other: `min` above `max`, an empty or repeating
    /// `values` list, and a `default` its own constraints reject (every route would then be refused).
    private mutating func checkConstraints(of parameter: ParameterDefinition, spec: KeyedMapping<ParameterKeys>) {
        if let minimum = parameter.minimum, let maximum = parameter.maximum, minimum.value > maximum.value,
            let node = spec[.max]
        {
            report(
                InvalidValue.self,
                "'max' \(ParameterConstraints.format(maximum.value)) is less than 'min' \(ParameterConstraints.format(minimum.value)); no value could satisfy both",
                at: node)
        }
        if let minimum = parameter.minimumLength, let maximum = parameter.maximumLength, minimum.value > maximum.value,
            let node = spec[.maxLength]
        {
            report(
                InvalidValue.self,
                "'maxLength' \(maximum.value) is less than 'minLength' \(minimum.value); no string could satisfy both",
                at: node)
        }
        if let values = parameter.allowedValues, let node = spec[.values] {
            if values.isEmpty, isSequence(node) {
                report(
                    InvalidValue.self,
                    "'values' is empty, so no value is allowed; list at least one value or remove 'values'", at: node)
            }
            var seen = Set<Value>()
            for value in values where !seen.insert(value.value).inserted {
                diagnostics.append(
                    InvalidValue.diagnostic(
                        "value \(MessageText.name("\(value.value)")) is listed twice in 'values'; list each value once",
                        at: value.location))
            }
            let others = ParameterConstraints(
                minimumLength: parameter.minimumLength?.value, maximumLength: parameter.maximumLength?.value,
                pattern: parameter.pattern?.value)
            for value in values {
                guard let violation = others.violation(of: value.value) else { continue }
                diagnostics.append(
                    ConstraintViolation.diagnostic(
                        "value \(MessageText.name("\(value.value)")) in 'values' breaks the parameter's other constraints: \(violation); no argument could use it",
                        at: value.location))
            }
        }
        if let defaultValue = parameter.defaultValue, let node = spec[.default],
            let violation = parameter.constraints.violation(of: defaultValue.value)
        {
            report(
                ConstraintViolation.self,
                "default of parameter \(MessageText.name(parameter.name.value)) breaks its own constraints: \(violation); every route without this argument would be refused",
                at: node)
        }
    }

    /// A scalar parsed strictly as `type` (see `ParameterType.parse`).
    private mutating func readTypedValue(_ node: YAMLNodeRef, type: ParameterType, as what: String) -> Value? {
        guard let text = readScalar(node, as: "a \(what)") else { return nil }
        guard let value = type.parse(text) else {
            report(
                InvalidValue.self,
                "\(MessageText.name(text)) is not a valid \(type.rawValue) for \(what)\(Self.typeHint(type))", at: node)
            return nil
        }
        return value
    }

    static func typeHint(_ type: ParameterType) -> String {
        switch type {
        case .int: "; write decimal digits without a leading zero, such as 7 or -3"
        case .double: "; write a decimal number such as 2.5"
        case .bool: "; write true or false"
        case .string: ""
        }
    }
}
