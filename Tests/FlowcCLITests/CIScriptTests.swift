import Foundation
import Testing

/// scripts/install.sh and scripts/github-action.sh (the GitHub Action's steps), run as CI runs them.
@Suite struct CIScriptTests {
    static func bash(_ script: String, _ arguments: [String], environment: [String: String]) throws
        -> FlowcProcess.Output
    {
        try FlowcProcess.run(
            [FlowcProcess.packageRoot + "/scripts/" + script] + arguments, environment: environment,
            executable: URL(fileURLWithPath: "/bin/bash"))
    }

    @Test func installPutsARunnableFlowcUnderThePrefix() throws {
        let prefix = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let output = try Self.bash(
            "install.sh", ["--prefix", prefix.path + "/tools"],
            environment: ["FLOWC_BINARY": FlowcProcess.executable.path])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(
            output.standardOutput
                == "installed flowc \(try FlowcProcess.run(["--version"]).standardOutput.dropFirst(6).dropLast()) as \(prefix.path)/tools/bin/flowc\n"
        )
        let installed = try FlowcProcess.run(
            ["validate", "--quiet", "Flows"], executable: prefix.appendingPathComponent("tools/bin/flowc"))
        #expect(installed.status == 0)
        let bad = try Self.bash("install.sh", ["--prefix"], environment: [:])
        #expect(bad.status == 2)
        #expect(bad.standardError == "install.sh: error: --prefix needs a folder\n")
    }

    @Test func actionValidatesCleanFlows() throws {
        let output = try Self.bash(
            "github-action.sh", ["validate"],
            environment: ["FLOWC": FlowcProcess.executable.path, "INPUT_PATHS": "Flows"])
        #expect(output.status == 0)
        #expect(output.standardOutput == "")
    }

    @Test func actionAnnotatesFindingsAndWritesSARIF() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputs = folder.appendingPathComponent("outputs")
        let output = try Self.bash(
            "github-action.sh", ["validate"],
            environment: [
                "FLOWC": FlowcProcess.executable.path,
                "INPUT_PATHS": "Tests/Fixtures/invalid/unknown-flow.yaml Flows/edit.yaml",
                "INPUT_SARIF": "true", "INPUT_SARIF_FILE": folder.path + "/flowc.sarif", "GITHUB_OUTPUT": outputs.path,
            ])
        #expect(output.status == 1)
        #expect(
            output.standardOutput.contains(
                "::error file=Tests/Fixtures/invalid/unknown-flow.yaml,line=8,col=17,endColumn=24,title=FC206 unknown-flow::unknown flow 'editing' for child 'edit' [FC206]\n"
            ))
        #expect(try String(contentsOf: outputs, encoding: .utf8) == "sarif-file=\(folder.path)/flowc.sarif\n")
        let sarif =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("flowc.sarif")))
            as? [String: Any]
        #expect(sarif?["version"] as? String == "2.1.0")
    }

    @Test func actionStrictFailsOnWarningsAndBadPathsExitTwo() throws {
        let environment = [
            "FLOWC": FlowcProcess.executable.path, "INPUT_PATHS": "Tests/Fixtures/invalid/unused-condition.yaml",
        ]
        let lenient = try Self.bash("github-action.sh", ["validate"], environment: environment)
        #expect(lenient.status == 0)
        #expect(lenient.standardOutput.hasPrefix("::warning "))
        let strict = try Self.bash(
            "github-action.sh", ["validate"], environment: environment.merging(["INPUT_STRICT": "true"]) { $1 })
        #expect(strict.status == 1)
        let missing = try Self.bash(
            "github-action.sh", ["validate"],
            environment: ["FLOWC": FlowcProcess.executable.path, "INPUT_PATHS": "NoSuchFolder"])
        #expect(missing.status == 2)
        let unknown = try Self.bash("github-action.sh", ["deploy"], environment: [:])
        #expect(unknown.status == 2)
    }

    /// The action's `baseline` input: `flowc diff --baseline` with annotations, failing on a break.
    @Test func actionDiffsAgainstTheBaseline() throws {
        let folder = try DiffCommandTests.repositoryWithOldVersionCommitted()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = [
            "FLOWC": FlowcProcess.executable.path, "INPUT_PATHS": "Flows", "INPUT_WORKING_DIRECTORY": folder.path,
            "INPUT_BASELINE": "git:HEAD",
        ]
        let output = try Self.bash("github-action.sh", ["diff"], environment: environment)
        #expect(output.status == 1)
        let breaks = "::error file=Flows/app.yaml,line=3,col=7,title=FC901 saved-state-breaks::"
        #expect(output.standardOutput.hasPrefix(breaks))
        #expect(
            output.standardOutput.contains(
                "\n::notice file=Flows/app.yaml,line=3,col=7,title=FC905 renamed::saved state app[home, article]"))
        let noBaseline = try Self.bash(
            "github-action.sh", ["diff"], environment: environment.merging(["INPUT_BASELINE": ""]) { $1 })
        #expect(noBaseline.status == 2)
        #expect(noBaseline.standardError == "github-action.sh: error: diff needs INPUT_BASELINE (git:REF)\n")
    }

    /// The action's `check` step: `flowc check` with annotations, failing on a warning under `strict`.
    @Test func actionChecksEveryReachableState() throws {
        let clean = try Self.bash(
            "github-action.sh", ["check"],
            environment: [
                "FLOWC": FlowcProcess.executable.path, "INPUT_PATHS": "Flows/reading.yaml Flows/edit.yaml",
                "INPUT_STRICT": "true",
            ])
        #expect(clean.status == 0)
        #expect(clean.standardOutput == "")
        #expect(clean.standardError == "flow reading: complete, 24 states, 304 steps, no guarantee broken\n")
        let folder = try CheckCommandTests.linkNowhereFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = [
            "FLOWC": FlowcProcess.executable.path, "INPUT_PATHS": "app.yaml", "INPUT_WORKING_DIRECTORY": folder.path,
        ]
        let lenient = try Self.bash("github-action.sh", ["check"], environment: environment)
        #expect(lenient.status == 0)
        #expect(
            lenient.standardOutput.hasPrefix(
                "::warning file=app.yaml,line=12,col=3,title=FC811 link-goes-nowhere::deep link '/perks' is refused"))
        let strict = try Self.bash(
            "github-action.sh", ["check"], environment: environment.merging(["INPUT_STRICT": "true"]) { $1 })
        #expect(strict.status == 1)
        #expect(strict.standardOutput == lenient.standardOutput)
    }
}
