/// Text from flow files made safe to print on a terminal or in a CI log.
///
/// YAML escapes (`"\e[31m"`, `"\r\n"`) can put control characters into names that messages
/// repeat; printed raw they would recolour the terminal or forge a `file:line:col: error:` line
/// that editors and problem matchers pick up.
enum TerminalSafeText {
    /// `text` with every control character (C0, DEL, C1, and the line and paragraph separators
    /// U+2028/U+2029) written as a Swift-style escape: `\u{1B}`, `\r`, `\n`, `\t`.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A source line for a snippet: tabs kept (the caret line repeats them), every other control
    /// character shown as U+FFFD so that columns still line up.
    static func sourceLine(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: { $0 != "\t" && isControl($0) }) else { return line }
        return String(
            String.UnicodeScalarView(line.unicodeScalars.map { $0 != "\t" && isControl($0) ? "\u{FFFD}" : $0 }))
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
