import Foundation
import Testing

/// `flowc graph`: formats, the root flow, diagnostics beside the picture, usage errors.
@Suite struct GraphCommandTests {
    @Test func printsTheGoldenDiagrams() throws {
        let mermaid = try FlowcProcess.run(["graph", "Flows", "--flow", "reading"])
        #expect(mermaid.status == 0)
        #expect(mermaid.standardError == "")
        #expect(
            mermaid.standardOutput
                == (try String(
                    contentsOfFile: FlowcProcess.packageRoot + "/Tests/Fixtures/graphs/reading.mmd", encoding: .utf8)))
        let dot = try FlowcProcess.run(["graph", "--format", "dot", "--flow", "social", "Flows"])
        #expect(dot.status == 0)
        #expect(
            dot.standardOutput
                == (try String(contentsOfFile: FlowcProcess.packageRoot + "/docs/graphs/social.dot", encoding: .utf8)))
    }

    @Test func drawsFlowsWithErrorsAndReportsThem() throws {
        let output = try FlowcProcess.run(["graph", "--format", "dot", "Tests/Fixtures/invalid/unreachable.yaml"])
        #expect(output.status == 0)
        #expect(
            output.standardError.hasPrefix(
                "Tests/Fixtures/invalid/unreachable.yaml:8:3: error: screen 'archive' is unreachable"))
        #expect(output.standardOutput.contains("⚠ FC301"))
    }

    @Test func usageErrors() throws {
        let unknownFlow = try FlowcProcess.run(["graph", "Flows", "--flow", "nope"])
        #expect(unknownFlow.status == 2)
        #expect(
            unknownFlow.standardError.hasPrefix("flowc: error: no flow 'nope'; the flows are: account, app, auth, "))
        #expect(unknownFlow.standardOutput == "")
        let format = try FlowcProcess.run(["graph", "Flows", "--format", "svg"])
        #expect(format.status == 2)
        #expect(format.standardError == "flowc: error: unknown graph format 'svg'; expected mermaid or dot\n")
        let noPaths = try FlowcProcess.run(["graph"])
        #expect(noPaths.status == 2)
        let missing = try FlowcProcess.run(["graph", "no-such-folder"])
        #expect(missing.status == 2)
        #expect(missing.standardError.hasPrefix("flowc: error: cannot read 'no-such-folder'"))
    }
}
