import FlowYAML
import Testing

@Suite("Node tree")
struct StructureTests {
    let nested = """
        flow: sample
        screens:
          - id: home
            on: { tap: next }
          - [a, 'b', "c"]

        """

    @Test func nestedMappingsSequencesAndFlowStyle() throws {
        let root = try YAMLLoader.load(nested)
        #expect(shape(root) == #"{flow: sample, screens: [{id: home, on: {tap: next}}, [a, 'b', "c"]]}"#)
        #expect(root.kindName == "mapping")
        #expect(root.start == mark(1, 1, 0))
        #expect(root.end == mark(6, 1, 75))

        let entries = try #require(root.mapping)
        #expect(entries[0].key.start == mark(1, 1, 0))
        #expect(entries[0].key.end == mark(1, 5, 4))
        #expect(entries[0].value.start == mark(1, 7, 6))
        #expect(entries[0].value.end == mark(1, 13, 12))
        #expect(entries[1].key.start == mark(2, 1, 13))

        let screens = try #require(root.value(forKey: "screens"))
        #expect(screens.kindName == "sequence")
        #expect(screens.start == mark(3, 3, 24))
        #expect(screens.end == mark(6, 1, 75))
        let items = try #require(screens.sequence)
        #expect(items.count == 2)

        let home = items[0]
        #expect(home.start == mark(3, 5, 26))
        #expect(home.end == mark(5, 3, 59))
        #expect(home.value(forKey: "id")?.start == mark(3, 9, 30))
        #expect(home.value(forKey: "id")?.end == mark(3, 13, 34))
        let on = try #require(home.value(forKey: "on"))
        #expect(on.start == mark(4, 9, 43))
        #expect(on.end == mark(4, 22, 56))
        #expect(on.mapping?[0].key.start == mark(4, 11, 45))
        #expect(on.value(forKey: "tap")?.start == mark(4, 16, 50))
        #expect(on.value(forKey: "tap")?.end == mark(4, 20, 54))

        let flow = items[1]
        #expect(flow.start == mark(5, 5, 61))
        #expect(flow.end == mark(5, 18, 74))
        let letters = try #require(flow.sequence)
        #expect(letters.map(\.scalar) == ["a", "b", "c"])
        #expect(letters.map(\.start) == [mark(5, 6, 62), mark(5, 9, 65), mark(5, 14, 70)])
        #expect(letters.map(\.end) == [mark(5, 7, 63), mark(5, 12, 68), mark(5, 17, 73)])
        #expect(letters[1].content == .scalar("b", .singleQuoted))
        #expect(letters[2].content == .scalar("c", .doubleQuoted))
    }

    @Test func convenienceAccessors() throws {
        let root = try YAMLLoader.load("a: [x]\nb: y\n")
        #expect(root.scalar == nil)
        #expect(root.sequence == nil)
        #expect(root.mapping?.count == 2)
        #expect(root.value(forKey: "a")?.sequence?.first?.scalar == "x")
        #expect(root.value(forKey: "a")?.kindName == "sequence")
        #expect(root.value(forKey: "b")?.scalar == "y")
        #expect(root.value(forKey: "b")?.kindName == "scalar")
        #expect(root.value(forKey: "missing") == nil)
        #expect(root.value(forKey: "b")?.value(forKey: "y") == nil)
        #expect(root.tag == nil)
    }

    @Test func yaml11BooleanNamesStayStrings() throws {
        let root = try YAMLLoader.load(
            """
            on: off
            yes: no
            y: n
            Y: N
            true: false
            On: YES
            version: 0123
            hex: 0x1F
            float: 1.50
            nothing: ~
            null: null
            empty:

            """)
        let expected = [
            ("on", "off"), ("yes", "no"), ("y", "n"), ("Y", "N"), ("true", "false"), ("On", "YES"),
            ("version", "0123"), ("hex", "0x1F"), ("float", "1.50"), ("nothing", "~"), ("null", "null"),
            ("empty", ""),
        ]
        let entries = try #require(root.mapping)
        #expect(entries.map { $0.key.scalar ?? "?" } == expected.map(\.0))
        #expect(entries.map { $0.value.scalar ?? "?" } == expected.map(\.1))
        for entry in entries {
            #expect(entry.key.content == .scalar(entry.key.scalar ?? "?", .plain))
            #expect(entry.value.content == .scalar(entry.value.scalar ?? "?", .plain))
            #expect(entry.value.tag == nil)
        }
        #expect(root.value(forKey: "empty")?.start == mark(12, 7, 110))
    }

    @Test func scalarStyles() throws {
        let root = try YAMLLoader.load("a: |\n  one\n  two\nb: >\n  one\n  two\nc: 'it''s'\nd: \"tab\\tend\"\n")
        #expect(root.value(forKey: "a")?.content == .scalar("one\ntwo\n", .literal))
        #expect(root.value(forKey: "b")?.content == .scalar("one two\n", .folded))
        #expect(root.value(forKey: "c")?.content == .scalar("it's", .singleQuoted))
        #expect(root.value(forKey: "d")?.content == .scalar("tab\tend", .doubleQuoted))
    }

