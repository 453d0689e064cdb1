import FlowYAML
import Testing

/// `YAMLNode.scalarSpans(in:)`: where the text of each scalar is, so a `#` there is not a comment.
struct ScalarSpanTests {
    static func spans(_ text: String) throws -> [String] {
        let bytes = Array(text.utf8)
        let root = try YAMLLoader.load(bytes)
        return root.scalarSpans(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    @Test func everyWrittenScalarInDocumentOrder() throws {
        #expect(
            try Self.spans("a: 'x # y'  # comment\nb: \"q\"\nc: plain # comment\n")
                == ["a", "'x # y'", "b", "\"q\"", "c", "plain"])
    }

    /// A block scalar's span starts on the line after its indicator, so the indicator line's comment
    /// stays outside; aliases add nothing (their content is written at the anchor).
    @Test func blockScalarsStartAfterTheIndicatorLine() throws {
        // An anchored scalar's span begins at its anchor, as libyaml marks it.
        #expect(
            try Self.spans("t: |  # real\n  # text\n  more\nu: &a v\nw: *a\n")
                == ["t", "  # text\n  more\n", "u", "&a v", "w"])
    }
}
