/// Scanning of script text in one pass over its Unicode scalars (or UTF-8 bytes), so a line of
/// megabytes costs time proportional to its length and nothing per character beyond a comparison:
/// no grapheme breaking, no Foundation bridging.
enum ScriptText {
    /// The lines of `script`, split at `\n`, `\r\n` or `\r`, keeping empty lines (and an empty last
    /// line after a final line end) so that line numbers stay right.
    static func lines(of script: String) -> [String] {
        var lines: [String] = []
        let utf8 = script.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index = utf8.index(after: index)
                continue
            }
            // Line ends are ASCII, so these byte positions are scalar (and character) boundaries.
            lines.append(String(script[start..<index]))
            index = utf8.index(after: index)
            if byte == UInt8(ascii: "\r"), index != utf8.endIndex, utf8[index] == UInt8(ascii: "\n") {
                index = utf8.index(after: index)
            }
            start = index
        }
        lines.append(String(script[start...]))
        return lines
    }

    /// Whether `scalar` is white space (Unicode's White_Space: blanks, tabs, line ends, no-break spaces).
    @inline(__always)
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)
        }
        return scalar.properties.isWhitespace
    }

    /// `text` without white space at either end; looks only at the scalars it removes and the two
    /// it stops at.
    static func trimmed(_ text: Substring) -> String {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start != end, isWhitespace(scalars[start]) { start = scalars.index(after: start) }
        while start != end {
            let before = scalars.index(before: end)
            guard isWhitespace(scalars[before]) else { break }
            end = before
        }
        return String(Substring(scalars[start..<end]))
    }
}
