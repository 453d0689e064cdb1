import FlowDefinitions
import FlowYAML
import Testing

@testable import FlowCompiler

/// A large file is parsed on a second thread while its document is built
/// (`FlowFileReader.read(path:bytes:limits:overlapped:)`); the file read is the same either way: the flow,
/// the diagnostics in order and the damaged ranges.
struct OverlappedReadTests {
    /// About 400 KiB: several thousand screens, some with decoding errors, then `ending`.
    static func flow(ending: String) -> [UInt8] {
        var text = "flow: big\nstart: s0\nscreens:\n"
        for index in 0..<3_000 {
            switch index % 500 {
            case 7: text += "  s\(index): { paramz: {} }\n"
            case 9: text += "  \"bad name \(index)\": {}\n"
            default:
                text += "  s\(index):\n    params: { itemID: { type: int, min: 1 } }\n"
                text += "    on:\n      next:\n        params: { itemID: int }\n"
                text += "        push: s\(index + 1)\n        with: { itemID: $itemID }\n"
            }
        }
        return Array((text + ending).utf8)
    }

    struct Read: Equatable {
        var flow: FlowDefinition?
        var diagnostics: [Diagnostic]
        var damaged: [Range<Int>]
    }

    static func read(_ bytes: [UInt8], overlapped: Bool) -> Read {
        let file = FlowFileReader.read(path: "big.yaml", bytes: bytes, overlapped: overlapped)
        return Read(flow: file.flow, diagnostics: file.diagnostics, damaged: file.damaged)
    }

    @Test func overlappedReadsAreIdentical() {
        let endings = ["  s3000: {}\n", "  s1: {}\n", "  s3000: [unclosed\n", "  s3000: *nothing\n", "---\nflow: b\n"]
        for ending in endings {
            let bytes = Self.flow(ending: ending)
            #expect(bytes.count > FlowValidation.overlappedParseBytes)
            let sequential = Self.read(bytes, overlapped: false)
            #expect(!sequential.diagnostics.isEmpty)
            #expect(sequential == Self.read(bytes, overlapped: true), "\(ending)")
        }
    }
}
