import FlowYAML
import Testing

@Suite("Errors")
struct ErrorTests {
    // MARK: duplicate and non-scalar keys

    @Test func duplicateKeyPointsAtBothDefinitions() throws {
        let error = try #require(loadError("flow: a\nscreens: {}\nname: x\nscreens: []\n"))
        #expect(error.kind == .duplicateKey)
        #expect(error.message == "duplicate key 'screens' in mapping; each key may appear once")
        #expect(error.mark == mark(4, 1, 28))
        #expect(error.notes == [YAMLNote(message: "previous definition of 'screens' is here", mark: mark(2, 1, 8))])
        #expect(
            error.description
                == "4:1: error: duplicate key 'screens' in mapping; each key may appear once\n2:1: note: previous definition of 'screens' is here"
        )
    }

    @Test func duplicateKeyInLargeMappingUsesHashSet() throws {
        let text = (0..<20).map { "k\($0): v\n" }.joined() + "k3: again\n"
        let error = try #require(loadError(text))
        #expect(error.kind == .duplicateKey)
        #expect(error.message == "duplicate key 'k3' in mapping; each key may appear once")
        // 10 lines of 6 bytes (k0…k9) and 10 of 7 bytes (k10…k19).
        #expect(error.mark == mark(21, 1, 130))
        #expect(error.notes.map(\.mark) == [mark(4, 1, 18)])
    }

    @Test func duplicateKeyIgnoresQuotingStyle() throws {
        let error = try #require(loadError("{on: a, 'on': b}"))
        #expect(error.kind == .duplicateKey)
        #expect(error.message == "duplicate key 'on' in mapping; each key may appear once")
        #expect(error.mark == mark(1, 9, 8))
        #expect(error.notes.map(\.mark) == [mark(1, 2, 1)])
    }

    @Test func keysAreEqualWhenTheirBytesAreNotWhenTheyAreCanonicallyEquivalent() throws {
        // "\u00e9" (NFC, bytes C3 A9) and "e\u0301" (NFD, bytes 65 CC 81) both read as é, and Swift's
        // String == calls them equal; YAML compares key content, so they are two keys, in a small
        // mapping (pairwise comparison) and in a large one (hash set) alike.
        let small = try YAMLLoader.load("\"\\u00e9\": 1\n\"e\\u0301\": 2\n")
        guard case .mapping(let pairs) = small.content else {
            Issue.record("not a mapping")
            return
        }
        #expect(
            pairs.map { Array(shape($0.key).utf8) } == [[0x22, 0xC3, 0xA9, 0x22], [0x22, 0x65, 0xCC, 0x81, 0x22]])
        let filler = (0..<20).map { "k\($0): v\n" }.joined()
        #expect(loadError(filler + "\"\\u00e9\": 1\n\"e\\u0301\": 2\n") == nil)
        #expect(loadError(filler + "\"\\u00e9\": 1\n\"\\u00e9\": 2\n")?.kind == .duplicateKey)
    }

    @Test func duplicateKeyThroughAlias() throws {
        let error = try #require(loadError("&k a: 1\n*k : 2\n"))
        #expect(error.kind == .duplicateKey)
        #expect(error.mark == mark(2, 1, 8))
        #expect(error.notes.map(\.mark) == [mark(1, 1, 0)])
    }

    @Test func nestedMappingsHaveSeparateKeySets() throws {
        let root = try YAMLLoader.load("a:\n  a: 1\n  b: {a: x, b: y}\nb: {a: 1, b: 2}\n")
        #expect(shape(root) == "{a: {a: 1, b: {a: x, b: y}}, b: {a: 1, b: 2}}")
        // A duplicate inside a large nested mapping (hash-set path) while outer keys wait.
        let inner = (0..<12).map { "    k\($0): v\n" }.joined()
        let text = "outer:\n  middle:\n" + inner + "    k5: again\n"
        let error = try #require(loadError(text))
        #expect(error.kind == .duplicateKey)
        #expect(error.message == "duplicate key 'k5' in mapping; each key may appear once")
        #expect(error.mark.line == 15)
        #expect(error.notes.map(\.mark.line) == [8])
    }

    @Test func sameKeyInDifferentMappingsIsFine() throws {
        let root = try YAMLLoader.load("a: {id: 1}\nb: {id: 2}\n")
        #expect(shape(root) == "{a: {id: 1}, b: {id: 2}}")
    }

    @Test func sequenceKeyIsRejected() throws {
        let error = try #require(loadError("? [a, b]\n: v\n"))
        #expect(error.kind == .nonScalarKey)
        #expect(error.message == "mapping key is a sequence; use a plain string as the key")
        #expect(error.mark == mark(1, 3, 2))
        #expect(error.notes.isEmpty)
    }

    @Test func flowMappingKeyIsRejected() throws {
        let error = try #require(loadError("{{a: 1}: b}"))
        #expect(error.kind == .nonScalarKey)
        #expect(error.message == "mapping key is a mapping; use a plain string as the key")
        #expect(error.mark == mark(1, 2, 1))
    }

    @Test func aliasOfMappingAsKeyIsRejected() throws {
        let error = try #require(loadError("m: &m {x: 1}\n*m : 2\n"))
        #expect(error.kind == .nonScalarKey)
        #expect(error.message == "mapping key is a mapping; use a plain string as the key")
        #expect(error.mark == mark(2, 1, 13))
    }

    // MARK: aliases

    /// "Billion laughs": level N holds 10^N scalars through aliases. The loader counts an alias at its
    /// expanded size without copying anything, so it stops at the alias that crosses the node limit
    /// (level 5's 8th) — the same place whether the levels above go to 10^10 or to 10^60 nodes.
    @Test(arguments: [10, 60])
    func billionLaughsStopAtTheLimit(levels: Int) throws {
        var lines = ["flow: lol", "l0: &l0 [" + Array(repeating: "lol", count: 10).joined(separator: ", ") + "]"]
        for level in 1..<levels {
            lines.append(
                "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        let thrown = try #require(loadError(lines.joined(separator: "\n") + "\n"))
        #expect(thrown.kind == .aliasLimit)
        #expect(
            thrown.message
                == "document expands to more than 1000000 nodes through aliases; use fewer aliases or split the file")
        // Level 5 holds 1_111_111 nodes; its 8th alias crosses the limit.
        #expect(thrown.mark == mark(7, 45, 349))
    }

    /// An alias counts as every node it stands for: `a` is 3 nodes (the sequence and two scalars), so
    /// the document is 13 nodes — the root, `a`'s key and value, `b`'s key, its sequence and 2 × 3.
    @Test func aliasesCountAtTheirExpandedSize() throws {
        let text = "a: &a [x, y]\nb: [*a, *a]\n"
        #expect(loadError(text, limits: YAMLLimits(maxNodes: 13)) == nil)
        let error = try #require(loadError(text, limits: YAMLLimits(maxNodes: 12)))
        #expect(error.kind == .aliasLimit)
        #expect(
            error.message
                == "document expands to more than 12 nodes through aliases; use fewer aliases or split the file")
        #expect(error.mark == mark(2, 9, 21))
    }

    @Test func tooManyAliases() throws {
        let limits = YAMLLimits(maxAliases: 2)
        let error = try #require(loadError("a: &a x\nb: [*a, *a, *a]\n", limits: limits))
        #expect(error.kind == .aliasLimit)
        #expect(
            error.message == "document uses more than 2 aliases; repeat the content instead of using so many aliases")
        #expect(error.mark == mark(2, 13, 20))
        #expect(loadError("a: &a x\nb: [*a, *a]\n", limits: limits) == nil)
    }

    @Test func tooManyNodesWithoutAliases() throws {
        let limits = YAMLLimits(maxNodes: 4)
        let error = try #require(loadError("a: b\nc: d\n", limits: limits))
        #expect(error.kind == .aliasLimit)
        #expect(error.message == "document has more than 4 nodes; split it into smaller files")
        #expect(error.mark == mark(2, 4, 8))
        #expect(loadError("a: b\nc:\n", limits: YAMLLimits(maxNodes: 5)) == nil)
    }

    @Test func unknownAnchor() throws {
        let error = try #require(loadError("flow: a\nnext: *missing\n"))
        #expect(error.kind == .unknownAnchor)
        #expect(error.message == "unknown anchor 'missing'; define it with '&missing' before using '*missing'")
        #expect(error.mark == mark(2, 7, 14))
    }

    @Test func aliasBeforeItsAnchorIsUnknown() throws {
        let error = try #require(loadError("a: *x\nb: &x 1\n"))
        #expect(error.kind == .unknownAnchor)
        #expect(error.mark == mark(1, 4, 3))
    }

    @Test func recursiveAliasIsRejected() throws {
        let error = try #require(loadError("a: &x [1, *x]\n"))
        #expect(error.kind == .unknownAnchor)
        #expect(error.message == "alias '*x' refers to a node that contains it; recursive aliases are not supported")
        #expect(error.mark == mark(1, 11, 10))
    }

    // MARK: depth

    @Test func deepFlowNestingFailsAtDepthLimit() throws {
        let error = try #require(loadError(String(repeating: "[", count: 10_000)))
        #expect(error.kind == .depthLimit)
        #expect(error.message == "nesting is deeper than 64 levels; flatten the structure")
        #expect(error.mark == mark(1, 65, 64))
    }

    @Test func hundredThousandBracketsFailCleanly() throws {
        let error = try #require(
            loadError(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)))
        #expect(error.kind == .depthLimit)
        #expect(error.mark == mark(1, 65, 64))
    }

    @Test func deepBlockNestingFailsAtDepthLimit() throws {
        let text = (0..<5).map { String(repeating: "  ", count: $0) + "k\($0):\n" }.joined() + "          leaf: x\n"
        let error = try #require(loadError(text, limits: YAMLLimits(maxDepth: 4)))
        #expect(error.kind == .depthLimit)
        #expect(error.message == "nesting is deeper than 4 levels; flatten the structure")
        // The fifth mapping starts at `k4` on line 5.
        #expect(error.mark == mark(5, 9, 36))
    }

    @Test func aliasCannotExceedDepth() throws {
        let limits = YAMLLimits(maxDepth: 3)
        #expect(loadError("a: &x [[1]]\nb: *x\n", limits: limits) == nil)
        let error = try #require(loadError("a: &x [[1]]\nb: [*x]\n", limits: limits))
        #expect(error.kind == .depthLimit)
        #expect(error.message == "alias '*x' makes nesting deeper than 3 levels; flatten the structure")
        #expect(error.mark == mark(2, 5, 16))
    }

    // MARK: size

    @Test func fileTooLarge() throws {
        let limits = YAMLLimits(maxFileBytes: 10)
        let error = try #require(loadError("flow: abcde", limits: limits))
        #expect(error.kind == .fileTooLarge)
        #expect(error.message == "file is 11 bytes, more than the limit of 10 bytes; split it into smaller files")
        #expect(error.mark == mark(1, 1, 0))
        #expect(loadError("flow: abcd", limits: limits) == nil)
    }

    @Test func defaultLimits() {
        let limits = YAMLLimits.default
        #expect(limits.maxFileBytes == 8 * 1024 * 1024)
        #expect(limits.maxDepth == 64)
        #expect(limits.maxNodes == 1_000_000)
        #expect(limits.maxAliases == 10_000)
    }

    // MARK: tags

    @Test func customTagIsRejected() throws {
        let error = try #require(loadError("flow: a\nstart: !foo home\n"))
        #expect(error.kind == .unsupportedTag)
        #expect(
            error.message
                == "unsupported tag '!foo'; remove it (only !!str, !!int, !!float, !!bool, !!null, !!seq and !!map are allowed, and values stay strings)"
        )
        #expect(error.mark == mark(2, 8, 15))
    }

    @Test func customTagOnCollectionIsRejected() throws {
        let error = try #require(loadError("screens: !screens [a]\n"))
        #expect(error.kind == .unsupportedTag)
        #expect(error.message.hasPrefix("unsupported tag '!screens'; "))
        #expect(error.mark == mark(1, 10, 9))
    }

    @Test func nonSpecificAndVerbatimTagsAreRejected() throws {
        let bang = try #require(loadError("a: ! x\n"))
        #expect(bang.kind == .unsupportedTag)
        #expect(bang.message.hasPrefix("unsupported tag '!'; "))
        let verbatim = try #require(loadError("a: !<tag:example.com,2024:x> y\n"))
        #expect(verbatim.kind == .unsupportedTag)
        #expect(verbatim.message.hasPrefix("unsupported tag 'tag:example.com,2024:x'; "))
    }

    @Test func coreTagOnWrongKindIsRejected() throws {
        let seqOnScalar = try #require(loadError("a: !!seq x\n"))
        #expect(seqOnScalar.kind == .unsupportedTag)
        #expect(seqOnScalar.message == "tag '!!seq' cannot be used on a scalar; remove the tag")
        #expect(seqOnScalar.mark == mark(1, 4, 3))
        let strOnMapping = try #require(loadError("a: !!str {b: c}\n"))
        #expect(strOnMapping.message == "tag '!!str' cannot be used on a mapping; remove the tag")
        let mapOnSequence = try #require(loadError("- !!map [1]\n"))
        #expect(mapOnSequence.message == "tag '!!map' cannot be used on a sequence; remove the tag")
    }

    // MARK: documents

    @Test func secondDocumentIsRejected() throws {
        let error = try #require(loadError("flow: a\n---\nflow: b\n"))
        #expect(error.kind == .multipleDocuments)
        #expect(
            error.message
                == "file contains a second YAML document; put each flow in its own file, or remove the '---' line")
        #expect(error.mark == mark(2, 1, 8))
    }

    @Test func secondExplicitDocumentIsRejected() throws {
        let error = try #require(loadError("---\na: 1\n...\n---\nb: 2\n"))
        #expect(error.kind == .multipleDocuments)
        #expect(error.mark == mark(4, 1, 13))
    }

    @Test func emptyInputIsRejected() throws {
        for text in ["", "\n\n", "   ", "# only a comment\n\n# another\n"] {
            let error = try #require(loadError(text))
            #expect(error.kind == .emptyDocument)
            #expect(error.message == "file contains no YAML document; add content, such as a top-level mapping")
            #expect(error.mark == mark(1, 1, 0))
        }
        let bomOnly = try #require(loadError([0xEF, 0xBB, 0xBF]))
        #expect(bomOnly.kind == .emptyDocument)
    }
}
