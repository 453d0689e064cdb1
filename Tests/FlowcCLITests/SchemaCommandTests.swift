import Foundation
import Testing

/// `flowc schema`.
@Suite struct SchemaCommandTests {
    @Test func printsTheCommittedSchema() throws {
        let output = try FlowcProcess.run(["schema"])
        #expect(output.status == 0)
        #expect(output.standardError == "")
        let committed = try String(
            contentsOfFile: FlowcProcess.packageRoot + "/schema/flow.schema.json", encoding: .utf8)
        #expect(output.standardOutput == committed)
        let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
        #expect(object?["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
        #expect(object?["required"] as? [String] == ["flow", "start"])
    }

    @Test func takesNoArguments() throws {
        let output = try FlowcProcess.run(["schema", "Flows"])
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix("flowc: error: 'schema' takes no arguments\n"))
        #expect(output.standardOutput == "")
        let help = try FlowcProcess.run(["schema", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("USAGE: flowc schema\n"))
    }
}
