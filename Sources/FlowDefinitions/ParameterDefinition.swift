import FlowModel

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
    public var minimum: Located<Double>? {
        get { bounds?.minimum }
        set { editBounds { $0.minimum = newValue } }
    }
    /// Inclusive upper bound, for `int` and `double`.
    public var maximum: Located<Double>? {
        get { bounds?.maximum }
        set { editBounds { $0.maximum = newValue } }
    }
    /// The allowed values, when the parameter is an enumeration (`values: [...]`).
    public var allowedValues: [Located<Value>]? {
        get { written?.value.allowedValues }
        set { edit { $0.allowedValues = newValue } }
    }
    /// The name of a host-provided check (for example `bookExists`) run whenever a value is bound to the parameter.
    public var check: Located<String>? {
        get { written?.value.check }
        set { edit { $0.check = newValue } }
    }
    /// The value used when no argument is passed; a parameter with a default is optional.
    public var defaultValue: Located<Value>? {
        get { written?.value.defaultValue }
        set { edit { $0.defaultValue = newValue } }
    }
    /// For strings: the fewest Unicode scalars allowed (`minLength`, since format 1.1).
    public var minimumLength: Located<Int>? {
        get { written?.value.minimumLength }
        set { edit { $0.minimumLength = newValue } }
    }
    /// For strings: the most Unicode scalars allowed (`maxLength`, since format 1.1).
    public var maximumLength: Located<Int>? {
        get { written?.value.maximumLength }
        set { edit { $0.maximumLength = newValue } }
    }
    /// For strings: a regular expression the whole value must match (`pattern`, since format 1.1).
    public var pattern: Located<String>? {
        get { written?.value.pattern }
        set { edit { $0.pattern = newValue } }
    }

    // The rarely written constraints and default live behind shared, immutable references (nil when
    // none is written); `min` and `max` have a box of their own.
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    private var bounds: Bounds?
    private var written: OutOfLine<Fields>?

    public init(
        name: Located<String>, type: Located<ParameterType>, minimum: Located<Double>? = nil,
        maximum: Located<Double>? = nil, allowedValues: [Located<Value>]? = nil,
        check: Located<String>? = nil, defaultValue: Located<Value>? = nil
    ) {
        self.name = name
        self.type = type
        bounds = minimum == nil && maximum == nil ? nil : Bounds(minimum: minimum, maximum: maximum)
        let fields = Fields(allowedValues: allowedValues, check: check, defaultValue: defaultValue)
        written = fields.isEmpty ? nil : OutOfLine(fields)
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

    public static func == (lhs: ParameterDefinition, rhs: ParameterDefinition) -> Bool {
        lhs.name == rhs.name && lhs.type == rhs.type && lhs.bounds == rhs.bounds
            && lhs.written?.value == rhs.written?.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(type)
        hasher.combine(bounds)
        hasher.combine(written?.value)
    }

    /// Replaces the bounds with a changed copy (the shared reference is never mutated).
    private mutating func editBounds(_ change: (inout (minimum: Located<Double>?, maximum: Located<Double>?)) -> Void) {
        var pair = (minimum: bounds?.minimum, maximum: bounds?.maximum)
        change(&pair)
        bounds = pair.minimum == nil && pair.maximum == nil ? nil : Bounds(minimum: pair.minimum, maximum: pair.maximum)
    }

    /// Replaces the written fields with a changed copy (the shared reference is never mutated).
    private mutating func edit(_ change: (inout Fields) -> Void) {
        var fields = written?.value ?? Fields()
        change(&fields)
        written = fields.isEmpty ? nil : OutOfLine(fields)
    }

    /// `min` and `max` (immutable, so sharing them between copies is safe).
    private final class Bounds: Hashable, Sendable {
        let minimum: Located<Double>?
        let maximum: Located<Double>?

        init(minimum: Located<Double>?, maximum: Located<Double>?) {
            self.minimum = minimum
            self.maximum = maximum
        }

        static func == (lhs: Bounds, rhs: Bounds) -> Bool { lhs.minimum == rhs.minimum && lhs.maximum == rhs.maximum }

        func hash(into hasher: inout Hasher) {
            hasher.combine(minimum)
            hasher.combine(maximum)
        }
    }

    /// Everything of a parameter but its name, type and bounds.
    private struct Fields: Hashable, Sendable {
        var allowedValues: [Located<Value>]?
        var check: Located<String>?
        var defaultValue: Located<Value>?
        var minimumLength: Located<Int>?
        var maximumLength: Located<Int>?
        var pattern: Located<String>?

        var isEmpty: Bool { self == Fields() }
    }
}
