import Foundation
import Testing

/// `flowc check`: every reachable state explored, every guarantee checked.
@Suite struct CheckCommandTests {
    @Test func theReadingAppKeepsEveryGuarantee() throws {
        let output = try FlowcProcess.run(["check", "Flows/reading.yaml", "Flows/edit.yaml"])
        #expect(output.status == 0)
        #expect(output.standardError == "")
        #expect(output.standardOutput == "flow reading: complete, 9 states, 73 steps, no guarantee broken\n")
    }

    @Test func aBoundedRunSaysSo() throws {
        let output = try FlowcProcess.run(["check", "Flows", "--flow", "social", "--max-states", "40"])
        #expect(output.status == 0)
        #expect(output.standardOutput.hasPrefix("flow social: bounded by 40 states, 40 states, "))
        #expect(output.standardOutput.hasSuffix(" steps, no guarantee broken\n"))
    }

    @Test func usageErrors() throws {
        let none = try FlowcProcess.run(["check"])
        #expect(none.status == 2)
        #expect(
            none.standardError.contains(
                "flowc: error: no paths given; name flow files or folders, such as 'flowc check Flows'"))
        let badBound = try FlowcProcess.run(["check", "Flows", "--max-states", "0"])
        #expect(badBound.status == 2)
        #expect(badBound.standardError == "flowc: error: --max-states takes a whole number of at least 1, not '0'\n")
        let unknown = try FlowcProcess.run(["check", "Flows", "--flow", "nope"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "flowc: error: no flow named 'nope' in the given paths\n")
        let invalid = try FlowcProcess.run(["check", "Tests/Fixtures/invalid/guarded-links"])
        #expect(invalid.status == 1)
        #expect(invalid.standardError.hasSuffix("flowc: error: the flows have errors; fix them first\n"))
    }
}
