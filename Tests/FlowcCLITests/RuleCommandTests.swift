import Foundation
import Testing

/// `flowc rules` and `flowc explain`.
@Suite struct RuleCommandTests {
    @Test func rulesListsEveryCodeOnce() throws {
        let output = try FlowcProcess.run(["rules"])
        #expect(output.status == 0)
        let lines = output.standardOutput.split(separator: "\n")
        let codes = lines.map { String($0.prefix(5)) }
        #expect(codes == codes.sorted())
        #expect(Set(codes).count == codes.count)
        #expect(lines.contains { $0.hasPrefix("FC203  error    unknown-screen") })
    }

    @Test func explainCoversEveryListedCode() throws {
        let codes = try FlowcProcess.run(["rules"]).standardOutput.split(separator: "\n").map { String($0.prefix(5)) }
        for code in codes {
            let output = try FlowcProcess.run(["explain", code])
            #expect(output.status == 0, "explain \(code)")
            #expect(output.standardOutput.hasPrefix(code + " "), "explain \(code)")
            #expect(output.standardOutput.contains("Does not trigger:"), "explain \(code)")
        }
    }

    @Test func explainByIdentifierAndErrors() throws {
        let byName = try FlowcProcess.run(["explain", "unknown-screen"])
        #expect(
            byName.standardOutput.hasPrefix(
                "FC203 unknown-screen (error): an action names a screen the flow does not declare\n"))
        #expect(byName.standardOutput.contains("select: { push: ↓detials }"))
        let unknown = try FlowcProcess.run(["explain", "FC999"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "flowc: error: no rule 'FC999'; 'flowc rules' lists them\n")
        let none = try FlowcProcess.run(["explain"])
        #expect(none.status == 2)
        let extra = try FlowcProcess.run(["rules", "x"])
        #expect(extra.status == 2)
    }
}
