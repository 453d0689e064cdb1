import Testing

@testable import FlowLanguageServer

/// Byte offsets to positions and back, per encoding, over every kind of line break.
@Suite struct LineTableTests {
    @Test func positionsAndOffsetsRoundTrip() {
        let table = LineTable(Array("a\r\nbé😀c\rd\n".utf8))
        #expect(table.lineCount == 4)
        #expect(table.lineBounds(1) == 3..<11)
        #expect(table.position(of: 10, in: .utf16) == Position(line: 1, character: 4))
        #expect(table.position(of: 10, in: .utf8) == Position(line: 1, character: 7))
        #expect(table.position(of: 10, in: .utf32) == Position(line: 1, character: 3))
        #expect(table.offset(of: Position(line: 1, character: 4), in: .utf16) == 10)
        #expect(table.offset(of: Position(line: 1, character: 3), in: .utf32) == 10)
        // Past the line's end is its end; past the last line is the text's end; inside a surrogate pair
        // stays before the character.
        #expect(table.offset(of: Position(line: 0, character: 99), in: .utf16) == 1)
        #expect(table.offset(of: Position(line: 9, character: 0), in: .utf16) == 14)
        #expect(table.offset(of: Position(line: 1, character: 3), in: .utf16) == 6)
        #expect(table.position(of: 12, in: .utf16) == Position(line: 2, character: 0))
    }
}
