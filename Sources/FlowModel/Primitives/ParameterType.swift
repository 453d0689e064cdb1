/// The type of a parameter, an argument or a link placeholder.
public enum ParameterType: String, Hashable, Sendable, Codable, CaseIterable {
    case int, string, bool, double

    /// Parses `text` strictly as a value of this type.
    ///
    /// - `int`: optional `-`, then decimal digits only; a leading zero is rejected except for `0`
    ///   itself, so `0123` is never read as octal or decimal by surprise. Must fit in `Int`.
    /// - `double`: a decimal number (`-1`, `2.5`, `1e3`, `-2.5E-3`): digits on both sides of a `.`,
    ///   no leading `+`; `nan`, `inf`, hex forms and values that overflow or underflow to 0 are rejected.
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
            guard Self.isStrictDecimal(text), let number = Double(text), number.isFinite,
                number != 0 || Self.isZeroMantissa(text)
            else { return nil }
            return .double(number)
        }
    }

    private static func isStrictInteger(_ text: String) -> Bool {
        let digits = text.utf8.first == UInt8(ascii: "-") ? Substring(text.dropFirst()) : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
        return digits == "0" || digits.utf8.first != UInt8(ascii: "0")
    }

    /// `-?DIGITS(.DIGITS)?([eE][+-]?DIGITS)?`: no leading `+`, no bare `.5` or `1.`.
    private static func isStrictDecimal(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Bool {
            let count = bytes.prefix { $0 >= 48 && $0 <= 57 }.count
            bytes = bytes.dropFirst(count)
            return count > 0
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard digits() else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() else { return false }
        }
        return bytes.isEmpty
    }

    /// Whether the digits before the exponent are all zero (so a parsed 0 is not an underflow).
    private static func isZeroMantissa(_ text: String) -> Bool {
        text.utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
            .allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }
}
