import FlowYAML
import Testing

/// `YAMLLoader.loadDocument`: the flat document the flow-file path reads, through node references.
@Suite("Flat document")
struct DocumentTests {
    @Test func readsKindsTextMarksAndTagsThroughReferences() throws {
        let document = try YAMLLoader.loadDocument("flow: a\nscreens: [x, 'y']\ntag: !!str 12\n")
        let root = document.root
        #expect(document.kind(of: root) == .mapping)
        #expect(document.count(of: root) == 3)
        #expect(document.scalar(of: document.key(1, of: root)) == "screens")
        let screens = document.value(1, of: root)
        #expect(document.kind(of: screens) == .sequence)
        #expect(document.items(of: screens).map { document.scalar(of: $0) } == ["x", "y"])
        #expect(document.style(of: document.item(1, of: screens)) == .singleQuoted)
        #expect(document.start(of: screens) == mark(2, 10, 17))
        #expect(document.end(of: screens) == mark(2, 18, 25))
        let tagged = document.value(2, of: root)
        #expect(document.tag(of: tagged) == "tag:yaml.org,2002:str")
        #expect(document.scalar(of: tagged, is: "12"))
        #expect(!document.scalar(of: tagged, is: "1"))
        #expect(document.style(of: screens) == nil)
        #expect(document.scalar(of: screens) == nil)
        #expect(document.entries(of: screens).isEmpty)
    }

    /// An alias is stored once; reading through it gives the anchored content at the alias's marks,
    /// and every node reached through it carries the outermost alias's use, as in the copied tree.
    @Test func aliasesAreReadThroughNotCopied() throws {
        let text = "a: &a {k: v}\nb: &b [*a]\nc: *b\n"
        let document = try YAMLLoader.loadDocument(text)
        let root = document.root
        // Records: the root, keys a, b and c, {k: v} with k and v, [*a], and one for each alias.
        #expect(document.recordCount == 10)
        let c = document.value(2, of: root)
        let outer = YAMLAliasUse(anchor: "b", start: mark(3, 4, 27), end: mark(3, 6, 29), anchorStart: mark(2, 4, 16))
        #expect(document.alias(of: c) == outer)
        #expect(document.start(of: c) == mark(3, 4, 27))
        let inner = document.item(0, of: c)
        // The inner alias `*a` keeps its own marks, and takes the outer use (the outermost wins).
        #expect(document.start(of: inner) == mark(2, 8, 20))
        #expect(document.alias(of: inner) == outer)
        #expect(document.alias(of: document.key(0, of: inner)) == outer)
        #expect(document.scalar(of: document.value(0, of: inner)) == "v")
        // Read directly, the anchored node is not an alias's.
        #expect(document.alias(of: document.value(0, of: root)) == nil)
        // The tree built from the document is the one `load` returns.
        #expect(document.node(root) == (try YAMLLoader.load(text)))
    }

    /// Keys compare by their text, through aliases too, in small and large (hashed) mappings alike.
    @Test func duplicateKeysInLargeMappingsAndThroughAliases() throws {
        let keys = (0..<20).map { "k\($0): x" }.joined(separator: "\n")
        #expect(throws: YAMLError.self) { try YAMLLoader.loadDocument(keys + "\nk7: y\n") }
        do {
            _ = try YAMLLoader.loadDocument(
                "n: &n k3\nm:\n" + (0..<12).map { "  k\($0): x" }.joined(separator: "\n") + "\n  *n : y\n")
            Issue.record("a key repeated through an alias was accepted")
        } catch {
            #expect(error.kind == .duplicateKey)
            #expect(error.message == "duplicate key 'k3' in mapping; each key may appear once")
            #expect(error.mark == mark(15, 3, 112))
            #expect(error.notes.first?.mark == mark(6, 3, 38))
        }
    }

    /// A record holds its end's line and column in 24 bits (the end's line after the start's, up to 255, and
    /// its column, up to 65,535); an end past either is kept beside the records. Both read back exactly.
    @Test func endsFarFromTheirStartsReadBackExactly() throws {
        // 300 items: the sequence (from line 2) and the root mapping end 300 lines after they start.
        let items = (0..<300).map { "  - i\($0)" }.joined(separator: "\n")
        let long = String(repeating: "x", count: 70_000)
        let text = "list:\n" + items + "\nlong: " + long + "\nlast: [a, b]\n"
        let document = try YAMLLoader.loadDocument(text)
        let root = document.root
        let list = document.value(0, of: root)
        #expect(document.start(of: list) == mark(2, 3, 8))
        let listEnd = 6 + items.utf8.count + 1
        #expect(document.end(of: list) == mark(302, 1, listEnd))
        #expect(document.end(of: document.item(299, of: list)) == mark(301, 9, listEnd - 1))
        // The scalar ends past column 65,535, on its own line.
        let longValue = document.value(1, of: root)
        #expect(document.start(of: longValue) == mark(302, 7, listEnd + 6))
        #expect(document.end(of: longValue) == mark(302, 70_007, listEnd + 70_006))
        let last = document.value(2, of: root)
        #expect(document.end(of: last) == mark(303, 13, listEnd + 70_019))
        #expect(document.end(of: root) == mark(304, 1, text.utf8.count))
        #expect(document.endOffset(of: longValue) == listEnd + 70_006)
        // The tree built from the document has the same marks as the document.
        let tree = document.node(root)
        #expect(tree.end == mark(304, 1, text.utf8.count))
    }
}
