/// The type of a parameter, an argument or a link placeholder.
public enum ParameterType: String, Hashable, Sendable, Codable, CaseIterable {
    case int, string, bool, double

    /// Parses `text` strictly as a value of this type.
    ///
    /// - `int`: optional `-`, then decimal digits only; a leading zero is rejected except for `0`
    ///   itself, so `0123` is never read as octal or decimal by surprise. Must fit in `Int`.
    /// - `double`: a decimal number (`-1`, `2.5`, `1e3`); `nan`, `inf` and hex forms are rejected.
    /// - `bool`: exactly `true` or `false` (YAML 1.1's `yes`, `on`, `y` … are not booleans here).
    /// - `string`: any text.
    /// - Returns: the value, or nil when `text` is not of this type.
    public func parse(_ text: String) -> Value? {
        switch self {
        case .string:
            return .string(text)
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return nil
            }
        case .int:
            guard Self.isStrictInteger(text), let number = Int(text) else { return nil }
            return .int(number)
        case .double:
            guard Self.isStrictDecimal(text), let number = Double(text), number.isFinite else { return nil }
            return .double(number)
        }
    }

    private static func isStrictInteger(_ text: String) -> Bool {
        let digits = text.utf8.first == UInt8(ascii: "-") ? Substring(text.dropFirst()) : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
        return digits == "0" || digits.utf8.first != UInt8(ascii: "0")
    }

    private static func isStrictDecimal(_ text: String) -> Bool {
        let allowed = Set("0123456789+-.eE".utf8)
        return !text.isEmpty && text.utf8.allSatisfy(allowed.contains)
            && text.utf8.contains(where: { $0 >= 48 && $0 <= 57 })
    }
}
