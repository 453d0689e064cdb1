/// A `///` doc comment: paragraphs of text made safe for a Swift comment, wrapped at word boundaries so
/// no line of text is longer than ``width`` characters (a longer word stays whole).
///
/// Text from flow files (a flow's `description`) is copied line by line (any line break, Unicode's
/// separators included, ends a line); other control characters and bidirectional formatting characters
/// are replaced by spaces, so a description can neither end the comment nor make the source read
/// differently from how it compiles.
struct SwiftDocComment {
    private(set) var lines: [String] = []
    /// The longest line of text, after `/// `.
    static let width = 100

    init(_ paragraphs: String?...) {
        for paragraph in paragraphs.compactMap({ $0 }) where !paragraph.isEmpty { add(paragraph) }
    }

    /// Appends a paragraph (separated from the previous one by an empty `///` line).
    mutating func add(_ paragraph: String) {
        if !lines.isEmpty { lines.append("///") }
        // Any line break ends a line: `\n`, `\r\n` (one Character), `\r`, U+0085, U+2028, U+2029.
        var split = paragraph.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(Self.sanitized)
        while split.last?.isEmpty == true { split.removeLast() }
        for text in split {
            if text.isEmpty { lines.append("///") }
            for wrapped in Self.wrapped(text) { lines.append("/// " + wrapped) }
        }
    }

    /// Appends a `- Throws:` or other field, its continuation lines indented under its text.
    mutating func field(_ text: String) {
        for (index, wrapped) in Self.wrapped(Self.sanitized(Substring(text))).enumerated() {
            lines.append((index == 0 ? "/// - " : "///   ") + wrapped)
        }
    }

    /// `text` broken at spaces into lines of at most ``width`` characters.
    private static func wrapped(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !current.isEmpty, current.count + 1 + word.count > width {
                result.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    private static func sanitized(_ text: Substring) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                result += " "
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        while result.last == " " { result.removeLast() }
        return result
    }
}
