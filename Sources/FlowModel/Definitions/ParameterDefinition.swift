/// A typed parameter of a flow, a screen or an event, as written.
///
/// Written either as a bare type (`bookID: int`) or as a mapping
/// (`bookID: { type: int, min: 1, max: 100, values: [1, 2], check: bookExists, default: 1 }`).
public struct ParameterDefinition: Hashable, Sendable {
    /// The parameter's name (the mapping key).
    public var name: Located<String>
    /// The declared type.
    public var type: Located<ParameterType>
    /// Inclusive lower bound, for `int` and `double`.
    public var minimum: Located<Double>?
    /// Inclusive upper bound, for `int` and `double`.
    public var maximum: Located<Double>?
    /// The allowed values, when the parameter is an enumeration (`values: [...]`).
    public var allowedValues: [Located<Value>]?
    /// The name of a host-provided check (for example `bookExists`) run whenever a value is bound to the parameter.
    public var check: Located<String>?
    /// The value used when no argument is passed; a parameter with a default is optional.
    public var defaultValue: Located<Value>?
    /// For strings: the fewest Unicode scalars allowed (`minLength`, since format 1.1).
    public var minimumLength: Located<Int>?
    /// For strings: the most Unicode scalars allowed (`maxLength`, since format 1.1).
    public var maximumLength: Located<Int>?
    /// For strings: a regular expression the whole value must match (`pattern`, since format 1.1).
    public var pattern: Located<String>?

    public init(
        name: Located<String>, type: Located<ParameterType>, minimum: Located<Double>? = nil,
        maximum: Located<Double>? = nil, allowedValues: [Located<Value>]? = nil,
        check: Located<String>? = nil, defaultValue: Located<Value>? = nil
    ) {
        self.name = name
        self.type = type
        self.minimum = minimum
        self.maximum = maximum
        self.allowedValues = allowedValues
        self.check = check
        self.defaultValue = defaultValue
    }

    /// Whether a caller must pass an argument for this parameter.
    public var isRequired: Bool { defaultValue == nil }

    /// The constraints in compiled form.
    public var constraints: ParameterConstraints {
        ParameterConstraints(
            minimum: minimum?.value, maximum: maximum?.value,
            allowedValues: allowedValues?.map(\.value), check: check?.value,
            minimumLength: minimumLength?.value, maximumLength: maximumLength?.value, pattern: pattern?.value)
    }
}
