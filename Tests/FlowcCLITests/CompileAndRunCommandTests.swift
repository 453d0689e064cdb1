import Foundation
import Testing

/// `flowc compile` and `flowc run` from the outside.
@Suite struct CompileAndRunCommandTests {
    @Test func compileIsDeterministicAndRunsTheSameFromTheBundle() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("a.flowbundle").path
        let second = folder.appendingPathComponent("b.flowbundle").path
        let compiled = try FlowcProcess.run(["compile", "Flows", "-o", first])
        #expect(compiled.status == 0)
        #expect(try FlowcProcess.run(["compile", "--output", second, "Flows"]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: second))))
        #expect(bytes.starts(with: Data("flowc-bundle 1".utf8)))

        let script = "docs/examples/reading.flowscript"
        let expected = try String(contentsOfFile: FlowcProcess.packageRoot + "/docs/examples/reading.trace.jsonl", encoding: .utf8)
        let fromYAML = try FlowcProcess.run(["run", "Flows", "--flow", "reading", "--script", script])
        let fromBundle = try FlowcProcess.run(["run", first, "--flow", "reading", "--script", script])
        #expect(fromYAML.status == 0)
        #expect(fromYAML.standardOutput == expected)
        #expect(fromBundle.standardOutput == expected)
    }

    @Test func compileRefusesFlowsWithErrors() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.flowbundle").path
        let result = try FlowcProcess.run(["compile", "Tests/Fixtures/invalid/unknown-flow.yaml", "-o", output])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Tests/Fixtures/invalid/unknown-flow.yaml:8:17: error: unknown flow 'editing' for child 'edit' [FC206]\n"))
        #expect(!FileManager.default.fileExists(atPath: output))
        let noOutput = try FlowcProcess.run(["compile", "Flows"])
        #expect(noOutput.status == 2)
    }

    @Test func runReadsStandardInput() throws {
        let result = try FlowcProcess.run(["run", "Flows", "--flow", "onboarding"], input: "start\nevent continue\n")
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].contains(#""screen":"permissions""#))
        #expect(lines[1].contains(#""status":"applied""#))
    }

    @Test func runUsageErrors() throws {
        let noFlow = try FlowcProcess.run(["run", "Flows"])
        #expect(noFlow.status == 2)
        let unknownFlow = try FlowcProcess.run(["run", "Flows", "--flow", "nosuch"], input: "start\n")
        #expect(unknownFlow.status != 0)
        let corrupt = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: corrupt) }
        let bundle = corrupt.appendingPathComponent("bad.flowbundle")
        try Data("flowc-bundle 1\n{\"trunc".utf8).write(to: bundle)
        let bad = try FlowcProcess.run(["run", bundle.path, "--flow", "reading"], input: "start\n")
        #expect(bad.status != 0)
        #expect(bad.standardError.hasPrefix("flowc: error: "))
    }
}
