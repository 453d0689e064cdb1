import FlowCompiler
import FlowRuntime
import FlowTestSupport
import Testing

@testable import FlowModel

@MainActor
struct BundleCodecTests {
    @Test func sameFlowsGiveSameBytes() throws {
        let first = BundleCodec.encode(try Fixtures.shipped())
        let result = try FlowValidation.validate(paths: [Fixtures.flowsFolder])
        let reversed = try GraphLowering.lower(result.flows.reversed())
        #expect(BundleCodec.encode(reversed) == first)
        #expect(Array(first.prefix(15)) == Array("flowc-bundle 5\n".utf8))
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
            constraints: ParameterConstraints(
                minimum: -1, maximum: 1e9, allowedValues: [.int(1), .double(0.5)], check: "exists",
                minimumLength: 0, maximumLength: 12, pattern: "^[a-z]+$"),
            defaultValue: .int(-7))
        let actions: [ActionNode] = [
            .push(screen: 1, arguments: arguments), .startChild(child: 0, arguments: []), .pop(count: 3),
            .popTo(screen: 0),
            .replaceRoot(target: .child(0), arguments: []), .finish(outcome: 0, arguments: nil),
            .finish(outcome: 0, arguments: [ArgumentNode(name: "x", source: .literal(.int(0)))]),
            .conditional(
                condition: 0, then: .conditional(condition: 0, then: .stay, else: .pop(count: 1)), else: .stay),
            .show(target: .screen(1), arguments: []), .stay, .select(tab: "home"),
        ]
        let flow = FlowGraph(
            name: "all", parameters: [parameter], conditions: ["ready"],
            start: .show(target: .screen(0), arguments: []),
            outcomes: ["done"],
            screens: [
                ScreenNode(
                    name: "first", parameters: [],
                    events: actions.enumerated().map { EventNode(name: "e\($0.offset)", action: $0.element) },
                    removal: .confirm, confirmPrompt: "sure?", confirmOutcome: 0),
                ScreenNode(name: "second", parameters: [parameter]),
            ],
            linkPolicy: .redirect, linkRedirect: 1, linkFallback: nil)
        // The graph is not a runnable bundle (child 0 does not exist): the encoding alone is under test.
        var linked = flow
        linked.name = "linked"
        linked.outcomeParameters = [[parameter]]
        linked.linkPolicyDeclared = false
        linked.children = [ChildNode(name: "child", flow: 0, handlers: [.stay, .pop(count: -1)], presentation: .cover)]
        linked.links = [
            LinkNode(
                pattern: "/a/{id:int}", segments: [.literal("a"), .placeholder(name: "id", type: .int)],
                routes: [LinkRouteNode(target: .child(0), arguments: arguments)]),
            LinkNode(
                pattern: "/b/{x:double}", segments: [.placeholder(name: "x", type: .double)], routes: [],
                guardConditions: ["ready"],
                otherwise: LinkOtherwiseNode(routes: [LinkRouteNode(target: .screen(1))], continueOn: 0)),
            LinkNode(
                pattern: "/", segments: [], routes: [], guardConditions: [], otherwise: LinkOtherwiseNode(routes: [])),
        ]
        linked.tabs = [TabNode(child: 0, arguments: arguments)]
        linked.backAtTabRoot = .selectFirstTab
        linked.links[0].tabs = .replace
        linked.links[1].tabs = .keep
        linked.conditions = ["ready"]
        linked.screens[0].removal = .confirm
        linked.screens[0].confirmCondition = 0
        linked.screens[1].events = [
            EventNode(name: "go", parameters: [parameter, ParameterNode(name: "s", type: .string)], action: .stay)
        ]
        linked.screens[1].removal = .preserve
        linked.parameters.append(ParameterNode(name: "b", type: .bool, defaultValue: .bool(false)))
        let payload = BinaryBundleEncoder.payload(of: [flow, linked])
        #expect(try BinaryBundleDecoder.flows(in: payload) == [flow, linked])
        #expect(BinaryBundleEncoder.payload(of: [flow, linked]) == payload)
    }

    /// The binary codec is written by hand, field by field (docs/BUNDLE.md, "Binary encoding"). This
    /// lists every stored field of every graph type it writes: a field added to a type fails here until
    /// the codec writes and reads it (then extend `roundTripKeepsEveryKindOfValue`, update
    /// docs/BUNDLE.md and raise `FlowBundle.currentFormatVersion`).
    @Test func theCodecCoversEveryFieldOfEveryGraphType() {
        func fields(_ value: Any) -> [String] { Mirror(reflecting: value).children.map { $0.label ?? "?" } }
        #expect(
            fields(FlowGraph(name: "a", start: .stay)) == [
                "name", "parameters", "conditions", "start", "outcomes", "outcomeParameters", "screens", "children",
                "links",
                "linkPolicy", "linkPolicyDeclared", "linkRedirect", "linkFallback", "tabs", "renames", "backAtTabRoot",
            ])
        #expect(fields(FlowRenames()) == ["flow", "screens", "children", "outcomes", "linkAliases"])
        #expect(fields(LinkAliasNode(pattern: "/", segments: [])) == ["pattern", "segments"])
        #expect(fields(ParameterNode(name: "a", type: .int)) == ["name", "type", "constraints", "defaultValue"])
        // `compiledPattern` is derived from `pattern` when the constraints are built, never stored.
        #expect(
            fields(ParameterConstraints()) == [
                "minimum", "maximum", "allowedValues", "check", "minimumLength", "maximumLength", "pattern",
                "compiledPattern",
            ])
        #expect(
            fields(ScreenNode(name: "a")) == [
                "name", "parameters", "events", "removal", "confirmPrompt", "confirmOutcome", "confirmCondition",
            ])
        #expect(fields(EventNode(name: "a", action: .stay)) == ["name", "parameters", "action"])
        #expect(fields(ChildNode(name: "a", flow: 0, handlers: [])) == ["name", "flow", "handlers", "presentation"])
        #expect(
            fields(LinkNode(pattern: "/", segments: [], routes: [])) == [
                "pattern", "segments", "routes", "guardConditions", "otherwise", "tabs",
            ])
        #expect(fields(LinkOtherwiseNode(routes: [])) == ["routes", "continueOn"])
        #expect(fields(LinkRouteNode(target: .screen(0))) == ["target", "arguments"])
        #expect(fields(TabNode(child: 0)) == ["child", "arguments"])
        #expect(fields(ArgumentNode(name: "a", source: .parameter("b"))) == ["name", "source"])
        // Enum cases are covered by the compiler: the encoder switches over every case without a default.
    }

    /// Since bundle format 5 a flow may carry its former names and link aliases; flows without them encode
    /// as in format 4 plus one absent-field byte, and a format 4 file still decodes, keeping its version.
    @Test func renamesRoundTripAndFormat4BundlesStillDecode() throws {
        var flow = FlowGraph(
            name: "app", start: .show(target: .screen(0), arguments: []), outcomes: ["done"],
            screens: [ScreenNode(name: "post"), ScreenNode(name: "feed")],
            children: [ChildNode(name: "c", flow: 0, handlers: [.stay])],
            links: [
                LinkNode(
                    pattern: "/posts/{id:int}", segments: [.literal("posts"), .placeholder(name: "id", type: .int)],
                    routes: [LinkRouteNode(target: .screen(0))])
            ])
        flow.renames = FlowRenames(
            flow: ["home"], screens: [["article", "story"], []], children: [["editor"]], outcomes: [["finished"]],
            linkAliases: [
                [
                    LinkAliasNode(
                        pattern: "/a/{id:int}", segments: [.literal("a"), .placeholder(name: "id", type: .int)])
                ]
            ])
        #expect(try BinaryBundleDecoder.flows(in: BinaryBundleEncoder.payload(of: [flow])) == [flow])
        #expect(FlowBundle(flows: [flow]).integrityProblem() == nil)
        var misaligned = flow
        misaligned.renames?.screens = [["article"]]
        #expect(
            FlowBundle(flows: [misaligned]).integrityProblem()
                == "flow 'app': renames: 1 lists of former screens for 2 screens")
        // A format 4 file: the shipped flows without the fields format 5 added (renames, and the format 1.2
        // back policy, confirm condition and link tabs policy).
        let flows = try Fixtures.shipped().flows.map { flow in
            var flow = flow
            flow.backAtTabRoot = nil
            for index in flow.screens.indices { flow.screens[index].confirmCondition = nil }
            for index in flow.links.indices { flow.links[index].tabs = nil }
            return flow
        }
        let format4 = FlowBundle(
            formatVersion: 4,
            contentHash: ContentHash.hex(ContentHash.fnv1a64(BinaryBundleEncoder.payload(of: flows, version: 4))),
            flows: flows)
        let bytes = BundleCodec.encode(format4)
        #expect(Array(bytes.prefix(15)) == Array("flowc-bundle 4\n".utf8))
        let decoded = try BundleCodec.decode(bytes)
        #expect(decoded.formatVersion == 4)
        #expect(decoded.flows == flows)
        #expect(BundleCodec.encode(decoded) == bytes)
    }

    @Test func fnv1aMatchesTheReferenceVectors() {
        #expect(ContentHash.fnv1a64([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(ContentHash.hex(ContentHash.fnv1a64(Array("a".utf8))) == "af63dc4c8601ec8c")
        #expect(ContentHash.hex(ContentHash.fnv1a64(Array("foobar".utf8))) == "85944171f73967e8")
        #expect(ContentHash.hex(1) == "0000000000000001")
    }

    @Test func otherFormatVersionsAreRefusedWithAdviceToRecompile() throws {
        var bytes = BundleCodec.encode(try Fixtures.shipped())
        bytes.replaceSubrange(0..<15, with: Array("flowc-bundle 6\n".utf8))
        #expect(throws: BundleError.unsupportedVersion(found: 6, supported: 5)) { try BundleCodec.decode(bytes) }
        // Format 3 (one body driven by the Codable conformances, with a key table): refused from its header,
        // before its hash or body is read.
        let format3 =
            Array("flowc-bundle 3\n".utf8) + [UInt8](repeating: 0, count: 8) + [1, 4] + Array("name".utf8) + [
                1, 1, 0x61, 1, 0, 0, 0, 0,
            ]
        #expect(throws: BundleError.unsupportedVersion(found: 3, supported: 5)) { try BundleCodec.decode(format3) }
        // A JSON bundle written by an earlier flowc (formats 1 and 2).
        let json = Array("flowc-bundle 2\n{\"contentHash\":\"0\",\"flows\":[],\"formatVersion\":2}\n".utf8)
        #expect(throws: BundleError.unsupportedVersion(found: 2, supported: 5)) { try BundleCodec.decode(json) }
        #expect(
            BundleError.unsupportedVersion(found: 3, supported: 5).description
                == "bundle format version 3 is not supported (this flowc reads versions 4 to 5); recompile the flows with 'flowc compile'"
        )
    }

    @Test func notABundleIsRefused() {
        #expect(throws: BundleError.notABundle) { try BundleCodec.decode(Array("flow: reading\n".utf8)) }
        #expect(throws: BundleError.notABundle) { try BundleCodec.decode([UInt8]()) }
    }

    @Test func truncatedBundlesAreRefused() throws {
        let bytes = BundleCodec.encode(try Fixtures.shipped())
        let half = Array(bytes.prefix(bytes.count / 2))
        #expect(
            throws: BundleError.hashMismatch(
                stored: try Fixtures.shipped().contentHash,
                computed: ContentHash.hex(ContentHash.fnv1a64(half.dropFirst(23))))
        ) {
            try BundleCodec.decode(half)
        }
        #expect(throws: BundleError.corrupted("the content hash is truncated")) {
            try BundleCodec.decode(bytes.prefix(20))
        }
        #expect(throws: BundleError.corrupted("the header line is not terminated")) {
            try BundleCodec.decode(Array("flowc-bundle 5".utf8))
        }
        #expect(throws: BundleError.corrupted("the header's format version 'x' is not a number")) {
            try BundleCodec.decode(Array("flowc-bundle x\n{}".utf8))
        }
    }

    /// The smallest runnable flow, `a` with one screen `a`, byte by byte as docs/BUNDLE.md lays it out.
    static let smallestPayload: [UInt8] = [
        1, 29,  // one flow, whose section is 29 bytes
        1, 1, 0x61,  // its string table: one string, "a"
        0, 0, 0,  // name "a", no parameters, no conditions
        7, 0, 0, 0,  // start: show (7), screen (0) index 0, no arguments
        0, 0,  // no outcomes, outcome parameters absent
        1, 0, 0, 0, 0, 0, 0, 0,  // one screen "a": no parameters or events, discard, three optionals absent
        0, 0, 0, 0, 0, 0, 0,  // no children or links, allow, the last three optionals absent, no tabs
        0, 0,  // renames and back policy absent (since format 5)
    ]

    @Test func theSmallestFlowIsWrittenAsDocumented() throws {
        let flow = FlowGraph(
            name: "a", start: .show(target: .screen(0), arguments: []), screens: [ScreenNode(name: "a")])
        #expect(BundleCodec.canonicalEncoding(of: [flow]) == Self.smallestPayload)
        #expect(try BundleCodec.decode(withHash(Self.smallestPayload)).flows == [flow])
    }

    /// A payload that hashes correctly but is not flows: the decoder names what and where (the byte
    /// offset in the payload).
    @Test func damagedPayloadWithAMatchingHashIsCorrupted() throws {
        func expectCorrupted(
            _ change: (inout [UInt8]) -> Void, _ reason: String,
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) {
            var payload = Self.smallestPayload
            change(&payload)
            #expect(throws: BundleError.corrupted(reason), sourceLocation: sourceLocation) {
                try BundleCodec.decode(withHash(payload))
            }
        }
        expectCorrupted({ $0.append(0) }, "1 byte after the end of the flows at byte 31")
        expectCorrupted({ $0[1] = 30 }, "flow 1 of 1 is 30 bytes long, past the end of the data at byte 2")
        expectCorrupted(
            {
                $0[1] = 28
                $0.removeLast()
            }, "unexpected end of data at byte 30")
        expectCorrupted({ $0[1] = 28 }, "1 byte after the end of the flows at byte 30")
        expectCorrupted(
            {
                $0[1] = 30
                $0.append(0)
            }, "1 byte after the end of the flow at byte 31")
        expectCorrupted({ $0[0] = 100 }, "100 elements cannot fit in the 30 bytes left at byte 0")
        expectCorrupted({ $0[5] = 5 }, "string 5 out of range (the flow has 1) at byte 5")
        expectCorrupted({ $0[3] = 100 }, "a string of 100 bytes runs past the end of the data at byte 4")
        expectCorrupted({ $0[8] = 11 }, "action tag 11 is not one of 0…10 at byte 8")
        expectCorrupted({ $0[13] = 2 }, "presence tag 2 is not one of 0…1 at byte 13")
        expectCorrupted({ $0[14] = 100 }, "100 elements cannot fit in the 16 bytes left at byte 14")
        expectCorrupted({ $0[18] = 3 }, "removal policy tag 3 is not one of 0…2 at byte 18")
        expectCorrupted({ $0[24] = 4 }, "link policy tag 4 is not one of 0…3 at byte 24")
        expectCorrupted({ $0[29] = 2 }, "presence tag 2 is not one of 0…1 at byte 29")
        // Decoded, then refused by the structural checks: the start shows screen 1 of 1.
        expectCorrupted({ $0[10] = 2 }, "flow 'a': start: screen index 1 is out of range")
    }

    /// Section lengths shorter than any flow are refused from the lengths alone, at the first such
    /// section, before any section is decoded: in a file of a million empty sections (one byte per
    /// flow), each would otherwise be decoded and its failure kept; it says which flow and where.
    @Test func sectionsTooShortForAFlowAreRefusedFromTheLengths() {
        // Three flows of 0 bytes: refused at the first, where its section would start (byte 4).
        #expect(
            throws: BundleError.corrupted(
                "flow 1 of 3 is 0 bytes long, shorter than the smallest flow (15 bytes) at byte 4")
        ) {
            try BundleCodec.decode(withHash([3, 0, 0, 0]))
        }
        // The smallest flow, then a 14-byte section holding 14 zero bytes.
        var payload: [UInt8] = [2, 29, 14] + Self.smallestPayload.dropFirst(2) + [UInt8](repeating: 0, count: 14)
        #expect(
            throws: BundleError.corrupted(
                "flow 2 of 2 is 14 bytes long, shorter than the smallest flow (15 bytes) at byte 32")
        ) {
            try BundleCodec.decode(withHash(payload))
        }
        // A million empty sections: the count (a 3-byte varint), then a million lengths of 0.
        payload = [0xC0, 0x84, 0x3D] + [UInt8](repeating: 0, count: 1_000_000)
        #expect(
            throws: BundleError.corrupted(
                "flow 1 of 1000000 is 0 bytes long, shorter than the smallest flow (15 bytes) at byte 1000003")
        ) {
            try BundleCodec.decode(withHash(payload))
        }
    }

    /// Every truncation and every single-byte change of the shipped bundle's payload, with the hash
    /// fixed so the decoder sees it, is either refused with a message located at a byte or a flow,
    /// or decodes to a bundle that passes the structural checks; none crashes.
    @Test func everyTruncationAndByteChangeIsRefusedOrDecodes() throws {
        let payload = BundleCodec.canonicalEncoding(of: try Fixtures.shipped().flows)
        var refused = 0
        func check(_ damaged: [UInt8], _ what: String) {
            do {
                let bundle = try BundleCodec.decode(withHash(damaged))
                #expect(bundle.integrityProblem() == nil, "\(what)")
            } catch let BundleError.corrupted(reason) {
                refused += 1
                let located =
                    reason.wholeMatch(of: /.+ at byte \d+/) != nil || reason.hasPrefix("flow '")
                    || reason.hasPrefix("flows are not sorted")
                #expect(located, "\(what): \(reason)")
            } catch {
                Issue.record("\(what): \(error)")
            }
        }
        for length in 0..<payload.count { check(Array(payload.prefix(length)), "cut to \(length) bytes") }
        for offset in payload.indices {
            var damaged = payload
            damaged[offset] ^= 0xff
            check(damaged, "byte \(offset) inverted")
        }
        // Every truncation is refused (the section lengths no longer add up), and most changes are.
        #expect(refused >= payload.count * 3 / 2)
    }

    /// Nesting is bounded: a hostile payload cannot exhaust the stack.
    @Test func deeplyNestedPayloadIsRefused() throws {
        var start = ActionNode.stay
        for _ in 0..<300 { start = .conditional(condition: 0, then: start, else: .stay) }
        let flows = [FlowGraph(name: "deep", conditions: ["c"], start: start)]
        let bytes = BundleCodec.encode(FlowBundle(flows: flows))
        #expect {
            try BundleCodec.decode(bytes)
        } throws: { error in
            guard case BundleError.corrupted(let reason) = error else { return false }
            return reason.hasPrefix("actions nested too deep at byte ")
        }
    }

    @Test func editedBundleFailsTheHash() throws {
        let bytes = BundleCodec.encode(try Fixtures.shipped())
        let library = Array("library".utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: library) })
        var edited = bytes
        edited[at + 6] = UInt8(ascii: "x")
        #expect(
            throws: BundleError.hashMismatch(
                stored: try Fixtures.shipped().contentHash,
                computed: ContentHash.hex(ContentHash.fnv1a64(edited.dropFirst(23))))
        ) {
            try BundleCodec.decode(edited)
        }
        #expect(
            BundleError.hashMismatch(stored: "a", computed: "b").description
                == "bundle content hash mismatch: stored a, computed b (the file was changed or damaged)")
    }

    @Test func readableJSONShowsTheBundle() throws {
        let text = BundleCodec.readableJSON(try Fixtures.shipped())
        #expect(text.hasPrefix("{\n  \"contentHash\" : \"\(try Fixtures.shipped().contentHash)\",\n  \"flows\" : [\n"))
        #expect(text.contains("\"name\" : \"library\""))
        #expect(text.hasSuffix("\"formatVersion\" : 5\n}"))
    }

    private func withHash(_ payload: [UInt8]) -> [UInt8] {
        Array("flowc-bundle 5\n".utf8) + littleEndian(ContentHash.fnv1a64(payload)) + payload
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
}
