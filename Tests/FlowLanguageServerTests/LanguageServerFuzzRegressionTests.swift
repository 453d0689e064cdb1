import Foundation
import Testing

@testable import FlowLanguageServer

/// Replays the inputs of fuzz target (c) kept in Tests/Fixtures/fuzz/lsp through the same checks the
/// fuzzer makes (`LanguageServerFuzzHarness`), so a crash once found stays fixed.
@Suite struct LanguageServerFuzzRegressionTests {
    static let folder: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path + "/Tests/Fixtures/fuzz/lsp"
    }()

    static let inputs: [String] = (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? []

    @Test func inputsExist() {
        #expect(Self.inputs.count >= 3)
    }

    @Test(arguments: inputs)
    func inputPassesTheFuzzChecks(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name)))
        #expect(LanguageServerFuzzHarness.problems(bytes) == [])
    }

    /// The checks can fail: a request answered twice or never, and an answer without a result, are reported.
    @Test func harnessReportsWrongAnswers() {
        let answer: JSONValue = ["jsonrpc": "2.0", "id": "a", "result": nil]
        #expect(
            LanguageServerFuzzHarness.check([answer, answer, ["jsonrpc": "2.0", "id": "c"]], expecting: ["a", "b"]) == [
                #"an answer without result or error: {"id":"c","jsonrpc":"2.0"}"#,
                "request a answered 2 times", "request b answered 0 times",
            ])
        // The server exits at `exit`: nothing after it is sent, and nothing is expected.
        let exit =
            Array("flow: a\nstart: a\n".utf8) + [0]
            + Array("Content-Length: 33\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}".utf8)
        #expect(LanguageServerFuzzHarness.problems(exit) == [])
    }
}
