/// A compiled parameter of a flow, a screen or an event.
public struct ParameterNode: Hashable, Sendable, Codable {
    public var name: String
    public var type: ParameterType
    /// Bounds, allowed values and the name of a host check.
    public var constraints: ParameterConstraints
    /// The value used when no argument is passed; nil makes the parameter required.
    public var defaultValue: Value?

    public init(
        name: String, type: ParameterType, constraints: ParameterConstraints = ParameterConstraints(),
        defaultValue: Value? = nil
    ) {
        self.name = name
        self.type = type
        self.constraints = constraints
        self.defaultValue = defaultValue
    }
}
