import FlowModel

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
            return String(repeating: "a", count: min(length, constraints.maximumLength ?? length))
        }
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
        case .bool:
            break
        }
        return nil
    }

    /// `key=value …` operands for `parameters`, each valid, or with the one at `broken` breaking its constraint.
    package static func operands(_ parameters: [ParameterNode], breaking broken: Int? = nil) -> String? {
        var words: [String] = []
        for (index, parameter) in parameters.enumerated() {
            let value: String
            if index == broken {
                guard let bad = breaking(parameter) else { return nil }
                value = bad
            } else {
                value = valid(parameter)
            }
            words.append("\(parameter.name)=\(quoted(value))")
        }
        return words.joined(separator: " ")
    }

    /// The URL of `link` with a valid witness for each placeholder.
    package static func url(of link: LinkNode) -> String {
        var parts: [String] = []
        for segment in link.segments {
            switch segment {
            case .literal(let text): parts.append(text)
            case .placeholder(_, let type):
                switch type {
                case .int, .double: parts.append("1")
                case .bool: parts.append("true")
                case .string: parts.append("a")
                }
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func text(_ value: Value) -> String { value.description }

    private static func quoted(_ text: String) -> String {
        text.isEmpty || text.contains(" ") || text.contains("#") ? "\"\(text)\"" : text
    }

    /// Whether ``valid(_:)`` surely meets every constraint of each of `parameters`: a `pattern` or an
    /// argument check may refuse it.
    package static func surelyValid(_ parameters: [ParameterNode]) -> Bool {
        parameters.allSatisfy { $0.constraints.pattern == nil && $0.constraints.check == nil }
    }
}
