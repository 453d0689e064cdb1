/// The constraints of a parameter beyond its type.
public struct ParameterConstraints: Hashable, Sendable, Codable {
    /// Inclusive lower bound for numbers.
    public var minimum: Double?
    /// Inclusive upper bound for numbers.
    public var maximum: Double?
    /// The only values allowed, when set.
    public var allowedValues: [Value]?
    /// The name of a host check run on deep-link and restored arguments (for example `bookExists`).
    public var check: String?

    public init(minimum: Double? = nil, maximum: Double? = nil, allowedValues: [Value]? = nil, check: String? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.allowedValues = allowedValues
        self.check = check
    }

    /// Why `value` violates these constraints (`"7 is less than the minimum 10"`), or nil when it satisfies them.
    /// The host check is not run here.
    public func violation(of value: Value) -> String? {
        if let number = value.number {
            if let minimum, number < minimum { return "\(value) is less than the minimum \(Self.format(minimum))" }
            if let maximum, number > maximum { return "\(value) is greater than the maximum \(Self.format(maximum))" }
        }
        if let allowedValues, !allowedValues.contains(where: { $0 == value || $0.converted(to: value.type) == value }) {
            return "\(value) is not one of \(allowedValues.map(\.description).joined(separator: ", "))"
        }
        return nil
    }

    /// A bound as written in messages: `1` for whole numbers, `2.5` otherwise.
    public static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
