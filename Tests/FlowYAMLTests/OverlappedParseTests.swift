import FlowYAML
import Testing

/// `YAMLLoader.loadDocument(_:limits:overlapped:)`: libyaml's parse on a second thread feeding the builder
/// in batches of copied events gives exactly the document, or the first error, of a build on one thread,
/// wherever the batches are cut.
@Suite("Overlapped parse")
struct OverlappedParseTests {
    /// A document of many batches (about 6 events per entry, 2,048 events per batch).
    static func large(entries: Int) -> String {
        var text = "flow: big\nanchored: &shared {k: v, w: [1, 2]}\nscreens:\n"
        for index in 0..<entries {
            text += "  s\(index):\n    title: \"Écran \(index)\"\n    tags: [a, 'b', !!str c]\n"
        }
        return text
    }

    @Test func largeDocumentsAreIdentical() {
        for entries in [0, 1, 300, 341, 342, 2_000] {
            let bytes = Array(Self.large(entries: entries).utf8)
            let sequential = loadResult(bytes, overlapped: false)
            #expect(throws: Never.self) { try sequential.get() }
            #expect(sequential == loadResult(bytes, overlapped: true))
        }
    }

    /// An error at the end of a large document, after many batches, at a batch's first and last events,
    /// and errors the builder finds while the parser runs ahead.
    @Test func errorsAfterManyBatchesAreIdentical() {
        let base = Self.large(entries: 2_000)
        let endings = [
            "  s1:\n    title: again\n",  // a duplicate key
            "  bad: [unclosed\n",  // a syntax error
            "  tab:\n\t- x\n",  // a tab
            "  alias: *missing\n",  // an unknown anchor
            "  deep: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
            "  merged: {<<: *shared}\n",  // a merge key
            "  tagged: !custom x\n",  // an unsupported tag
            "---\nsecond: document\n",  // a second document
            "  ? [a]\n  : b\n",  // a non-scalar key
        ]
        for ending in endings {
            let bytes = Array((base + ending).utf8)
            let sequential = loadResult(bytes, overlapped: false)
            #expect(throws: YAMLError.self) { try sequential.get() }
            #expect(sequential == loadResult(bytes, overlapped: true), "\(ending)")
        }
        var invalid = Array(base.utf8)
        invalid.insert(0xFF, at: invalid.count - 10)
        #expect(loadResult(invalid, overlapped: false) == loadResult(invalid, overlapped: true))
    }

    /// Limits bind at the same node whichever thread parses: node count and aliases, at every size.
    @Test func limitsBindAtTheSameNode() {
        let bytes = Array(Self.large(entries: 1_000).utf8)
        for maxNodes in [1, 2, 100, 2_047, 2_048, 4_096, 9_000] {
            let limits = YAMLLimits(maxNodes: maxNodes)
            let sequential = loadResult(bytes, limits: limits, overlapped: false)
            #expect(throws: YAMLError.self) { try sequential.get() }
            #expect(sequential == loadResult(bytes, limits: limits, overlapped: true))
        }
        var aliases = "base: &b [x]\nuses:\n"
        for _ in 0..<3_000 { aliases += "  - *b\n" }
        let limits = YAMLLimits(maxAliases: 2_500)
        let bytes2 = Array(aliases.utf8)
        #expect(
            loadResult(bytes2, limits: limits, overlapped: false)
                == loadResult(bytes2, limits: limits, overlapped: true))
    }

    @Test func emptyInputsAreIdentical() {
        for text in ["", "# only a comment\n", "---\n", "\u{FEFF}", "a"] {
            let bytes = Array(text.utf8)
            #expect(loadResult(bytes, overlapped: false) == loadResult(bytes, overlapped: true))
        }
    }
}
