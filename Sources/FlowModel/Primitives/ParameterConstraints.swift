/// The constraints of a parameter beyond its type.
public struct ParameterConstraints: Hashable, Sendable, Codable {
    /// Inclusive lower bound for numbers.
    public var minimum: Double?
    /// Inclusive upper bound for numbers.
    public var maximum: Double?
    /// The only values allowed, when set.
    public var allowedValues: [Value]?
    /// The name of a host check run whenever a value is bound to the parameter (for example `bookExists`).
    public var check: String?
    /// For strings: the fewest Unicode scalars allowed (inclusive). Since format 1.1.
    public var minimumLength: Int?
    /// For strings: the most Unicode scalars allowed (inclusive). Since format 1.1.
    public var maximumLength: Int?
    /// For strings: a regular expression the whole value must match, in the subset ``LinearPattern``
    /// supports (docs/FORMAT.md). Since format 1.1. Compiled once, when set or decoded.
    public var pattern: String? { didSet { compiledPattern = Self.compile(pattern) } }
    /// `pattern` compiled, or nil (no pattern, or one that does not compile: it then matches nothing).
    private var compiledPattern: LinearPattern?
    /// `pattern` compiled, or nil (no pattern, or one that does not compile).
    package var linearPattern: LinearPattern? { compiledPattern }

    private enum CodingKeys: String, CodingKey {
        case minimum, maximum, allowedValues, check, minimumLength, maximumLength, pattern
    }

    public init(
        minimum: Double? = nil, maximum: Double? = nil, allowedValues: [Value]? = nil, check: String? = nil,
        minimumLength: Int? = nil, maximumLength: Int? = nil, pattern: String? = nil
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.allowedValues = allowedValues
        self.check = check
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.pattern = pattern
        self.compiledPattern = Self.compile(pattern)
    }

    /// Decodes the constraints and compiles their pattern.
    /// - Throws: `DecodingError` when a field has the wrong shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            minimum: try container.decodeIfPresent(Double.self, forKey: .minimum),
            maximum: try container.decodeIfPresent(Double.self, forKey: .maximum),
            allowedValues: try container.decodeIfPresent([Value].self, forKey: .allowedValues),
            check: try container.decodeIfPresent(String.self, forKey: .check),
            minimumLength: try container.decodeIfPresent(Int.self, forKey: .minimumLength),
            maximumLength: try container.decodeIfPresent(Int.self, forKey: .maximumLength),
            pattern: try container.decodeIfPresent(String.self, forKey: .pattern))
    }

    private static func compile(_ pattern: String?) -> LinearPattern? {
        pattern.flatMap { try? LinearPattern($0) }
    }

    /// Why `value` violates these constraints (`"7 is less than the minimum 10"`), or nil when it satisfies them.
    /// The host check is not run here.
    public func violation(of value: Value) -> String? {
        if let number = value.number {
            if let minimum, number < minimum { return "\(value) is less than the minimum \(Self.format(minimum))" }
            if let maximum, number > maximum { return "\(value) is greater than the maximum \(Self.format(maximum))" }
        }
        if let problem = lengthOrPatternViolation(of: value) { return problem }
        if let allowedValues, !allowedValues.contains(where: { $0 == value || $0.converted(to: value.type) == value }) {
            return "\(value) is not one of \(allowedValues.map(\.description).joined(separator: ", "))"
        }
        return nil
    }

    /// Why a string `value` breaks `minLength`, `maxLength` or `pattern`, or nil (also for other types).
    /// Lengths count Unicode scalars and are checked first; a value whose match would take more than
    /// `LinearPattern.maximumMatchSteps` steps is refused as too long for the pattern.
    public func lengthOrPatternViolation(of value: Value) -> String? {
        guard case .string(let text) = value else { return nil }
        if minimumLength != nil || maximumLength != nil {
            let length = text.unicodeScalars.count
            if let minimumLength, length < minimumLength {
                return
                    "\(Self.quoted(text)) is shorter than the minimum length \(minimumLength) (it has \(length) \(length == 1 ? "character" : "characters"))"
            }
            if let maximumLength, length > maximumLength {
                return
                    "\(Self.quoted(text)) is longer than the maximum length \(maximumLength) (it has \(length) characters)"
            }
        }
        guard let pattern else { return nil }
        switch compiledPattern?.match(text) ?? .doesNotMatch {
        case .matches:
            return nil
        case .doesNotMatch:
            return "\(Self.quoted(text)) does not match the pattern \(Self.quoted(pattern, shortened: false))"
        case .tooCostly:
            let length = text.unicodeScalars.count
            return
                "\(Self.quoted(text)) (\(length) characters) is too long to check against the pattern \(Self.quoted(pattern, shortened: false)): it would take more than \(LinearPattern.maximumMatchSteps) matching steps; give the parameter a 'maxLength'"
        }
    }

    /// A string in messages: in double quotes with `"` and `\` escaped as in a YAML double-quoted
    /// scalar, so an empty string reads as `""` and a quote inside cannot end it; long values shortened.
    static func quoted(_ text: String, shortened: Bool = true) -> String {
        let scalars =
            shortened && text.unicodeScalars.count > MessageText.longestShown
            ? Array(text.unicodeScalars.prefix(MessageText.shownWhenCut)) : Array(text.unicodeScalars)
        var shown = "\""
        for scalar in scalars {
            if scalar == "\"" || scalar == "\\" { shown += "\\" }
            shown.unicodeScalars.append(scalar)
        }
        if scalars.count < text.unicodeScalars.count { shown += "…" }
        return shown + "\""
    }

    /// A bound as written in messages: `1` for whole numbers, `2.5` otherwise.
    public static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
