import FlowModel

/// What generated link builders call (`Flows.SocialLink.posts(postID: 5)` is `"/posts/5"`): one placeholder
/// value as a path segment that ``FlowCoordinator/open(_:)`` reads back as that value (docs/RUNNING.md,
/// "Deep links").
public enum DeepLinkPath {
    /// `value` as a URL path segment: an `int` or `bool` as its text (`5`, `true`), a `double` as the
    /// shortest decimal that reads back as the same number (`2.5`, `1e20`), a `string` percent-encoded as
    /// UTF-8 except the unreserved characters of RFC 3986 (letters, digits, `-`, `.`, `_`, `~`), so `/`,
    /// `?`, `#` and `%` stay inside the segment.
    ///
    /// A value the runtime refuses in a URL gives a link the coordinator refuses, with the reason, when it
    /// is opened (``FlowRuntimeError/linkURLInvalid(url:because:)``): an empty string (an empty segment), a
    /// string `.` or `..` (a dot segment), a control character, a double that is not finite.
    public static func segment(_ value: some FlowValueConvertible) -> String {
        switch value.flowValue {
        case .int(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .double(let number):
            let text = String(number)
            // Swift writes large and small numbers as `1e+20`; the link reader takes no `+` in the exponent.
            return text.filter { $0 != "+" }
        case .string(let text): return percentEncoded(text)
        }
    }

    /// `text` with every byte of its UTF-8 other than an unreserved character written `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(digits[Int(byte >> 4)])
                encoded.unicodeScalars.append(digits[Int(byte & 0xF)])
            }
        }
        return encoded
    }
}
