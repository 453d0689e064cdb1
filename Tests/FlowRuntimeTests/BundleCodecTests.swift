import FlowCompiler
import FlowModel
import FlowRuntime
import Testing

@MainActor
struct BundleCodecTests {
    @Test func sameFlowsGiveSameBytes() throws {
        let first = BundleCodec.encode(try Fixtures.shipped())
        let result = try FlowValidation.validate(paths: [Fixtures.flowsFolder])
        let reversed = try GraphLowering.lower(result.flows.reversed())
        #expect(BundleCodec.encode(reversed) == first)
        #expect(Array(first.prefix(15)) == Array("flowc-bundle 2\n".utf8))
        #expect(first.last == UInt8(ascii: "\n"))
    }

    @Test func roundTripGivesTheSameGraph() throws {
        let shipped = try Fixtures.shipped()
        let decoded = try BundleCodec.decode(BundleCodec.encode(shipped))
        #expect(decoded == shipped)
        #expect(decoded.contentHash == ContentHash.of(flows: decoded.flows))
        #expect(decoded.contentHash.count == 16)
    }

    @Test func fnv1aMatchesTheReferenceVectors() {
        #expect(ContentHash.fnv1a64([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(ContentHash.hex(ContentHash.fnv1a64(Array("a".utf8))) == "af63dc4c8601ec8c")
        #expect(ContentHash.hex(ContentHash.fnv1a64(Array("foobar".utf8))) == "85944171f73967e8")
        #expect(ContentHash.hex(1) == "0000000000000001")
    }

    @Test func anotherFormatVersionIsRefused() throws {
        var bytes = BundleCodec.encode(try Fixtures.shipped())
        bytes.replaceSubrange(0..<15, with: Array("flowc-bundle 1\n".utf8))
        #expect(throws: BundleError.unsupportedVersion(found: 1, supported: 2)) { try BundleCodec.decode(bytes) }
    }

    @Test func notABundleIsRefused() {
        #expect(throws: BundleError.notABundle) { try BundleCodec.decode(Array("flow: reading\n".utf8)) }
        #expect(throws: BundleError.notABundle) { try BundleCodec.decode([UInt8]()) }
    }

    @Test func truncatedBundleIsCorrupted() throws {
        let bytes = BundleCodec.encode(try Fixtures.shipped())
        #expect(throws: BundleError.corrupted("malformed JSON")) { try BundleCodec.decode(bytes.prefix(bytes.count / 2)) }
        #expect(throws: BundleError.corrupted("the header line is not terminated")) {
            try BundleCodec.decode(Array("flowc-bundle 2".utf8))
        }
        #expect(throws: BundleError.corrupted("the header's format version 'x' is not a number")) {
            try BundleCodec.decode(Array("flowc-bundle x\n{}".utf8))
        }
        #expect(throws: BundleError.corrupted("missing 'contentHash'")) {
            try BundleCodec.decode(Array("flowc-bundle 2\n{\"flows\":[],\"formatVersion\":2}".utf8))
        }
    }

    @Test func bodyVersionDisagreeingWithHeaderIsCorrupted() {
        let bundle = FlowBundle(formatVersion: 3, contentHash: ContentHash.of(flows: []), flows: [])
        var bytes = BundleCodec.encode(bundle)
        bytes.replaceSubrange(0..<15, with: Array("flowc-bundle 2\n".utf8))
        #expect(throws: BundleError.corrupted("the body says format version 3, the header 2")) { try BundleCodec.decode(bytes) }
    }

    @Test func editedBundleFailsTheHash() throws {
        let text = String(decoding: BundleCodec.encode(try Fixtures.shipped()), as: UTF8.self)
        let edited = text.replacingOccurrences(of: "\"name\":\"library\"", with: "\"name\":\"librarx\"")
        #expect(edited != text)
        #expect(throws: BundleError.hashMismatch(stored: try Fixtures.shipped().contentHash,
                                                 computed: ContentHash.of(flows: try editedFlows(edited)))) {
            try BundleCodec.decode(Array(edited.utf8))
        }
        #expect(BundleError.hashMismatch(stored: "a", computed: "b").description
            == "bundle content hash mismatch: stored a, computed b (the file was changed or damaged)")
    }

    private func editedFlows(_ text: String) throws -> [FlowGraph] {
        var flows = try Fixtures.shipped().flows
        let reading = try #require(try Fixtures.shipped().flowIndex(named: "reading"))
        flows[reading].screens[0].name = "librarx"
        return flows
    }

    @Test func flowIndexFindsEveryFlowByName() throws {
        let shipped = try Fixtures.shipped()
        for (index, flow) in shipped.flows.enumerated() {
            #expect(shipped.flowIndex(named: flow.name) == index)
        }
        #expect(shipped.flowIndex(named: "nope") == nil)
    }

    @Test func scenariosRunTheSameFromTheBundle() throws {
        let loaded = try BundleCodec.decode(BundleCodec.encode(try Fixtures.shipped()))
        let script = """
            start
            event selectBook bookID=7
            event edit
            back
            confirm
            open /books/3/edit
            event save
            """
        let fromYAML = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading").run(script: script)
        let fromBundle = try FlowScriptRunner(bundle: loaded, flow: "reading").run(script: script)
        #expect(fromYAML == fromBundle)
        #expect(fromBundle.map(\.status) == ["applied", "applied", "applied", "pending", "applied", "applied", "applied"])
        #expect(fromBundle.last?.path.map(\.screen) == ["library", "details"])
    }
}
