import FlowDefinitions
import FlowModel
import Testing

@testable import FlowCompiler

/// Columns count Unicode scalars (as documented), but the caret line is drawn in
/// terminal cells, so it sits under the token after wide characters and emoji.
@Suite struct WideCharacterCaretTests {
    private func snippet(_ text: String, line: Int, column: Int, offset: Int, endColumn: Int? = nil) -> (
        String, String
    )? {
        SourceSnippet.lines(
            for: SourceLocation(file: "f.yaml", line: line, column: column, offset: offset),
            endColumn: endColumn, in: Array(text.utf8))
    }

    /// Before: `"学术界🔥"` before the bad token drew the caret 4 cells to the left.
    @Test func theCaretSitsUnderTheTokenAfterWideCharacters() throws {
        let text = "flow: x\ntitle: \"学术界🔥\" start:: library\n"
        let offset = Array("flow: x\ntitle: \"学术界🔥\" ".utf8).count
        let (line, marker) = try #require(snippet(text, line: 2, column: 15, offset: offset))
        #expect(line == "title: \"学术界🔥\" start:: library")
        #expect(marker == String(repeating: " ", count: 18) + "^")
    }

    /// The `~` run under a wide token covers its cells.
    @Test func theUnderlineCoversAWideToken() throws {
        let text = "  home: { on: { go: { push: \"学术界🔥\" } } }\n"
        let offset = Array("  home: { on: { go: { push: ".utf8).count
        let (_, marker) = try #require(snippet(text, line: 1, column: 29, offset: offset, endColumn: 35))
        #expect(marker == String(repeating: " ", count: 28) + "^~~~~~~~~~")  // 10 cells: the quotes, 3 wide, an emoji
    }

    @Test func combiningMarksAndJoinersTakeNoCells() {
        #expect(DisplayWidth.cells(of: "e\u{301}".unicodeScalars) == 1)
        #expect(DisplayWidth.cells(of: "👩\u{200D}💻".unicodeScalars) == 4)
        #expect(DisplayWidth.cells(of: "ｆｕｌｌ".unicodeScalars) == 8)
        #expect(DisplayWidth.cells(of: "abc\t".unicodeScalars) == 4)
    }

    /// ASCII is answered without a property lookup: one cell each, controls included, as before; the
    /// first format character above ASCII (the soft hyphen) and combining marks still take none.
    @Test func everyASCIIScalarTakesOneCell() {
        let ascii = (0..<128).compactMap(Unicode.Scalar.init(_:))
        #expect(ascii.count == 128)
        #expect(ascii.filter { DisplayWidth.cells(of: $0) != 1 }.isEmpty)
        #expect(DisplayWidth.cells(of: Unicode.Scalar(0xAD)!) == 0)
        #expect(DisplayWidth.cells(of: Unicode.Scalar(0x301)!) == 0)
        #expect(DisplayWidth.cells(of: Unicode.Scalar(0xE9)!) == 1)
    }

    /// A snippet's line ends at every break libyaml counts (LF, CR, NEL, LS, PS), and only there: `é`,
    /// `©` and `…` end with the same continuation bytes as NEL, LS and PS (A9, 85, A8) but break nothing.
    @Test func aSnippetLineEndsAtEveryLineBreakAndNowhereElse() throws {
        let before = "a: 1\u{85}b: 2\u{2028}c: 3\u{2029}"
        let text = before + "é© …x: bad\u{85}d: 4\u{2028}"
        let offset = Array((before + "é© …").utf8).count
        let (line, marker) = try #require(snippet(text, line: 4, column: 5, offset: offset, endColumn: 6))
        #expect(line == "é© …x: bad")
        #expect(marker == "    ^")
        let (first, _) = try #require(snippet(text, line: 1, column: 1, offset: 0))
        #expect(first == "a: 1")
        let (second, _) = try #require(snippet(text, line: 2, column: 1, offset: Array("a: 1\u{85}".utf8).count))
        #expect(second == "b: 2")
    }

    /// Columns stay in scalars in every format: the validator still reports column 29.
    @Test func columnsStayInScalars() {
        let result = FlowValidation.validate(sources: [
            ("f.yaml", Array("flow: x\nstart: home\nscreens:\n  home: { on: { go: { push: \"学术界🔥\" } } }\n".utf8))
        ])
        #expect(
            result.diagnostics.map { "\($0.code) \($0.location.line):\($0.location.column)" }.contains("FC106 4:29"))
    }
}
