/// How a position's `character` counts along a line (LSP 3.17 `PositionEncodingKind`): UTF-16 code
/// units (the protocol's default), UTF-8 bytes, or Unicode scalars (UTF-32).
package enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The encoding for a client: the first of its `general.positionEncodings` this server knows, in
    /// the client's order of preference; UTF-16 when it offers none (LSP 3.17, `positionEncodings`).
    static func chosen(from offered: JSONValue) -> PositionEncoding {
        for kind in offered.array ?? [] {
            if let name = kind.string, let encoding = PositionEncoding(rawValue: name) { return encoding }
        }
        return .utf16
    }
}

/// A line and a character on it, both from 0 (LSP `Position`), in the session's ``PositionEncoding``.
package struct Position: Hashable, Sendable, Comparable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(_ json: JSONValue) {
        guard let line = json["line"].integer, let character = json["character"].integer, line >= 0, character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }

    var json: JSONValue { ["line": .integer(line), "character": .integer(character)] }

    package static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// A start and an end position (end exclusive; LSP `Range`).
package struct TextRange: Hashable, Sendable {
    package var start: Position
    package var end: Position

    package init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    init?(_ json: JSONValue) {
        guard let start = Position(json["start"]), let end = Position(json["end"]), start <= end else { return nil }
        self.init(start: start, end: end)
    }

    var json: JSONValue { ["start": start.json, "end": end.json] }

    func contains(_ position: Position) -> Bool { start <= position && position <= end }
}

/// The lines of one text, for turning byte offsets into positions and back in one encoding.
///
/// Lines end at `\n`, `\r\n` or a lone `\r` (LSP 3.17, "Text Documents"). Finding a line is a binary
/// search; a character is counted along its own line only, so each conversion costs the line's length.
package struct LineTable: Sendable {
    package let bytes: [UInt8]
    /// The byte offset where each line starts.
    private let starts: [Int]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 10 {
                starts.append(index + 1)
            } else if byte == 13 {
                if index + 1 < bytes.count, bytes[index + 1] == 10 { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        self.starts = starts
    }

    package var lineCount: Int { starts.count }

    /// Where line `line` (from 0) starts, and where its text ends (before its line break).
    package func lineBounds(_ line: Int) -> Range<Int> {
        let line = min(max(line, 0), starts.count - 1)
        let start = starts[line]
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        if end > start, bytes[end - 1] == 10 { end -= 1 }
        if end > start, bytes[end - 1] == 13 { end -= 1 }
        return start..<end
    }

    /// The line (from 0) holding byte `offset`.
    package func line(of offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The position of byte `offset` (clamped to the text; an offset inside a character counts from
    /// that character's start).
    package func position(of offset: Int, in encoding: PositionEncoding) -> Position {
        let offset = min(max(offset, 0), bytes.count)
        let line = line(of: offset)
        let bounds = lineBounds(line)
        let end = min(offset, bounds.upperBound)
        return Position(line: line, character: Self.count(bytes[bounds.lowerBound..<end], in: encoding))
    }

    /// The byte offset of `position`; a character past the line's end is its end (LSP 3.17), a line
    /// past the last is the text's end.
    package func offset(of position: Position, in encoding: PositionEncoding) -> Int {
        guard position.line < starts.count else { return bytes.count }
        let bounds = lineBounds(position.line)
        var remaining = position.character
        var index = bounds.lowerBound
        while index < bounds.upperBound, remaining > 0 {
            let width = Self.scalarWidth(bytes[index])
            let units =
                switch encoding {
                case .utf8: width
                case .utf16: width == 4 ? 2 : 1
                case .utf32: 1
                }
            if units > remaining { break }
            remaining -= units
            index = min(index + width, bounds.upperBound)
        }
        return index
    }

    /// The range of bytes `range`.
    package func range(of range: Range<Int>, in encoding: PositionEncoding) -> TextRange {
        TextRange(
            start: position(of: range.lowerBound, in: encoding), end: position(of: range.upperBound, in: encoding))
    }

    /// The byte `scalars` Unicode scalars after `offset`, on the same line at most.
    package func offset(advancing scalars: Int, from offset: Int) -> Int {
        let bounds = lineBounds(line(of: offset))
        var index = offset
        var remaining = scalars
        while remaining > 0, index < bounds.upperBound {
            index = min(index + Self.scalarWidth(bytes[index]), bounds.upperBound)
            remaining -= 1
        }
        return index
    }

    /// The length of a UTF-8 sequence from its first byte (1 for a stray continuation or invalid byte,
    /// which decoding replaces with one U+FFFD).
    static func scalarWidth(_ first: UInt8) -> Int {
        switch first {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC2...0xDF: 2
        default: 1
        }
    }

    /// The characters of `slice` counted in `encoding`.
    static func count(_ slice: ArraySlice<UInt8>, in encoding: PositionEncoding) -> Int {
        if encoding == .utf8 { return slice.count }
        var count = 0
        var index = slice.startIndex
        while index < slice.endIndex {
            let width = scalarWidth(slice[index])
            count += encoding == .utf16 && width == 4 ? 2 : 1
            index += width
        }
        return count
    }
}
