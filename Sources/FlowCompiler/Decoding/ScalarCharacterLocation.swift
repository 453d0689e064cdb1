import FlowModel
import FlowYAML

/// Where a character of a scalar's value was written in the source: the value of `"(a)\\1"` is `(a)\1`,
/// and its fourth character, `\`, was written as `\\` at the scalar's column + 4. Columns count Unicode
/// scalars, as every source location does.
///
/// Handled: scalars written on one line, plain, single-quoted (`''` is one `'`) or double-quoted (escapes
/// `\x..`, `\u....`, `\U........` and one-character escapes), after any anchor (`&name`) or tag (`!!str`,
/// `!<…>`) written before them on that line (a node's start includes these). Anything else — a block or
/// multi-line scalar, an alias — gives nil, and the caller points at the scalar's start.
enum ScalarCharacterLocation {
    /// The location of the value's character at `index` (0-based, in Unicode scalars), or nil. `index`
    /// may equal the value's length: the place just after its last character (a closing quote, say).
    /// - Parameters:
    ///   - document: the loaded file `node` belongs to.
    ///   - start: the location of `node` (its first character).
    ///   - source: the bytes of the file `node` was read from.
    static func location(
        ofCharacter index: Int, in node: YAMLNodeRef, of document: YAMLDocument, start: SourceLocation, source: [UInt8]
    ) -> SourceLocation? {
        let (nodeStart, nodeEnd) = (document.start(of: node), document.end(of: node))
        guard index >= 0, !document.isAliased(node), nodeStart.line == nodeEnd.line,
            let value = document.scalar(of: node), let style = document.style(of: node), index <= value.unicodeScalars.count,
            nodeStart.offset >= 0, nodeEnd.offset <= source.count, nodeStart.offset < nodeEnd.offset else { return nil }
        let written = String(decoding: source[nodeStart.offset..<nodeEnd.offset], as: UTF8.self).unicodeScalars
        var column = 0
        var bytes = 0
        func advance(_ scalar: Unicode.Scalar) {
            column += 1
            bytes += UTF8.width(scalar)
        }
        // Node properties before the scalar: each is one run of non-blank characters, then blanks.
        var rest = Substring.UnicodeScalarView(written)
        while let first = rest.first, first == "&" || first == "!" {
            while let scalar = rest.first, scalar != " ", scalar != "\t" {
                advance(scalar)
                rest.removeFirst()
            }
            guard rest.first != nil else { return nil }
            while let scalar = rest.first, scalar == " " || scalar == "\t" {
                advance(scalar)
                rest.removeFirst()
            }
        }
        var scalars = rest.makeIterator()
        switch style {
        case .plain:
            guard rest.first != nil else { return nil }
        case .singleQuoted:
            guard scalars.next() == "'" else { return nil }
            advance("'")
        case .doubleQuoted:
            guard scalars.next() == "\"" else { return nil }
            advance("\"")
        case .literal, .folded:
            return nil
        }
        var location = start
        // Skip the written form of each value character before `index`.
        for _ in 0..<index {
            guard let scalar = scalars.next() else { return nil }
            advance(scalar)
            switch (style, scalar) {
            case (.singleQuoted, "'"):
                guard let quote = scalars.next() else { return nil }
                advance(quote)
            case (.doubleQuoted, "\\"):
                guard let escape = scalars.next() else { return nil }
                advance(escape)
                let digits = switch escape {
                case "x": 2
                case "u": 4
                case "U": 8
                default: 0
                }
                for _ in 0..<digits {
                    guard let digit = scalars.next() else { return nil }
                    advance(digit)
                }
            default:
                break
            }
        }
        location.column += column
        location.offset += bytes
        return location
    }
}
