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
    /// it (a note at the same place, so the source line is not printed again); a warning alone exits 0.
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

                """)
    }

    /// A child that cannot finish from a reachable state (FC809) and the event refused on the way there
    /// (FC808): warnings at the child declaration and at the event, each with its reproduction; exit 0.
    @Test func whatOnlyExplorationProvesIsAWarningAtTheDeclaration() throws {
        let folder = "Tests/Fixtures/explorer/stuck-child"
        let output = try FlowcProcess.run(["check", folder])
        #expect(output.status == 0)
        #expect(output.standardOutput == "flow demo: complete, 6 states, 29 steps, no guarantee broken\n")
        #expect(
            output.standardError == """
                \(folder)/demo.yaml:7:3: warning: child 'trap' of flow 'demo' cannot finish once this state is reached (showing trap.hole): no sequence of steps from it finishes the child [FC809]
                  trap:
                  ^
                \(folder)/demo.yaml:7:3: note: reproduce with: printf '%s\\n' 'start' 'event open' 'event stuck' | flowc run '\(folder)' --flow 'demo'
                \(folder)/trap.yaml:12:7: warning: event 'leave' of screen 'hole' is taken in some explored states and refused in others: pop 1 would remove the first route of flow 'trap' (it has 1); use finish [FC808]
                      leave: { pop: 1 }
                      ^
                \(folder)/trap.yaml:12:7: note: reproduce with: printf '%s\\n' 'start' 'event open' 'event stuck' 'event leave' | flowc run '\(folder)' --flow 'demo'

                """)
    }

    /// The reproduction runs: piped into `flowc run`, the witness ends in the state the warning names.
    @Test func aWarningsReproductionRunsUnderFlowcRun() throws {
        let output = try FlowcProcess.run(
            ["run", "Tests/Fixtures/explorer/stuck-child", "--flow", "demo"],
            input: "start\nevent open\nevent stuck\nevent leave\n")
        #expect(output.status == 0)
        let lines = output.standardOutput.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[2].contains(#""screen":"hole""#))
        #expect(lines[3].contains(#""status":"rejected""#))
        #expect(lines[3].contains("pop 1 would remove the first route of flow 'trap' (it has 1); use finish"))
    }

    /// `flowc explain` explains each code of flowc check, by code and by identifier (none a rule's).
    @Test func explainKnowsTheCheckCodes() throws {
        for code in (1...11).map({ String(format: "FC8%02d", $0) }) {
            let output = try FlowcProcess.run(["explain", code])
            #expect(output.status == 0)
            #expect(output.standardOutput.hasPrefix(code + " "))
            let identifier = String(output.standardOutput.split(separator: " ")[1])
            let byName = try FlowcProcess.run(["explain", identifier])
            #expect(byName.standardOutput.hasPrefix(code + " "))
        }
        let fc809 = try FlowcProcess.run(["explain", "FC809"])
        #expect(
            fc809.standardOutput.hasPrefix(
                "FC809 child-stuck-in-explored-state (warning): a child flow cannot finish from a state the coordinator reaches\n\n"
            ))
    }
}
