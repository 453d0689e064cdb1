import FlowDefinitions
import FlowModel
import FlowYAML
import Testing

@testable import FlowCompiler

/// A large flow's screens are decoded in chunks on all cores; whatever the chunks, the result is that of
/// one decoder reading the screens in order: the same screens, diagnostics (in order), damaged ranges and
/// unreadable parameters.
struct ChunkedScreensTests {
    /// Screens with a problem of every kind a screen can have, spread so that chunk boundaries fall
    /// between a screen and the key that slipped out of it.
    static let flow: String = {
        var lines = ["flow: big", "start: s0", "screens:", "  base: &base", "    params: { itemID: int }"]
        for index in 0..<60 { lines += index % 10 == 6 ? ["  s\(index): *base"] : screen(index) }
        lines += ["  s60: {}"]
        return lines.joined(separator: "\n") + "\n"
    }()

    /// The lines of entry `index` of a `screens` mapping: a problem of one kind by `index % 10`, or a good screen.
    static func screen(_ index: Int) -> [String] {
        switch index % 10 {
        case 1: ["  s\(index):"]  // empty: the next entry, 'on', slipped out of it
        case 2 where index % 20 == 2:
            // Each screen key slips out once (a key is allowed once in the mapping).
            ["  \(["on", "params", "removal"][index / 20]):", "    next: { push: s\(index + 1) }"]
        case 3: ["  \"bad name \(index)\": {}"]
        case 4: ["  s\(index):", "    params: { count: { type: integer } }"]
        case 5: ["  s\(index): { paramz: {} }"]
        case 7: ["  s\(index):", "    on: { next: { push: s\(index + 1), pop: 1 } }"]
        default: ["  s\(index):", "    on: { next: { push: s\(index + 1), with: { itemID: 1 } } }"]
        }
    }

    struct Decoded: Equatable {
        var flow: FlowDefinition?
        var diagnostics: [Diagnostic]
        var damaged: [Range<Int>]
        var unreadable: Set<UnreadableParameter>
    }

    static func decode(screensPerChunk: Int) throws -> Decoded {
        let bytes = Array(flow.utf8)
        let document = try YAMLLoader.loadDocument(bytes)
        var decoder = FlowDecoder(file: "big.yaml", source: bytes, document: document, screensPerChunk: screensPerChunk)
        let flow = decoder.decodeFlow(document.root)
        return Decoded(
            flow: flow, diagnostics: decoder.diagnostics.diagnostics, damaged: decoder.damaged,
            unreadable: decoder.unreadableParameters)
    }

    @Test func chunksGiveTheResultOfOneDecoder() throws {
        let whole = try Self.decode(screensPerChunk: .max)
        // The input exercises every path: names that are not identifiers, slipped-out keys, unreadable
        // parameters, unknown keys, conflicting actions, aliases.
        #expect(whole.diagnostics.count == 27)
        #expect(Set(whole.diagnostics.map(\.code)) == ["FC101", "FC104", "FC105", "FC106", "FC108"])
        #expect(whole.diagnostics.filter { $0.code == "FC108" }.map(\.location.line) == [9, 41, 73])
        // `base`, and s0…s60 but the six names that are not identifiers and the three keys that slipped out.
        #expect(whole.flow?.screens.count == 53)
        #expect(!whole.damaged.isEmpty)
        #expect(whole.unreadable.count == 6)
        for size in [1, 2, 3, 7, 10, 30] {
            #expect(try Self.decode(screensPerChunk: size) == whole, "chunks of \(size)")
        }
    }

    @Test func chunksAreConsecutiveAndCoverEveryEntry() {
        #expect(FlowDecoder.chunks(of: 0, size: 1_024) == [0..<0])
        #expect(FlowDecoder.chunks(of: 2_047, size: 1_024) == [0..<2_047])
        #expect(FlowDecoder.chunks(of: 2_048, size: 1_024) == [0..<1_024, 1_024..<2_048])
        #expect(FlowDecoder.chunks(of: 10, size: 1) == [0..<1, 1..<2, 2..<3, 3..<5, 5..<6, 6..<7, 7..<8, 8..<10])
    }
}
