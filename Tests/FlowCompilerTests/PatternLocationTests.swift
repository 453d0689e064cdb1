import FlowCompiler
import Testing

/// FC104 for a `pattern` points at the construct at fault, in Unicode-scalar columns of the source as
/// written (escapes and doubled quotes counted as written), and at the scalar when its text cannot be
/// mapped back (block scalars, aliases).
struct PatternLocationTests {
    func problems(_ pattern: String) -> [String] {
        let yaml = """
            flow: f
            start: home
            screens:
              home:
                params:
                  s: { type: string, pattern: \(pattern) }

            """
        // (FC506 also reports that `start` passes no `s`: only FC104 is looked at.)
        return FlowValidation.validate(sources: [("f.yaml", Array(yaml.utf8))]).diagnostics.filter {
            $0.code == "FC104"
        }.map {
            "\($0.code) \($0.location.line):\($0.location.column)-\($0.endColumn.map(String.init) ?? "") offset \($0.location.offset)"
        }
    }

    /// `      s: { type: string, pattern: ` is 34 scalars: the pattern's first character is at column 35,
    /// byte offset 83.
    @Test func plainAndQuotedPatternsPointAtTheCharacter() {
        // Plain: the '(' at value index 1.
        #expect(problems("a(b") == ["FC104 6:36-37 offset 84"])
        // Double-quoted: one more for the quote.
        #expect(problems("\"a(b\"") == ["FC104 6:37-38 offset 85"])
        // The backreference at value index 3 is written after `"(a)`: column 35 + 4.
        #expect(problems(#""(a)\\1""#) == ["FC104 6:39-40 offset 87"])
        // `\x41` and `\u00e9` are one character each in the value: '[' at value index 2 is at column 35 + 1 + 4 + 6.
        #expect(problems(#""\x41\u00e9[a""#) == ["FC104 6:46-47 offset 94"])
        // Single-quoted: `''` is one quote; the '(' at value index 3 is at column 35 + 1 + 4.
        #expect(problems("'a''b(c'") == ["FC104 6:40-41 offset 88"])
    }

    @Test func columnsCountUnicodeScalars() {
        // 'é' is two bytes but one column; '😀' four bytes and one column.
        #expect(problems("\"é😀(\"") == ["FC104 6:38-39 offset 90"])
        #expect(problems("é😀(") == ["FC104 6:37-38 offset 89"])
    }

    @Test func unmappableScalarsPointAtTheirStart() {
        // A block scalar spans lines: the diagnostic stays at the scalar.
        let yaml = """
            flow: f
            start: home
            screens:
              home:
                params:
                  s:
                    type: string
                    pattern: |-
                      a(b

            """
        let found = FlowValidation.validate(sources: [("f.yaml", Array(yaml.utf8))]).diagnostics.filter {
            $0.code == "FC104"
        }.map {
            "\($0.code) \($0.location.line):\($0.location.column)"
        }
        #expect(found == ["FC104 8:18"])
    }

    /// The same for a link pattern written with escapes: the space in `"\x2Fa b"` (value `/a b`) is
    /// written at the key's column + 6.
    @Test func linkPatternsPointAtTheCharacterAsWritten() {
        let yaml = #"""
            flow: f
            start: home
            screens:
              home: {}
            links:
              "\x2Fa b": [home]

            """#
        let found = FlowValidation.validate(sources: [("f.yaml", Array(yaml.utf8))]).diagnostics.map {
            "\($0.code) \($0.location.line):\($0.location.column) offset \($0.location.offset)"
        }
        #expect(found == ["FC107 6:9 offset 55"])
    }

    /// The FC107 locations for a link written as `key` on line 6 (after `links:`), as `line:col offset`.
    func linkProblems(_ key: String) -> [String] {
        let yaml = """
            flow: f
            start: home
            screens:
              home: {}
            links:
            \(key): [home]

            """
        return FlowValidation.validate(sources: [("f.yaml", Array(yaml.utf8))]).diagnostics.map {
            "\($0.code) \($0.location.line):\($0.location.column) offset \($0.location.offset)"
        }
    }

    /// An anchor or tag before the key is part of the node but not of its text: the character is found
    /// after them. Line 6 starts at byte offset 47.
    @Test func linkPatternCharacterAfterAnAnchorOrTag() {
        #expect(linkProblems(#"  &p "/a?x""#) == ["FC107 6:9 offset 55"])
        #expect(linkProblems(#"  !!str "/a?x""#) == ["FC107 6:12 offset 58"])
        #expect(linkProblems("  &p /a?x") == ["FC107 6:8 offset 54"])
        #expect(linkProblems(#"  &p !!str '/a?x'"#) == ["FC107 6:15 offset 61"])
        // Just after the last character (an empty last segment): the closing quote.
        #expect(linkProblems(#"  &p "/a/""#) == ["FC107 6:10 offset 56"])
    }

    /// A key whose text does not map to the source points at the key's start, never at a column
    /// counted from it (which fell past the end of the line for a block scalar).
    @Test func unmappableLinkPatternPointsAtTheKey() {
        #expect(linkProblems("  ? |-\n    /a?b\n  ") == ["FC107 6:5 offset 51"])
    }

    /// Plain and quoted keys keep their locations.
    @Test func plainAndQuotedLinkPatterns() {
        #expect(linkProblems("  /a?x") == ["FC107 6:5 offset 51"])
        #expect(linkProblems(#"  "/a?x""#) == ["FC107 6:6 offset 52"])
        #expect(linkProblems(#"  "/a/""#) == ["FC107 6:7 offset 53"])
    }
}
