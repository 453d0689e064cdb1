import FlowYAML
import Testing

/// A top-level mapping handed out in batches while the document is built (``YAMLSectionStream``): each
/// batch's entries are exactly those of the whole document (content, marks, tags), the built document keeps
/// none of them, and every error is the one the whole-document build throws.
struct SectionStreamTests {
    /// The batches `loadDocument` hands out for `screens` (as the entries of each batch's root, key and value
    /// trees), and the built document's root tree.
    static func stream(_ text: String, batchSize: Int, overlapped: Bool = false) throws(YAMLError) -> (
        batches: [[YAMLMapEntry]], document: YAMLNode
    ) {
        final class Batches { var entries: [[YAMLMapEntry]] = [] }
        let batches = Batches()
        let stream = YAMLSectionStream(key: "screens", batchSize: batchSize) { batch in
            guard case .mapping(let entries) = batch.node(batch.root).content else { return }
            batches.entries.append(entries)
        }
        let document = try YAMLLoader.loadDocument(
            Array(text.utf8), overlapped: overlapped, streaming: stream)
        return (batches.entries, document.node(document.root))
    }

    /// The error streaming `text` throws, on one thread and with the parse on another (the same), or nil.
    static func streamError(_ text: String, batchSize: Int) -> YAMLError? {
        var errors: [YAMLError?] = []
        for overlapped in [false, true] {
            do {
                _ = try stream(text, batchSize: batchSize, overlapped: overlapped)
                errors.append(nil)
            } catch {
                errors.append(error)
            }
        }
        #expect(errors[0] == errors[1])
        return errors[0]
    }

    static func entries(_ node: YAMLNode, _ key: String) -> [YAMLMapEntry]? {
        guard case .mapping(let entries) = node.content,
            let value = entries.first(where: { $0.key.content == .scalar(key, .plain) })?.value,
            case .mapping(let inner) = value.content
        else { return nil }
        return inner
    }

    static let text = """
        flow: a
        screens:
          a: 1
          'b': !!map {x: [1, 2], y: "z"}
          c:
            on: { next: { push: d } }
          d: |
            text
          e: 5
        children: {}

        """

    @Test func batchesHoldTheEntriesExactlyAndTheDocumentNone() throws {
        let whole = try YAMLLoader.load(Self.text)
        let expected = try #require(Self.entries(whole, "screens"))
        for overlapped in [false, true] {
            let (batches, document) = try Self.stream(Self.text, batchSize: 2, overlapped: overlapped)
            #expect(batches.map(\.count) == [2, 2, 1])
            #expect(Array(batches.joined()) == expected)
            #expect(Self.entries(document, "screens") == [])
            #expect(Self.entries(document, "children") == [])
            guard case .mapping(let top) = document.content else { return #expect(Bool(false)) }
            #expect(top.map(\.key.content) == ["flow", "screens", "children"].map { .scalar($0, .plain) })
        }
        // Fewer entries than a batch: nothing handed out, the document whole.
        let (none, document) = try Self.stream(Self.text, batchSize: 6)
        #expect(none.isEmpty)
        #expect(document == whole)
    }

    @Test func aKeyRepeatedInALaterBatchIsStillADuplicate() {
        let text = "screens:\n  a: 1\n  b: 2\n  c: 3\n  a: 4\n"
        let whole = loadError(text)
        #expect(whole?.kind == .duplicateKey)
        #expect(whole?.mark == mark(5, 3, 32))
        #expect(whole?.notes.map(\.mark) == [mark(2, 3, 11)])
        for size in [1, 2, 3] {
            #expect(Self.streamError(text, batchSize: size) == whole)
        }
        // Past the linear check's size too.
        let many = "screens:\n" + (0..<20).map { "  k\($0): \($0)\n" }.joined() + "  k3: x\n"
        let manyWhole = loadError(many)
        #expect(manyWhole?.kind == .duplicateKey)
        for size in [1, 5, 8, 9] {
            #expect(Self.streamError(many, batchSize: size) == manyWhole)
        }
    }

    @Test func batchesStopAtTheFirstAnchor() throws {
        let text = "screens:\n  a: 1\n  b: &x 2\n  c: *x\n  d: 4\n"
        let (batches, document) = try Self.stream(text, batchSize: 1)
        #expect(batches.map { $0.map(\.key.content) } == [[.scalar("a", .plain)]])
        let kept = try #require(Self.entries(document, "screens"))
        let whole = try #require(Self.entries(try YAMLLoader.load(text), "screens"))
        #expect(kept == Array(whole.dropFirst()))
    }

    @Test func onlyAnUnanchoredMappingUnderTheTopLevelKeyIsHandedOut() throws {
        for text in [
            "screens: &s\n  a: 1\n  b: 2\n", "other:\n  screens:\n    a: 1\n    b: 2\n", "screens: [a, b]\n",
            "- screens:\n    a: 1\n    b: 2\n",
        ] {
            let (batches, document) = try Self.stream(text, batchSize: 1)
            #expect(batches.isEmpty, "\(text)")
            #expect(document == (try YAMLLoader.load(text)))
        }
    }

    @Test func endsFarFromTheirStartsReadBackExactlyInABatch() throws {
        let long = (0..<300).map { "    k\($0): v\n" }.joined()
        let text = "screens:\n  a:\n\(long)  b: \(String(repeating: "x", count: 70_000))\n  c: 1\n"
        let whole = try #require(Self.entries(try YAMLLoader.load(text), "screens"))
        let (batches, _) = try Self.stream(text, batchSize: 1)
        #expect(Array(batches.joined()) == whole)
        #expect(whole[0].value.end.line == 303)
    }

    @Test func errorsAreThoseOfTheWholeDocument() {
        for text in [
            "screens:\n  a: 1\n  b: [\n", "screens:\n  a: 1\n  b: !foo 2\n", "screens:\n  a: 1\n  <<: {}\n",
            "screens:\n  a: 1\n  b: *nowhere\n",
        ] {
            let whole = loadError(text)
            #expect(whole != nil)
            #expect(Self.streamError(text, batchSize: 1) == whole)
        }
    }
}
