import Foundation
import Testing

/// `flowc check`: every reachable state explored, every guarantee checked.
@Suite struct CheckCommandTests {
    @Test func theReadingAppKeepsEveryGuarantee() throws {
        let output = try FlowcProcess.run(["check", "Flows/reading.yaml", "Flows/edit.yaml"])
        #expect(output.status == 0)
        #expect(output.standardError == "")
        #expect(output.standardOutput == "flow reading: complete, 24 states, 304 steps, no guarantee broken\n")
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

    /// An action refused in every state explored is a warning at the event, with a command that reproduces
    /// it; a warning alone exits 0.
    @Test func anEventRefusedInEveryStateIsAWarningWithItsReproduction() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "rules:\n  FC308: off\n".write(
            to: folder.appendingPathComponent("check.yml"), atomically: true, encoding: .utf8)
        let file = "Tests/Fixtures/explorer/refused-pop.yaml"
        let output = try FlowcProcess.run(["check", file, "--config", folder.path + "/check.yml"])
        #expect(output.status == 0)
        #expect(output.standardOutput == "flow demo: complete, 4 states, 12 steps, no guarantee broken\n")
        #expect(
            output.standardError == """
                \(file):10:7: warning: event 'leave' of screen 'detail' is refused in every state explored that shows the screen: pop 2 would remove the first route of flow 'demo' (it has 2); use finish [FC807]
                      leave: { pop: 2 }
                      ^
                \(file):10:7: note: reproduce with: printf '%s\\n' 'start' 'event next' 'event leave' | flowc run '\(file)' --flow 'demo'
                      leave: { pop: 2 }
                      ^

                """)
    }
}
