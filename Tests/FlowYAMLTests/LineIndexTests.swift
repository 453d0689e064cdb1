import Testing

@testable import FlowYAML

@Suite("LineIndex")
struct LineIndexTests {
    /// Byte offset of every character index, computed the slow, obvious way.
    func expectedOffsets(_ bytes: [UInt8], bom: Int) -> [Int] {
        var offsets: [Int] = []
        var index = bom
        while index < bytes.count {
            offsets.append(index)
            let lead = bytes[index]
            index += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        }
        offsets.append(bytes.count)
        return offsets
    }

    func check(_ bytes: [UInt8], bom: Int = 0) {
        let expected = expectedOffsets(bytes, bom: bom)
        bytes.withUnsafeBufferPointer { buffer in
            var index = LineIndex(bytes: buffer)
            #expect(index.bomLength == bom)
            // Forward, then backward (checkpoint jumps), then a scattered order.
            for character in expected.indices {
                #expect(index.byteOffset(ofCharacter: character) == expected[character])
            }
            for character in expected.indices.reversed() {
                #expect(index.byteOffset(ofCharacter: character) == expected[character])
            }
            var character = 7
            for _ in 0..<500 {
                character = (character * 7919 + 13) % expected.count
                #expect(index.byteOffset(ofCharacter: character) == expected[character])
            }
        }
    }

    @Test func asciiText() {
        check(Array(String(repeating: "flow: sample\n  on: { next: done }\n", count: 60).utf8))
    }

    @Test func mixedWidthText() {
        check(Array(String(repeating: "é😀 名前 x\r\n", count: 200).utf8))
    }

    @Test func byteOrderMarkIsSkipped() {
        check([0xEF, 0xBB, 0xBF] + Array(String(repeating: "ab é\n", count: 300).utf8), bom: 3)
    }

    @Test func positionOfByteCountsLinesAndScalars() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a\r\nbé\rc\u{85}d\u{2028}e😀f\n".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let index = LineIndex(bytes: buffer)
            #expect(index.position(ofByte: 3) == (1, 1))  // "a"
            #expect(index.position(ofByte: 6) == (2, 1))  // "b" after CR LF
            #expect(index.position(ofByte: 9) == (2, 3))  // CR after "bé"
            #expect(index.position(ofByte: 10) == (3, 1))  // "c" after CR
            #expect(index.position(ofByte: 13) == (4, 1))  // "d" after NEL
            #expect(index.position(ofByte: 17) == (5, 1))  // "e" after LINE SEPARATOR
            #expect(index.position(ofByte: 22) == (5, 3))  // "f" after "e😀"
        }
    }
}
