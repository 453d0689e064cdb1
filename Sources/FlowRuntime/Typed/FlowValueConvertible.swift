import FlowModel

/// A Swift type that a flow parameter type maps to, as generated code uses it: `int` → `Int`,
/// `double` → `Double`, `string` → `String`, `bool` → `Bool` (docs/HOSTING.md).
///
/// Generated routes read typed arguments through it (``RouteAddress/argument(_:as:)``) and generated events
/// pass them as `Value`s through it.
public protocol FlowValueConvertible: Sendable {
    /// The parameter type this Swift type stands for.
    static var parameterType: ParameterType { get }
    /// The value as the coordinator holds it.
    var flowValue: Value { get }
    /// The Swift value of `value`; nil when `value` is of another type.
    init?(flowValue value: Value)
}

extension Int: FlowValueConvertible {
    public static var parameterType: ParameterType { .int }
    public var flowValue: Value { .int(self) }
    public init?(flowValue value: Value) {
        guard case .int(let number) = value else { return nil }
        self = number
    }
}

extension Double: FlowValueConvertible {
    public static var parameterType: ParameterType { .double }
    public var flowValue: Value { .double(self) }
    /// A `double` value, or an `int` one (an `int` may be passed where a `double` is expected).
    public init?(flowValue value: Value) {
        guard case .double(let number)? = value.converted(to: .double) else { return nil }
        self = number
    }
}

extension String: FlowValueConvertible {
    public static var parameterType: ParameterType { .string }
    public var flowValue: Value { .string(self) }
    public init?(flowValue value: Value) {
        guard case .string(let text) = value else { return nil }
        self = text
    }
}

extension Bool: FlowValueConvertible {
    public static var parameterType: ParameterType { .bool }
    public var flowValue: Value { .bool(self) }
    public init?(flowValue value: Value) {
        guard case .bool(let flag) = value else { return nil }
        self = flag
    }
}
