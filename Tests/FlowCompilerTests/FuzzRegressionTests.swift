import Foundation
import Testing

/// Replays the inputs of fuzz target (a) kept in Tests/Fixtures/fuzz/compiler through the same checks
/// the fuzzer makes (`CompilerFuzzHarness`), so a crash once found stays fixed.
@Suite struct FuzzRegressionTests {
    static let folder = TestPaths.fixtures + "/fuzz/compiler"

    static let inputs: [String] = (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? []

    @Test func inputsExist() {
        #expect(Self.inputs.count >= 5)
    }

    @Test(arguments: inputs)
    func inputPassesTheFuzzChecks(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name)))
        #expect(CompilerFuzzHarness.problems(bytes) == [])
    }

    /// Valid flows (the first eight shipped files, the most the harness splits an input into) compile
    /// and survive the round trip.
    @Test func shippedFlowsPassTheFuzzChecks() throws {
        let files = try TestPaths.shippedFlows()
        #expect(files.count >= 8)
        #expect(CompilerFuzzHarness.problems(Array(files.prefix(8).map(\.bytes).joined(separator: [0]))) == [])
    }

    /// The checks can fail: a diagnostic must point into the files it came from.
    @Test func harnessReportsUnlocatedDiagnostics() {
        #expect(CompilerFuzzHarness.problems(Array("flow: x\nstart: a\nscreens: { a: {} }\n".utf8)) == [])
        #expect(CompilerFuzzHarness.problems(Array("flow: [".utf8)) == [])
    }
}
