import FlowDefinitions
import Foundation
import Testing

/// `SourceLocation` keeps line, column and offset in 32 bits and the path and alias origin in an interned
/// table (``SourceFile``): what it
/// stores must read back, compare and encode as the plain fields did.
struct SourceLocationTests {
    static let origin = SourceLocation.AliasOrigin(anchor: "base", line: 3, column: 9, offset: 41)

    @Test func fieldsReadBackAndMutate() {
        var location = SourceLocation(file: "Flows/a.yaml", line: 12, column: 7, offset: 300, copiedFrom: Self.origin)
        #expect(location.line == 12)
        #expect(location.column == 7)
        #expect(location.offset == 300)
        #expect(location.copiedFrom == Self.origin)
        location.column += 2
        location.line = 13
        location.copiedFrom = nil
        #expect(location == SourceLocation(file: "Flows/a.yaml", line: 13, column: 9, offset: 300))
        #expect(location.description == "Flows/a.yaml:13:9")
    }

    @Test func equalityAndHashingLookAtTheOriginsValueNotItsBox() {
        let first = SourceLocation(file: "a.yaml", line: 1, column: 2, offset: 1, copiedFrom: Self.origin)
        let second = SourceLocation(file: "a.yaml", line: 1, column: 2, offset: 1, copiedFrom: Self.origin)
        let plain = SourceLocation(file: "a.yaml", line: 1, column: 2, offset: 1)
        #expect(first == second)
        #expect(Set([first, second, plain]).count == 2)
        #expect(first != plain)
    }

    @Test func aLineColumnOrOffsetPast32BitsReadsAsTheLargestOne() {
        let location = SourceLocation(file: "a.yaml", line: 5_000_000_000, column: -3, offset: 5_000_000_000)
        #expect(location.line == Int(UInt32.max))
        #expect(location.column == 0)
        #expect(location.offset == Int(UInt32.max))
    }

    @Test func aLocationIsSixteenPlainBytesWhateverItsFileOrOrigin() {
        #expect(MemoryLayout<FlowDefinitions.SourceLocation>.size == 16)
        let long = String(repeating: "folder/", count: 40) + "flow.yaml"
        var location = SourceLocation(file: SourceFile(path: long), line: 3, column: 4, offset: 20)
        #expect(location.file == long)
        #expect(location == SourceLocation(file: long, line: 3, column: 4, offset: 20))
        location.copiedFrom = Self.origin
        #expect(location.file == long)
        #expect(location.copiedFrom == Self.origin)
        #expect(location.sourceFile == SourceFile(path: long))
        location.file = "b.yaml"
        #expect(location.description == "b.yaml:3:4")
        #expect(location.copiedFrom == Self.origin)
        #expect(!(SourceLocation(file: "b.yaml", line: 9, column: 1, offset: 0) < location))
        #expect(SourceLocation(file: "a.yaml", line: 9, column: 1, offset: 0) < location)
    }

    @Test func codableKeepsTheFieldNames() throws {
        let location = SourceLocation(file: "a.yaml", line: 4, column: 5, offset: 6, copiedFrom: Self.origin)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(location), as: UTF8.self)
        #expect(
            text
                == #"{"column":5,"copiedFrom":{"anchor":"base","column":9,"line":3,"offset":41},"file":"a.yaml","line":4,"offset":6}"#
        )
        #expect(try JSONDecoder().decode(SourceLocation.self, from: Data(text.utf8)) == location)
        let plain = String(
            decoding: try encoder.encode(SourceLocation(file: "b", line: 1, column: 1, offset: 0)), as: UTF8.self)
        #expect(plain == #"{"column":1,"file":"b","line":1,"offset":0}"#)
    }
}