    @Test func rootMayBeAnyNode() throws {
        #expect(
            try YAMLLoader.load("just text")
                == YAMLNode(
                    content: .scalar("just text", .plain), start: mark(1, 1, 0), end: mark(1, 10, 9)))
        #expect(shape(try YAMLLoader.load("- a\n- b\n")) == "[a, b]")
        // An explicit document with no content is one empty plain scalar, not an empty file.
        #expect(try YAMLLoader.load("---\n").content == .scalar("", .plain))
    }

    @Test func documentMarkersAreAccepted() throws {
        let root = try YAMLLoader.load("%YAML 1.1\n---\nflow: a\n...\n")
        #expect(shape(root) == "{flow: a}")
        #expect(root.start == mark(3, 1, 14))
    }

    @Test func aliasCopiesTheAnchoredNode() throws {
        let root = try YAMLLoader.load("base: &b {on: tap, to: next}\ncopy: *b\n")
        let base = try #require(root.value(forKey: "base"))
        let copy = try #require(root.value(forKey: "copy"))
        #expect(shape(copy) == shape(base))
        #expect(shape(copy) == "{on: tap, to: next}")
        // Every node of the copy says which alias copied it (diagnostics point there, with a note at
        // the anchor); the anchored original does not.
        let use = YAMLAliasUse(anchor: "b", start: mark(2, 7, 35), end: mark(2, 9, 37), anchorStart: mark(1, 7, 6))
        #expect(copy.alias == use)
        #expect(copy.mapping?.allSatisfy { $0.key.alias == use && $0.value.alias == use } == true)
        #expect(base.alias == nil && base.mapping?.allSatisfy { $0.key.alias == nil && $0.value.alias == nil } == true)
        #expect(base.start == mark(1, 7, 6))
        #expect(base.end == mark(1, 29, 28))
        // The copy is located at the alias; its children keep their own locations.
        #expect(copy.start == mark(2, 7, 35))
        #expect(copy.end == mark(2, 9, 37))
        #expect(copy.value(forKey: "on")?.start == mark(1, 15, 14))
    }

    @Test func aliasOfScalarAndCollectionInSequence() throws {
        let root = try YAMLLoader.load("- &n name\n- &s [x, y]\n- *n\n- *s\n- *s\n")
        #expect(shape(root) == "[name, [x, y], name, [x, y], [x, y]]")
    }

    @Test func aliasOfScalarMayBeAKey() throws {
        let root = try YAMLLoader.load("k: &k name\n*k : v\n")
        #expect(shape(root) == "{k: name, name: v}")
    }

    @Test func anchorRedefinitionUsesLatest() throws {
        let root = try YAMLLoader.load("a: &x 1\nb: &x 2\nc: *x\n")
        #expect(root.value(forKey: "c")?.scalar == "2")
    }

    /// A plain `<<` is a merge key, refused (`HostileKeyTests`); quoted, it is an ordinary key.
    @Test func quotedMergeKeyIsAnOrdinaryKey() throws {
        let root = try YAMLLoader.load("base: &b {x: 1}\nscreen:\n  '<<': *b\n  y: 2\n")
        #expect(shape(root) == "{base: {x: 1}, screen: {'<<': {x: 1}, y: 2}}")
        #expect(root.value(forKey: "screen")?.value(forKey: "x") == nil)
    }

    @Test func coreTagsAreRecordedValuesStayStrings() throws {
        let root = try YAMLLoader.load(
            "a: !!str 12\nb: !!int 0123\nc: !!bool yes\nd: !!null ~\ne: !!float .5\nf: !!seq [1]\ng: !!map {k: v}\nh: !<tag:yaml.org,2002:str> x\n"
        )
        #expect(root.value(forKey: "a")?.content == .scalar("12", .plain))
        #expect(root.value(forKey: "a")?.tag == "tag:yaml.org,2002:str")
        #expect(root.value(forKey: "a")?.start == mark(1, 4, 3))
        #expect(root.value(forKey: "b")?.scalar == "0123")
        #expect(root.value(forKey: "b")?.tag == "tag:yaml.org,2002:int")
        #expect(root.value(forKey: "c")?.scalar == "yes")
        #expect(root.value(forKey: "c")?.tag == "tag:yaml.org,2002:bool")
        #expect(root.value(forKey: "d")?.scalar == "~")
        #expect(root.value(forKey: "d")?.tag == "tag:yaml.org,2002:null")
        #expect(root.value(forKey: "e")?.scalar == ".5")
        #expect(root.value(forKey: "e")?.tag == "tag:yaml.org,2002:float")
        #expect(root.value(forKey: "f")?.tag == "tag:yaml.org,2002:seq")
        #expect(root.value(forKey: "f")?.sequence?.first?.scalar == "1")
        #expect(root.value(forKey: "g")?.tag == "tag:yaml.org,2002:map")
        #expect(root.value(forKey: "h")?.tag == "tag:yaml.org,2002:str")
    }

    @Test func stringAndByteInputsAgree() throws {
        let text = "flow: café\nsteps: [1, 2]\n"
        #expect(try YAMLLoader.load(text) == YAMLLoader.load(Array(text.utf8)))
    }

    @Test func exactly64LevelsLoad() throws {
        let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        var node = try YAMLLoader.load(text)
        var depth = 1
        while let inner = node.sequence?.first {
            node = inner
            depth += 1
        }
        #expect(depth == 64)
    }

    @Test func largeMappingWithUniqueKeysLoads() throws {
        let text = (0..<500).map { "key\($0): v\($0)\n" }.joined()
        let root = try YAMLLoader.load(text)
        #expect(root.mapping?.count == 500)
        #expect(root.value(forKey: "key499")?.scalar == "v499")
    }
}
