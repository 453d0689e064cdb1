/// A typed argument value at run time and in compiled graphs.
public enum Value: Hashable, Sendable, Codable, CustomStringConvertible {
    case int(Int)
    case string(String)
    case bool(Bool)
    case double(Double)

    /// The value's type.
    public var type: ParameterType {
        switch self {
        case .int: .int
        case .string: .string
        case .bool: .bool
        case .double: .double
        }
    }

    /// The value as a number, for `min`/`max` checks; nil for strings and booleans.
    public var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        case .string, .bool: nil
        }
    }

    /// The value as written in flow files and scripts: `7`, `2.5`, `true`, `Dune`.
    public var description: String {
        switch self {
        case .int(let value): String(value)
        case .string(let value): value
        case .bool(let value): String(value)
        case .double(let value): String(value)
        }
    }

    /// Whether a value of type `type` may be passed where a parameter of type `parameterType` is expected
    /// (an `int` may be passed as a `double`).
    public static func isAssignable(_ type: ParameterType, to parameterType: ParameterType) -> Bool {
        type == parameterType || (type == .int && parameterType == .double)
    }

    /// This value converted to `parameterType`, or nil when it is not assignable.
    public func converted(to parameterType: ParameterType) -> Value? {
        if type == parameterType { return self }
        if case .int(let value) = self, parameterType == .double { return .double(Double(value)) }
        return nil
    }
}
