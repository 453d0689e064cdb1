import FlowDefinitions
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
        guard index >= 0 else { return nil }
        return Locator(node, of: document, start: start, source: source)?.location(ofCharacter: index)
    }

    /// Where each character of one scalar's value was written, found in one pass over the scalar, so a
    /// caller that locates many of its characters (a link pattern's segments) takes linear time.
    struct Locator {
        private let start: SourceLocation
        /// For each value character index that can be located (0 up to the value's length), the
        /// Unicode scalars and UTF-8 bytes written before it, from the node's start.
        private let columns: [Int]
        private let bytes: [Int]

        /// Nil when no character of the scalar can be located (see ``ScalarCharacterLocation``).
        /// - Parameters: as ``ScalarCharacterLocation/location(ofCharacter:in:of:start:source:)``.
        init?(_ node: YAMLNodeRef, of document: YAMLDocument, start: SourceLocation, source: [UInt8]) {
            guard let (columns, bytes) = ScalarCharacterLocation.walk(node, of: document, source: source) else {
                return nil
            }
            self.start = start
            self.columns = columns
            self.bytes = bytes
        }

        /// The location of the value's character at `index`, or nil past what could be located.
        func location(ofCharacter index: Int) -> SourceLocation? {
            guard index >= 0, index < columns.count else { return nil }
            var location = start
            location.column += columns[index]
            location.offset += bytes[index]
            return location
        }
    }

    /// The scalars and bytes written before each value character of `node` (see ``Locator``), or nil.
    private static func walk(_ node: YAMLNodeRef, of document: YAMLDocument, source: [UInt8]) -> (
        columns: [Int], bytes: [Int]
    )? {
        let (nodeStart, nodeEnd) = (document.start(of: node), document.end(of: node))
        guard !document.isAliased(node), nodeStart.line == nodeEnd.line,
            let value = document.scalar(of: node), let style = document.style(of: node),
            nodeStart.offset >= 0, nodeEnd.offset <= source.count, nodeStart.offset < nodeEnd.offset
        else { return nil }
        let count = value.unicodeScalars.count
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
        var columns = [column]
        var bytesBefore = [bytes]
        columns.reserveCapacity(count + 1)
        bytesBefore.reserveCapacity(count + 1)
        // Skip the written form of each value character, recording where the next one starts; the
        // characters after written text that runs out cannot be located.
        characters: for _ in 0..<count {
            guard let scalar = scalars.next() else { break characters }
            advance(scalar)
            switch (style, scalar) {
            case (.singleQuoted, "'"):
                guard let quote = scalars.next() else { break characters }
                advance(quote)
            case (.doubleQuoted, "\\"):
                guard let escape = scalars.next() else { break characters }
                advance(escape)
                let digits =
                    switch escape {
                    case "x": 2
                    case "u": 4
                    case "U": 8
                    default: 0
                    }
                for _ in 0..<digits {
                    guard let digit = scalars.next() else { break characters }
                    advance(digit)
                }
            default:
                break
            }
            columns.append(column)
            bytesBefore.append(bytes)
        }
        return (columns, bytesBefore)
    }
}
