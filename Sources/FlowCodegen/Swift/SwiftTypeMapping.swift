import FlowModel

/// The one place that maps flow parameter types and values to Swift: `int` → `Int`, `double` → `Double`,
/// `string` → `String`, `bool` → `Bool` (FlowRuntime's `FlowValueConvertible` maps back at run time).
package enum SwiftTypeMapping {
    /// The Swift type of a parameter of `type`.
    package static func swiftType(_ type: ParameterType) -> String {
        switch type {
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .bool: "Bool"
        }
    }

    /// `value` as a Swift literal of the Swift type of `type` (a default argument): `7`, `2.5`, `"full"`, `true`.
    package static func literal(_ value: Value, as type: ParameterType) -> String {
        switch value.converted(to: type) ?? value {
        case .int(let number): String(number)
        case .double(let number): doubleLiteral(number)
        case .string(let text): SwiftNames.stringLiteral(text)
        case .bool(let flag): flag ? "true" : "false"
        }
    }

    /// A finite double as Swift writes it, always with a `.` or an exponent so it reads as a `Double`
    /// (`2.0`, `0.001`, `1e+20`); validated flows hold no infinities or NaNs.
    private static func doubleLiteral(_ number: Double) -> String {
        guard number.isFinite else { return "0.0" }
        return "\(number)"
    }

    /// A parameter's declaration in an enum case or a function: `bookID: Int`, `mode: String = "full"`.
    package static func declaration(_ parameter: ParameterNode) -> String {
        var text = "\(SwiftNames.identifier(parameter.name)): \(swiftType(parameter.type))"
        if let value = parameter.defaultValue { text += " = " + literal(value, as: parameter.type) }
        return text
    }

    /// A parameter as documentation: `` `bookID`: int, min 1, check `bookExists` ``.
    package static func summary(_ parameter: ParameterNode) -> String {
        var parts = [parameter.type.rawValue]
        let constraints = parameter.constraints
        if let minimum = constraints.minimum { parts.append("min \(number(minimum, parameter.type))") }
        if let maximum = constraints.maximum { parts.append("max \(number(maximum, parameter.type))") }
        if let values = constraints.allowedValues {
            parts.append("one of " + values.map { "`\($0)`" }.joined(separator: ", "))
        }
        if let length = constraints.minimumLength { parts.append("min length \(length)") }
        if let length = constraints.maximumLength { parts.append("max length \(length)") }
        if let pattern = constraints.pattern {
            parts.append("pattern `\(pattern.replacingOccurrences(of: "`", with: "'"))`")
        }
        if let check = constraints.check { parts.append("host check `\(check)`") }
        if let value = parameter.defaultValue { parts.append("default `\(value)`") }
        return "`\(parameter.name)`: " + parts.joined(separator: ", ")
    }

    private static func number(_ bound: Double, _ type: ParameterType) -> String {
        type == .int && bound == bound.rounded() && abs(bound) < 1e18 ? String(Int(bound)) : "\(bound)"
    }
}
