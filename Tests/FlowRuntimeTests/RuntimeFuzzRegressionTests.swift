import FlowModel
import FlowTestSupport
import Foundation
import Testing

/// Replays the inputs of fuzz target (b) kept in Tests/Fixtures/fuzz/runtime through the same checks
/// the fuzzer makes (`RuntimeFuzzHarness`), and drives the shipped bundle with fixed command bytes.
@MainActor
@Suite struct RuntimeFuzzRegressionTests {
    nonisolated static let folder: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fixtures/fuzz/runtime").path
    }()

    nonisolated static let inputs: [String] =
        (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? []

    @Test(arguments: inputs)
    func inputKeepsTheInvariants(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name)))
        #expect(RuntimeFuzzHarness.problem(bytes) == nil)
    }

    /// Every root flow of the shipped bundle, driven by a long pseudo-random command sequence.
    @Test func shippedBundleKeepsTheInvariants() throws {
        let payload = BundleCodec.canonicalEncoding(of: try Fixtures.shipped().flows)
        var random = SplitMix64(seed: 8)
        for root in 0..<UInt8(try Fixtures.shipped().flows.count) {
            let commands = [root] + (0..<2_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            #expect(RuntimeFuzzHarness.problem(RuntimeFuzzHarness.input(payload: payload, commands: commands)) == nil)
        }
    }

    /// The kept input built from the shipped flows holds a payload of the current format, so it drives a
    /// coordinator instead of being ignored (rebuild it when the format version changes).
    @Test func theShippedFlowsInputHoldsAPayloadOfTheCurrentFormat() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/shipped-flows-mixed-steps")))
        let length = bytes[0..<4].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        let payload = Array(bytes[4..<4 + length])
        #expect(try BundleCodec.decode(RuntimeFuzzHarness.bundleFile(payload)) == (try Fixtures.shipped()))
    }

    @Test func inputsThatAreNotBundlesAreIgnored() throws {
        #expect(RuntimeFuzzHarness.problem([]) == nil)
        #expect(
            RuntimeFuzzHarness.problem(
                RuntimeFuzzHarness.input(payload: Array("{\"flows\": 3}".utf8), commands: [1, 2])) == nil)
        // The fixed hash lets a real payload through: its file decodes to the shipped bundle.
        let shipped = try Fixtures.shipped()
        let payload = BundleCodec.canonicalEncoding(of: shipped.flows)
        #expect(try BundleCodec.decode(RuntimeFuzzHarness.bundleFile(payload)) == shipped)
    }
}
