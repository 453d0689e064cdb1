import FlowYAML
import Testing

@Suite("Locations, encodings and syntax errors")
struct LocationTests {
    // MARK: syntax errors

    @Test func mappingValueInPlainScalar() throws {
        let error = try #require(loadError("flow: a\ntitle: a: b\n"))
        #expect(error.kind == .syntax)
        #expect(
            error.message
                == "mapping values are not allowed in this context; quote the value if it contains ': ', or fix the indentation"
        )
        #expect(error.mark == mark(2, 9, 16))
        #expect(error.notes.isEmpty)
    }

    @Test func unclosedFlowSequenceHasContextNote() throws {
        let error = try #require(loadError("a: [1, 2\nb: 3\n"))
        #expect(error.kind == .syntax)
        #expect(
            error.message
                == "while parsing a flow sequence: did not find expected ',' or ']'; separate items with ',' and close the sequence with ']'"
        )
        #expect(error.mark == mark(2, 2, 10))
        #expect(error.notes == [YAMLNote(message: "the flow sequence starts here", mark: mark(1, 4, 3))])
    }

    @Test func unclosedQuote() throws {
        let error = try #require(loadError("key: \"abc\n"))
        #expect(error.kind == .syntax)
        #expect(
            error.message == "while scanning a quoted scalar: found unexpected end of stream; close the quoted string")
        #expect(error.mark == mark(1, 10, 9))  // the end of the only line, not a line 2 the file lacks
        #expect(error.notes == [YAMLNote(message: "the quoted scalar starts here", mark: mark(1, 6, 5))])
    }

    @Test func badIndentation() throws {
        let error = try #require(loadError("a:\n  b: 1\n c: 2\n"))
        #expect(error.kind == .syntax)
        #expect(
            error.message
                == "while parsing a block mapping: did not find expected key; check the indentation of this line")
        #expect(error.mark == mark(3, 2, 11))
        #expect(error.notes == [YAMLNote(message: "the block mapping starts here", mark: mark(1, 1, 0))])
    }

    @Test func missingColonAfterSimpleKey() throws {
        let error = try #require(loadError("flow: a\nscreens\nnext: b\n"))
        #expect(error.kind == .syntax)
        #expect(
            error.message
                == "while scanning a simple key: could not find expected ':'; add ':' after the key, or quote the text if it is not a key"
        )
        #expect(error.mark == mark(3, 1, 16))
        #expect(error.notes == [YAMLNote(message: "the simple key starts here", mark: mark(2, 1, 8))])
    }

    @Test func characterThatCannotStartAToken() throws {
        let error = try #require(loadError("a: `b`\n"))
        #expect(error.kind == .syntax)
        #expect(
            error.message
                == "while scanning for the next token: found character that cannot start any token; fix the YAML syntax here"
        )
        #expect(error.mark == mark(1, 4, 3))
        #expect(error.notes.isEmpty)
    }

    @Test func syntaxErrorContextFarBackInMultiByteText() throws {
        // The context mark lies ~600 scalars before the problem mark; the
        // character-to-byte mapping must jump back correctly.
        let items = Array(repeating: "é", count: 300).joined(separator: ", ")
        let text = "a: [" + items + "\nb: 3\n"
        let error = try #require(loadError(text))
        #expect(error.kind == .syntax)
        let lineTwo = 4 + 300 * 2 + 299 * 2 + 1  // "a: [" + é×300 (2 bytes each) + ", "×299 + "\n"
        #expect(error.mark == mark(2, 2, lineTwo + 1))
        #expect(error.notes.map(\.mark) == [mark(1, 4, 3)])
    }

    // MARK: tabs

    @Test func tabIndentationGetsAHelpfulMessage() throws {
        let error = try #require(loadError("flow: x\nscreens:\n\thome: 1\n"))
        #expect(error.kind == .syntax)
        #expect(
            error.message
                == "found a tab character where indentation or a value was expected; YAML forbids tabs for indentation, use spaces"
        )
        #expect(error.mark == mark(3, 1, 17))
        #expect(error.notes.isEmpty)
    }

    @Test func tabInBlockScalarIndentation() throws {
        let error = try #require(loadError("a: |\n  x\n\ty\n"))
        #expect(error.kind == .syntax)
        #expect(
            error.message
                == "found a tab character where an indentation space is expected; YAML forbids tabs for indentation, use spaces"
        )
        #expect(error.mark == mark(3, 1, 9))
        #expect(error.notes == [YAMLNote(message: "the block scalar starts here", mark: mark(1, 4, 3))])
    }

    @Test func tabInsideValuesIsFine() throws {
        let root = try YAMLLoader.load("a: \"x\ty\"\nb: x\ty\n")
        #expect(root.value(forKey: "a")?.scalar == "x\ty")
        #expect(root.value(forKey: "b")?.scalar == "x\ty")
    }

    // MARK: BOM and line endings

    @Test func byteOrderMarkKeepsLinesAndColumnsButCountsInOffsets() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("flow: sample\nscreens: [a]\n".utf8)
        let root = try YAMLLoader.load(bytes)
        #expect(shape(root) == "{flow: sample, screens: [a]}")
        #expect(root.start == mark(1, 1, 3))
        let entries = try #require(root.mapping)
        #expect(entries[0].key.start == mark(1, 1, 3))
        #expect(entries[0].key.end == mark(1, 5, 7))
        #expect(entries[0].value.start == mark(1, 7, 9))
        #expect(entries[1].key.start == mark(2, 1, 16))
        #expect(entries[1].value.start == mark(2, 10, 25))
        #expect(entries[1].value.sequence?.first?.start == mark(2, 11, 26))
        #expect(try YAMLLoader.load("\u{FEFF}flow: sample\nscreens: [a]\n") == root)
    }

    @Test func byteOrderMarkErrorLocation() throws {
        let error = try #require(loadError([0xEF, 0xBB, 0xBF] + Array("a: 1\na: 2\n".utf8)))
        #expect(error.kind == .duplicateKey)
        #expect(error.mark == mark(2, 1, 8))
        #expect(error.notes.map(\.mark) == [mark(1, 1, 3)])
    }

    @Test func utf16IsRejected() throws {
        for bom: [UInt8] in [[0xFF, 0xFE], [0xFE, 0xFF]] {
            let error = try #require(loadError(bom + [0x61, 0x00]))
            #expect(error.kind == .invalidEncoding)
            #expect(error.message == "file is encoded as UTF-16; save it as UTF-8")
            #expect(error.mark == mark(1, 1, 0))
        }
    }

    /// UTF-32's little-endian mark starts with UTF-16's: it is named as what it is, not as UTF-16.
    @Test func utf32IsRejectedAsUTF32() throws {
        for bom: [UInt8] in [[0xFF, 0xFE, 0x00, 0x00], [0x00, 0x00, 0xFE, 0xFF]] {
            let error = try #require(loadError(bom + [0x61, 0x00, 0x00, 0x00]))
            #expect(error.kind == .invalidEncoding)
            #expect(error.message == "file is encoded as UTF-32; save it as UTF-8")
            #expect(error.mark == mark(1, 1, 0))
        }
    }

    @Test func crlfLineEndings() throws {
        let root = try YAMLLoader.load("flow: a\r\nscreens:\r\n  - home\r\n")
        #expect(shape(root) == "{flow: a, screens: [home]}")
        #expect(root.mapping?[1].key.start == mark(2, 1, 9))
        let home = try #require(root.value(forKey: "screens")?.sequence?.first)
        #expect(home.start == mark(3, 5, 23))
        #expect(home.end == mark(3, 9, 27))
    }

    @Test func crlfErrorLocation() throws {
        let error = try #require(loadError("flow: a\r\nname: b\r\nflow: c\r\n"))
        #expect(error.kind == .duplicateKey)
        #expect(error.mark == mark(3, 1, 18))
    }

    @Test func crlfInBlockScalarBecomesLF() throws {
        let root = try YAMLLoader.load("a: |\r\n  x\r\n  y\r\n")
        #expect(root.value(forKey: "a")?.content == .scalar("x\ny\n", .literal))
    }

    @Test func crOnlyLineEndings() throws {
        let root = try YAMLLoader.load("a: 1\rb: 2\r")
        #expect(root.mapping?[1].key.start == mark(2, 1, 5))
    }

    // MARK: invalid UTF-8 and control characters

    @Test func invalidByteInTheMiddleOfLineThree() throws {
        let bytes = Array("flow: a\nname: b\ntitle: ab".utf8) + [0xFF] + Array("cd\n".utf8)
        let error = try #require(loadError(bytes))
        #expect(error.kind == .invalidEncoding)
        #expect(error.message == "invalid UTF-8 byte 0xFF; save the file as UTF-8")
        #expect(error.mark == mark(3, 10, 25))
    }

    @Test func invalidByteAfterMultiByteCharacters() throws {
        let bytes = Array("flow: a\r\ntitle: é😀".utf8) + [0xC0, 0x41]
        let error = try #require(loadError(bytes))
        #expect(error.kind == .invalidEncoding)
        // "title: é😀" is 9 scalars but 13 bytes.
        #expect(error.mark == mark(2, 10, 22))
    }

    @Test func truncatedSequenceIsReportedAtItsFirstByte() throws {
        let bytes = Array("a: x".utf8) + [0xE2, 0x82] + Array("y\n".utf8)
        let error = try #require(loadError(bytes))
        #expect(error.kind == .invalidEncoding)
        #expect(error.message == "invalid UTF-8 sequence starting with byte 0xE2; save the file as UTF-8")
        #expect(error.mark == mark(1, 5, 4))
    }

    @Test func incompleteSequenceAtEndOfFile() throws {
        let error = try #require(loadError(Array("a: x".utf8) + [0xE2, 0x82]))
        #expect(error.kind == .invalidEncoding)
        #expect(error.message == "incomplete UTF-8 sequence at the end of the file; save the file as UTF-8")
        #expect(error.mark == mark(1, 5, 4))
    }

    @Test func overlongAndSurrogateEncodings() throws {
        let overlong = try #require(loadError(Array("a: ".utf8) + [0xC0, 0xAF]))
        #expect(overlong.kind == .invalidEncoding)
        #expect(overlong.message == "overlong UTF-8 sequence; save the file as UTF-8")
        #expect(overlong.mark == mark(1, 4, 3))
        let surrogate = try #require(loadError(Array("a: ".utf8) + [0xED, 0xA0, 0x80]))
        #expect(surrogate.kind == .invalidEncoding)
        #expect(
            surrogate.message
                == "invalid Unicode character 0xD800 (a surrogate or beyond U+10FFFF); save the file as UTF-8")
        #expect(surrogate.mark == mark(1, 4, 3))
    }

    @Test func invalidByteFarIntoALargeFile() throws {
        let prefix = (0..<3000).map { "key\($0): value\n" }.joined()
        let error = try #require(loadError(Array(prefix.utf8) + [0x78, 0xFF]))
        #expect(error.kind == .invalidEncoding)
        #expect(error.mark == mark(3001, 2, prefix.utf8.count + 1))
    }

    @Test func controlCharacter() throws {
        let error = try #require(loadError("a: \"\u{01}\"\n"))
        #expect(error.kind == .invalidEncoding)
        #expect(
            error.message
                == "control character U+0001 is not allowed in YAML; remove it, or write it as an escape such as \"\\u0001\" in a double-quoted string"
        )
        #expect(error.mark == mark(1, 5, 4))
    }

    @Test func nulByte() throws {
        let error = try #require(loadError(Array("a: b".utf8) + [0x00]))
        #expect(error.kind == .invalidEncoding)
        #expect(error.message.hasPrefix("control character U+0000 is not allowed in YAML; "))
        #expect(error.mark == mark(1, 5, 4))
    }

    // MARK: multi-byte characters

    @Test func columnsCountScalarsAndOffsetsCountBytes() throws {
        let root = try YAMLLoader.load("名前: é😀x\nemoji: [😀, b]\n")
        let entries = try #require(root.mapping)
        #expect(entries[0].key.scalar == "名前")
        #expect(entries[0].key.start == mark(1, 1, 0))
        #expect(entries[0].key.end == mark(1, 3, 6))
        #expect(entries[0].value.scalar == "é😀x")
        #expect(entries[0].value.start == mark(1, 5, 8))
        #expect(entries[0].value.end == mark(1, 8, 15))
        let emoji = try #require(entries[1].value.sequence)
        #expect(entries[1].value.start == mark(2, 8, 23))
        #expect(emoji[0].start == mark(2, 9, 24))
        #expect(emoji[0].end == mark(2, 10, 28))
        #expect(emoji[1].start == mark(2, 12, 30))
    }

    @Test func combiningMarksCountAsSeparateScalars() throws {
        // "e" + U+0301 is one grapheme but two Unicode scalars (1 + 2 bytes).
        let root = try YAMLLoader.load("- e\u{301} x\n- y\n")
        #expect(root.sequence?[0].end == mark(1, 7, 7))
        #expect(root.sequence?[1].start == mark(2, 3, 10))
    }

    @Test func longMultiByteDocumentKeepsOffsetsExact() throws {
        // Many non-ASCII lines, so offsets cross many index checkpoints.
        let lines = (0..<2000).map { "ключ\($0): значение 😀 \($0)\n" }
        let root = try YAMLLoader.load(lines.joined())
        let entries = try #require(root.mapping)
        var offset = 0
        for (index, line) in lines.enumerated() {
            #expect(entries[index].key.start == mark(index + 1, 1, offset))
            let valueColumn = "ключ\(index): ".unicodeScalars.count + 1
            #expect(entries[index].value.start == mark(index + 1, valueColumn, offset + "ключ\(index): ".utf8.count))
            offset += line.utf8.count
        }
    }
}
