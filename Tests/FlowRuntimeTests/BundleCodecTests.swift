import FlowCompiler
@testable import FlowModel
import FlowRuntime
import Testing

@MainActor
struct BundleCodecTests {
    @Test func sameFlowsGiveSameBytes() throws {
        let first = BundleCodec.encode(try Fixtures.shipped())
        let result = try FlowValidation.validate(paths: [Fixtures.flowsFolder])
        let reversed = try GraphLowering.lower(result.flows.reversed())
        #expect(BundleCodec.encode(reversed) == first)
        #expect(Array(first.prefix(15)) == Array("flowc-bundle 3\n".utf8))
        // The stored hash is the FNV-1a of the payload after it, little endian.
        let payload = Array(first.dropFirst(23))
        #expect(payload == BundleCodec.canonicalEncoding(of: try Fixtures.shipped().flows))
        #expect(Array(first[15..<23]) == littleEndian(ContentHash.fnv1a64(payload)))
    }

    @Test func bundleAndFileEncodeOnceAndMatchTheTwoStepWay() throws {
        let shipped = try Fixtures.shipped()
        let result = try FlowValidation.validate(paths: [Fixtures.flowsFolder])
        let (bundle, bytes) = BundleCodec.bundleAndFile(of: try GraphLowering.graphs(result.flows))
        #expect(bundle == shipped)
        #expect(bundle.contentHash == ContentHash.of(flows: shipped.flows))
        #expect(bytes == BundleCodec.encode(shipped))
        #expect(try BundleCodec.decode(bytes) == shipped)
    }

    @Test func roundTripGivesTheSameGraph() throws {
        let shipped = try Fixtures.shipped()
        let decoded = try BundleCodec.decode(BundleCodec.encode(shipped))
        #expect(decoded == shipped)
        #expect(decoded.contentHash == ContentHash.of(flows: decoded.flows))
        #expect(decoded.contentHash.count == 16)
    }

    /// Every kind of value the binary encoding writes: optionals present and absent (also inside an
    /// enum case), negative and extreme integers, doubles, booleans, non-ASCII strings, empty arrays,
    /// nested conditionals and every action.
    @Test func roundTripKeepsEveryKindOfValue() throws {
        let arguments = [
            ArgumentNode(name: "count", source: .literal(.int(Int.min))),
            ArgumentNode(name: "ratio", source: .literal(.double(-2.5e-300))),
            ArgumentNode(name: "flag", source: .literal(.bool(true))),
            ArgumentNode(name: "title", source: .literal(.string("Überblick ✓ \u{0}"))),
            ArgumentNode(name: "big", source: .literal(.int(Int.max))),
            ArgumentNode(name: "from", source: .parameter("bookID")),
        ]
        let parameter = ParameterNode(
            name: "bookID", type: .int,
            constraints: ParameterConstraints(minimum: -1, maximum: 1e9, allowedValues: [.int(1), .double(0.5)], check: "exists",
                                              minimumLength: 0, maximumLength: 12, pattern: "^[a-z]+$"),
            defaultValue: .int(-7))
        let actions: [CompiledAction] = [
            .push(screen: 1, arguments: arguments), .startChild(child: 0, arguments: []), .pop(count: 3), .popTo(screen: 0),
            .replaceRoot(target: .child(0), arguments: []), .finish(outcome: 0, arguments: nil),
            .finish(outcome: 0, arguments: [ArgumentNode(name: "x", source: .literal(.int(0)))]),
            .conditional(condition: 0, then: .conditional(condition: 0, then: .stay, else: .pop(count: 1)), else: .stay),
            .show(target: .screen(1), arguments: []), .stay, .select(tab: "home"),
        ]
        let flow = FlowGraph(
            name: "all", parameters: [parameter], conditions: ["ready"], start: .show(target: .screen(0), arguments: []),
            outcomes: ["done"], screens: [
                ScreenNode(name: "first", parameters: [], events: actions.enumerated().map { EventNode(name: "e\($0.offset)", action: $0.element) },
                           removal: .confirm, confirmPrompt: "sure?", confirmOutcome: 0),
                ScreenNode(name: "second", parameters: [parameter]),
            ],
            linkPolicy: .redirect, linkRedirect: 1, linkFallback: nil)
        // The graph is not a runnable bundle (child 0 does not exist): the encoding alone is under test.
        let payload = try BinaryBundleEncoder.payload(of: [flow])
        #expect(try BinaryBundleDecoder.decode([FlowGraph].self, from: payload) == [flow])
        #expect(try BinaryBundleEncoder.payload(of: [flow]) == payload)
    }

    @Test func fnv1aMatchesTheReferenceVectors() {
        #expect(ContentHash.fnv1a64([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(ContentHash.hex(ContentHash.fnv1a64(Array("a".utf8))) == "af63dc4c8601ec8c")
        #expect(ContentHash.hex(ContentHash.fnv1a64(Array("foobar".utf8))) == "85944171f73967e8")
        #expect(ContentHash.hex(1) == "0000000000000001")
    }

