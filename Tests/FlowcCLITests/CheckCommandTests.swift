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

    /// One state and its steps, counted in the singular where one (`check` and `paths` alike).
    @Test func oneStateIsCountedInTheSingular() throws {
        let check = try FlowcProcess.run(["check", "Flows/reading.yaml", "Flows/edit.yaml", "--max-states", "1"])
        #expect(check.status == 0)
        #expect(check.standardOutput == "flow reading: bounded by 1 state, 1 state, 4 steps, no guarantee broken\n")
        let paths = try FlowcProcess.run([
            "paths", "Flows/reading.yaml", "Flows/edit.yaml", "--flow", "reading", "--cover", "screens",
            "--max-states", "1",
        ])
        #expect(paths.status == 0)
        #expect(
            paths.standardError.hasPrefix(
                "flow reading, cover screens: 3 of 3 targets reached; exploration bounded by 1 state, 1 state, 4 steps\n"
            ))
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
        // Digits too many for a number are out of range, not "at least 1" (breaker r15); `paths` and `view
        // --check` read the same option.
        for command in [["check", "Flows"], ["paths", "Flows", "--flow", "reading", "--cover", "screens"]] {
            let huge = try FlowcProcess.run(command + ["--max-depth", "99999999999999999999"])
            #expect(huge.status == 2)
            #expect(
                huge.standardError
                    == "flowc: error: --max-depth 99999999999999999999 is out of range; it is at most 9223372036854775807\n"
            )
        }
        let zeros = try FlowcProcess.run(["check", "Flows", "--max-states", "00"])
        #expect(zeros.standardError == "flowc: error: --max-states takes a whole number of at least 1, not '00'\n")
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
        for code in (1...13).map({ String(format: "FC8%02d", $0) }) {
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

    /// A folder with the FC811 fixture (FC653 off in its `.flowc.yml`, with `settings` added), the fixture's text
    /// changed by `edit` (the caller removes the folder).
    static func linkNowhereFolder(settings: String = "", edit: (String) -> String = { $0 }) throws -> URL {
        let folder = try FlowcProcess.temporaryFolder()
        let text = try String(
            contentsOfFile: FlowcProcess.packageRoot + "/Tests/Fixtures/explorer/link-nowhere.yaml", encoding: .utf8)
        try edit(text).write(to: folder.appendingPathComponent("app.yaml"), atomically: true, encoding: .utf8)
        try "rules:\n  FC653: off\n\(settings)".write(
            to: folder.appendingPathComponent(".flowc.yml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// `--strict` is the CI gate: a warning (FC811 here) exits 1 under it and 0 without; no warning exits 0.
    @Test func strictFailsOnAWarning() throws {
        let folder = try Self.linkNowhereFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try FlowcProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(plain.status == 0)
        #expect(plain.standardOutput == "flow app: complete, 12 states, 58 steps, no guarantee broken\n")
        #expect(
            plain.standardError.hasPrefix(
                "app.yaml:12:3: warning: deep link '/perks' is refused in every state explored, before and after start: "
            ))
        let strict = try FlowcProcess.run(["check", "app.yaml", "--strict"], in: folder.path)
        #expect(strict.status == 1)
        #expect(strict.standardError == plain.standardError)
        let clean = try FlowcProcess.run(["check", "Flows/reading.yaml", "Flows/edit.yaml", "--strict"])
        #expect(clean.status == 0)
        #expect(clean.standardError == "")
        // A validator's warning fails it too.
        let warned = try FlowcProcess.run(["check", "Tests/Fixtures/explorer/refused-pop.yaml", "--strict"])
        #expect(warned.status == 1)
        #expect(warned.standardError.contains("[FC308]"))
    }

    /// `.flowc.yml` sets the severity of the exploration's codes as of any rule: off drops FC811, error
    /// makes it fail the run.
    @Test func theConfigurationSetsTheSeverityOfCheckCodes() throws {
        let off = try Self.linkNowhereFolder(settings: "  FC811: off\n")
        defer { try? FileManager.default.removeItem(at: off) }
        let silenced = try FlowcProcess.run(["check", "app.yaml", "--strict"], in: off.path)
        #expect(silenced.status == 0)
        #expect(silenced.standardError == "")
        let error = try Self.linkNowhereFolder(settings: "  link-goes-nowhere: error\n")
        defer { try? FileManager.default.removeItem(at: error) }
        let failed = try FlowcProcess.run(["check", "app.yaml"], in: error.path)
        #expect(failed.status == 1)
        #expect(failed.standardError.hasPrefix("app.yaml:12:3: error: deep link '/perks' is refused"))
        #expect(failed.standardError.contains("[FC811]"))
    }

    /// `# flowc:disable FC811 -- REASON` above the link silences it; `flowc validate` neither refuses the code
    /// (FC091) nor calls the suppression unused (FC090): only `flowc check` can tell, and does, after a complete
    /// exploration, when the suppression covers nothing.
    @Test func anInlineSuppressionSilencesACheckCode() throws {
        let folder = try Self.linkNowhereFolder { text in
            text.replacingOccurrences(
                of: "  \"/perks\"", with: "  # flowc:disable FC811 -- kept for the pro release\n  \"/perks\"")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let checked = try FlowcProcess.run(["check", "app.yaml", "--strict"], in: folder.path)
        #expect(checked.status == 0)
        #expect(checked.standardError == "")
        let validated = try FlowcProcess.run(["validate", "app.yaml", "--strict"], in: folder.path)
        #expect(validated.status == 0)
        #expect(validated.standardError == "")

        let misplaced = try Self.linkNowhereFolder { text in
            text.replacingOccurrences(
                of: "  pro: {}", with: "  # flowc:disable FC811 -- kept for the pro release\n  pro: {}")
        }
        defer { try? FileManager.default.removeItem(at: misplaced) }
        let unused = try FlowcProcess.run(["check", "app.yaml"], in: misplaced.path)
        #expect(unused.status == 0)
        #expect(
            unused.standardError.contains(
                "app.yaml:7:5: warning: suppression of FC811 suppresses nothing on line 8; remove it [FC090]"))
        #expect(unused.standardError.contains("[FC811]"))
        let bounded = try FlowcProcess.run(["check", "app.yaml", "--max-states", "2"], in: misplaced.path)
        #expect(!bounded.standardError.contains("[FC090]"))
        let validatedUnused = try FlowcProcess.run(["validate", "app.yaml", "--strict"], in: misplaced.path)
        #expect(validatedUnused.status == 0)
        #expect(validatedUnused.standardError == "")
    }
}
