import Foundation
import Testing

/// `flowc validate` as CI runs it: output streams, formats and exit codes.
@Suite struct ValidateCommandTests {
    @Test func shippedFlowsExitZeroWithSummary() throws {
        let output = try FlowcProcess.run(["validate", "Flows"])
        #expect(output.status == 0)
        #expect(output.standardError == "")
        #expect(output.standardOutput.hasSuffix("40 flows in 40 files: no problems\n"))
        #expect(output.standardOutput.contains("\nreading               2         1      2  Flows/reading.yaml\n"))
    }

    @Test func misspelledScreenExitsOneWithLocationAndSuggestion() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOfFile: FlowcProcess.packageRoot + "/Flows/reading.yaml", encoding: .utf8)
        let copy = folder.appendingPathComponent("reading.yaml")
        try original.replacingOccurrences(of: "push: details", with: "push: detials").write(
            to: copy, atomically: true, encoding: .utf8)
        let output = try FlowcProcess.run(["validate", copy.path, "Flows/edit.yaml"])
        #expect(output.status == 1)
        let lines = output.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "\(copy.path):10:15: error: unknown screen 'detials' in flow 'reading'; did you mean 'details'? [FC203]"
        )
        #expect(lines.dropFirst().first == "        push: detials")
        #expect(lines.dropFirst(2).first == "              ^~~~~~~")
        // One typo, one error: 'details' (and the child it starts) is not also reported unreachable.
        #expect(output.standardOutput.hasSuffix("2 flows in 2 files: 1 error, 0 warnings\n"))
        // README quotes this run (with the copy at /tmp/reading.yaml): its diagnostics, exactly.
        let readme = try String(contentsOfFile: FlowcProcess.packageRoot + "/README.md", encoding: .utf8)
        let command = "$ swift run flowc validate /tmp/reading.yaml Flows/edit.yaml\n"
        let quoted = try #require(
            readme.components(separatedBy: command).dropFirst().first?
                .components(separatedBy: "$ echo $?\n").first)
        #expect(quoted == output.standardError.replacingOccurrences(of: copy.path, with: "/tmp/reading.yaml"))
    }

    @Test func missingPathIsAnInputErrorExitTwo() throws {
        let output = try FlowcProcess.run(["validate", "no/such/folder"])
        #expect(output.status == 2)
        #expect(output.standardError == "flowc: error: cannot read 'no/such/folder': no such file or directory\n")
        #expect(output.standardOutput == "")
    }

    @Test func noPathsIsAUsageError() throws {
        let output = try FlowcProcess.run(["validate"])
        #expect(output.status == 2)
        #expect(
            output.standardError.hasPrefix(
                "flowc: error: no paths given; name flow files or folders, such as 'flowc validate Flows'\n"))
    }

    @Test func unknownOptionAndFormatAreUsageErrors() throws {
        let option = try FlowcProcess.run(["validate", "--colour", "Flows"])
        #expect(option.status == 2)
        #expect(option.standardError.hasPrefix("flowc: error: unknown option '--colour'\n"))
        let format = try FlowcProcess.run(["validate", "--format", "xml", "Flows"])
        #expect(format.status == 2)
        #expect(
            format.standardError == "flowc: error: unknown format 'xml'; expected text, json, sarif, github or gitlab\n"
        )
        let missing = try FlowcProcess.run(["validate", "Flows", "--format"])
        #expect(missing.status == 2)
        #expect(missing.standardError.hasPrefix("flowc: error: option '--format' needs a value\n"))
    }

    @Test func warningsPassUnlessStrict() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("flow.yaml")
        // A declared condition that no 'if' uses is a warning.
        try "flow: sample\nstart: home\nconditions: [ready]\nscreens:\n  home: {}\n".write(
            to: file, atomically: true, encoding: .utf8)
        let relaxed = try FlowcProcess.run(["validate", "--quiet", file.path])
        let strict = try FlowcProcess.run(["validate", "--quiet", "--strict", file.path])
        #expect(relaxed.standardError.contains(": warning: "))
        #expect(relaxed.status == 0)
        #expect(strict.status == 1)
        #expect(relaxed.standardOutput == "")
    }

    @Test func colourOnlyWithoutNoColorAndOnATerminal() throws {
        // Standard error is a pipe here, so even without NO_COLOR there is no colour.
        let output = try FlowcProcess.run(
            ["validate", "--quiet", "Tests/Fixtures/invalid/unknown-flow.yaml"], environment: ["NO_COLOR": ""])
        #expect(!output.standardError.contains("\u{1B}["))
        #expect(output.status == 1)
    }

    @Test func githubFormatIsChosenOnGitHubActions() throws {
        let output = try FlowcProcess.run(
            ["validate", "Tests/Fixtures/invalid/unknown-flow.yaml"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(output.status == 1)
        #expect(
            output.standardOutput.hasPrefix(
                "::error file=Tests/Fixtures/invalid/unknown-flow.yaml,line=8,col=17,endColumn=24,title=FC206 unknown-flow::unknown flow 'editing' for child 'edit'"
            ))
        let text = try FlowcProcess.run(
            ["validate", "--format", "text", "Tests/Fixtures/invalid/unknown-flow.yaml"],
            environment: ["GITHUB_ACTIONS": "true"])
        #expect(text.standardError.hasPrefix("Tests/Fixtures/invalid/unknown-flow.yaml:8:17: error: "))
    }

    @Test func helpAndVersion() throws {
        let help = try FlowcProcess.run(["validate", "--help"])
        #expect(help.status == 0)
        #expect(
            help.standardOutput.hasPrefix(
                "USAGE: flowc validate [--format text|json|sarif|github|gitlab] [--strict] [--quiet] [--config FILE] PATH…\n"
            ))
        let top = try FlowcProcess.run(["--help"])
        #expect(top.status == 0)
        #expect(top.standardOutput.contains("  validate PATH…"))
        let version = try FlowcProcess.run(["--version"])
        #expect(version.standardOutput == "flowc 0.1.0\n")
        let none = try FlowcProcess.run([])
        #expect(none.status == 2)
        let unknown = try FlowcProcess.run(["lint"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "flowc: error: unknown subcommand 'lint'; see 'flowc --help'\n")
    }
}

/// `--format gitlab`: a GitLab Code Quality report on standard output.
@Suite struct GitLabFormatTests {
    @Test func reportHasWhatGitLabReads() throws {
        let output = try FlowcProcess.run([
            "validate", "--format", "gitlab", "Tests/Fixtures/invalid/unknown-flow.yaml",
        ])
        #expect(output.status == 1)
        #expect(output.standardError == "")
        let entries = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]] ?? []
        #expect(entries.count == 1)
        #expect(entries.first?["check_name"] as? String == "FC206 unknown-flow")
        #expect(entries.first?["severity"] as? String == "major")
        #expect((entries.first?["fingerprint"] as? String)?.count == 16)
        let location = entries.first?["location"] as? [String: Any]
        #expect(location?["path"] as? String == "Tests/Fixtures/invalid/unknown-flow.yaml")
        #expect((location?["lines"] as? [String: Any])?["begin"] as? Int == 8)
        let clean = try FlowcProcess.run(["validate", "--format", "gitlab", "Flows"])
        #expect(clean.status == 0)
        #expect(clean.standardOutput == "[\n\n]\n")
    }
}