    @Test func otherFormatVersionsAreRefusedWithAdviceToRecompile() throws {
        var bytes = BundleCodec.encode(try Fixtures.shipped())
        bytes.replaceSubrange(0..<15, with: Array("flowc-bundle 4\n".utf8))
        #expect(throws: BundleError.unsupportedVersion(found: 4, supported: 3)) { try BundleCodec.decode(bytes) }
        // A JSON bundle written by an earlier flowc (formats 1 and 2).
        let json = Array("flowc-bundle 2\n{\"contentHash\":\"0\",\"flows\":[],\"formatVersion\":2}\n".utf8)
        #expect(throws: BundleError.unsupportedVersion(found: 2, supported: 3)) { try BundleCodec.decode(json) }
        #expect(BundleError.unsupportedVersion(found: 2, supported: 3).description
            == "bundle format version 2 is not supported (this flowc reads version 3); recompile the flows with 'flowc compile'")
    }

    @Test func notABundleIsRefused() {
        #expect(throws: BundleError.notABundle) { try BundleCodec.decode(Array("flow: reading\n".utf8)) }
        #expect(throws: BundleError.notABundle) { try BundleCodec.decode([UInt8]()) }
    }

    @Test func truncatedBundlesAreRefused() throws {
        let bytes = BundleCodec.encode(try Fixtures.shipped())
        let half = Array(bytes.prefix(bytes.count / 2))
        #expect(throws: BundleError.hashMismatch(
            stored: try Fixtures.shipped().contentHash, computed: ContentHash.hex(ContentHash.fnv1a64(half.dropFirst(23))))) {
            try BundleCodec.decode(half)
        }
        #expect(throws: BundleError.corrupted("the content hash is truncated")) { try BundleCodec.decode(bytes.prefix(20)) }
        #expect(throws: BundleError.corrupted("the header line is not terminated")) {
            try BundleCodec.decode(Array("flowc-bundle 3".utf8))
        }
        #expect(throws: BundleError.corrupted("the header's format version 'x' is not a number")) {
            try BundleCodec.decode(Array("flowc-bundle x\n{}".utf8))
        }
    }

    /// A payload that hashes correctly but is not flows: the decoder names what and where.
    @Test func damagedPayloadWithAMatchingHashIsCorrupted() throws {
        func withHash(_ payload: [UInt8]) -> [UInt8] {
            Array("flowc-bundle 3\n".utf8) + littleEndian(ContentHash.fnv1a64(payload)) + payload
        }
        let payload = BundleCodec.canonicalEncoding(of: try Fixtures.shipped().flows)
        // The payload ends with the last flow's empty `tabs`: a 4-byte count that is now cut short.
        #expect(throws: BundleError.corrupted("unexpected end of data at byte \(payload.count - 4)")) {
            try BundleCodec.decode(withHash(Array(payload.dropLast())))
        }
        #expect(throws: BundleError.corrupted("1 byte after the end of the flows at byte \(payload.count)")) {
            try BundleCodec.decode(withHash(payload + [0]))
        }
        // Key table: one key, "name"; no strings; one flow whose first key is index 5.
        #expect(throws: BundleError.corrupted("key 5 out of range at byte 12")) {
            try BundleCodec.decode(withHash([1, 4] + Array("name".utf8) + [0, 1, 0, 0, 0, 5]))
        }
        #expect(throws: BundleError.corrupted("expected 'name', found 'nope' at byte 12")) {
            try BundleCodec.decode(withHash([1, 4] + Array("nope".utf8) + [0, 1, 0, 0, 0, 0]))
        }
        #expect(throws: BundleError.corrupted("table of 200 strings longer than the data at byte 3")) {
            try BundleCodec.decode(withHash([1, 1, 0x61, 200, 1]))
        }
    }

    /// Nesting is bounded: a hostile payload cannot exhaust the stack.
    @Test func deeplyNestedPayloadIsRefused() throws {
        var start = CompiledAction.stay
        for _ in 0..<300 { start = .conditional(condition: 0, then: start, else: .stay) }
        let flows = [FlowGraph(name: "deep", conditions: ["c"], start: start)]
        let bytes = BundleCodec.encode(FlowBundle(flows: flows))
        #expect {
            try BundleCodec.decode(bytes)
        } throws: { error in
            guard case BundleError.corrupted(let reason) = error else { return false }
            return reason.hasPrefix("values nested too deep at byte ")
        }
    }

    @Test func editedBundleFailsTheHash() throws {
        let bytes = BundleCodec.encode(try Fixtures.shipped())
        let library = Array("library".utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: library) })
        var edited = bytes
        edited[at + 6] = UInt8(ascii: "x")
        #expect(throws: BundleError.hashMismatch(stored: try Fixtures.shipped().contentHash,
                                                 computed: ContentHash.hex(ContentHash.fnv1a64(edited.dropFirst(23))))) {
            try BundleCodec.decode(edited)
        }
        #expect(BundleError.hashMismatch(stored: "a", computed: "b").description
            == "bundle content hash mismatch: stored a, computed b (the file was changed or damaged)")
    }

    @Test func readableJSONShowsTheBundle() throws {
        let text = BundleCodec.readableJSON(try Fixtures.shipped())
        #expect(text.hasPrefix("{\n  \"contentHash\" : \"\(try Fixtures.shipped().contentHash)\",\n  \"flows\" : [\n"))
        #expect(text.contains("\"name\" : \"library\""))
        #expect(text.hasSuffix("\"formatVersion\" : 3\n}"))
    }

    private func littleEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) }
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
