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
        #expect(bytes.starts(with: Data("flowc-bundle 5\n".utf8)))

        let script = "docs/examples/reading.flowscript"
        let expected = try String(
            contentsOfFile: FlowcProcess.packageRoot + "/docs/examples/reading.trace.jsonl", encoding: .utf8)
        let fromYAML = try FlowcProcess.run(["run", "Flows", "--flow", "reading", "--script", script])
        let fromBundle = try FlowcProcess.run(["run", first, "--flow", "reading", "--script", script])
        #expect(fromYAML.status == 0)
        #expect(fromYAML.standardOutput == expected)
        #expect(fromBundle.standardOutput == expected)

        let inspected = try FlowcProcess.run(["inspect", first])
        #expect(inspected.status == 0)
        #expect(inspected.standardOutput == (try FlowcProcess.run(["inspect", "Flows"])).standardOutput)
        #expect(inspected.standardOutput.hasPrefix("{\n  \"contentHash\" : \""))
        #expect(inspected.standardOutput.contains("\"name\" : \"library\""))
        #expect(try FlowcProcess.run(["inspect"]).status == 2)
    }

    /// Each documented session (docs/examples) is byte for byte what `flowc run` prints on the shipped flows:
    /// among them `market`, a tab bar whose own `sell` item presents a sheet over the whole tab bar and whose
    /// `published` outcome opens the new listing, with its id, in the listings tab (issue 32).
    @Test(arguments: [
        ("reading", "reading"), ("app", "app"), ("social", "social"), ("market", "market"), ("notes", "notesApp"),
        ("podcasts", "podcasts"),
    ])
    func flowcRunPrintsTheDocumentedSession(script: String, flow: String) throws {
        let expected = try String(
            contentsOfFile: FlowcProcess.packageRoot + "/docs/examples/\(script).trace.jsonl", encoding: .utf8)
        let result = try FlowcProcess.run([
            "run", "Flows", "--flow", flow, "--script", "docs/examples/\(script).flowscript",
        ])
        #expect(result.status == 0)
        #expect(result.standardOutput == expected)
    }

    @Test func compileRefusesFlowsWithErrors() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.flowbundle").path
        let result = try FlowcProcess.run(["compile", "Tests/Fixtures/invalid/unknown-flow.yaml", "-o", output])
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "Tests/Fixtures/invalid/unknown-flow.yaml:8:17: error: unknown flow 'editing' for child 'edit' [FC206]\n"
            ))
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

    /// `flowc run --help` (and the interactive `help`, which shares the list) names every script command
    /// the parser accepts, the tab and sheet ones of format 1.1 included.
    @Test func runHelpListsEveryScriptCommand() throws {
        let help = try FlowcProcess.run(["run", "--help"])
        #expect(help.status == 0)
        let listed = help.standardOutput.split(separator: "\n").compactMap { line -> Substring? in
            guard line.hasPrefix("  "), let word = line.split(separator: " ").first, word.first?.isLetter == true else {
                return nil
            }
            return word
        }
        for verb in [
            "start", "event", "back", "select", "dismiss", "backto", "confirm", "open", "snapshot", "condition",
            "check", "finish", "stop",
        ] {
            #expect(listed.contains(Substring(verb)), "'\(verb)' is missing from flowc run --help")
        }
        #expect(help.standardOutput.contains("  back [N] [#ID]  "))
        // Outcome values (format 1.1) are part of the finish command's usage.
        #expect(help.standardOutput.contains("  finish #ID OUTCOME [k=v …]  "))
        #expect(help.standardOutput.hasPrefix("USAGE: flowc run PATH… --flow NAME [--script FILE] [--config FILE]\n"))
    }

    @Test func runUsageErrors() throws {
        let noFlow = try FlowcProcess.run(["run", "Flows"])
        #expect(noFlow.status == 2)
        let unknownFlow = try FlowcProcess.run(["run", "Flows", "--flow", "nosuch"], input: "start\n")
        #expect(unknownFlow.status != 0)
        let corrupt = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: corrupt) }
        let bundle = corrupt.appendingPathComponent("bad.flowbundle")
        try Data("flowc-bundle 5\n{\"trunc".utf8).write(to: bundle)
        let bad = try FlowcProcess.run(["run", bundle.path, "--flow", "reading"], input: "start\n")
        #expect(bad.status == 1)
        #expect(
            bad.standardError
                == "flowc: error: \(bundle.path): bundle is truncated or corrupted: the content hash is truncated\n")
        // A JSON bundle of an earlier flowc is refused with the advice to recompile.
        try Data("flowc-bundle 2\n{\"flows\":[]}\n".utf8).write(to: bundle)
        let old = try FlowcProcess.run(["run", bundle.path, "--flow", "reading"], input: "start\n")
        #expect(old.status == 1)
        #expect(
            old.standardError == "flowc: error: \(bundle.path): bundle format version 2 is not supported"
                + " (this flowc reads versions 4 to 5); recompile the flows with 'flowc compile'\n")
    }
}

/// Input mistakes around paths that CI must not let pass.
@Suite struct PathHandlingTests {
    @Test func compileRefusesToOverwriteAnInputAndATwiceGivenOutput() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = folder.appendingPathComponent("edit.yaml")
        let original = try Data(contentsOf: URL(fileURLWithPath: FlowcProcess.packageRoot + "/Flows/edit.yaml"))
        try original.write(to: flow)
        let overwrite = try FlowcProcess.run(["compile", flow.path, "-o", folder.path + "/./edit.yaml"])
        #expect(overwrite.status == 2)
        #expect(
            overwrite.standardError
                == "flowc: error: the output '\(folder.path)/./edit.yaml' is one of the flow files read; choose another file for the bundle\n"
        )
        #expect(try Data(contentsOf: flow) == original)
        let twice = try FlowcProcess.run(["compile", "Flows", "-o", folder.path + "/a", "--output", folder.path + "/b"])
        #expect(twice.status == 2)
        #expect(twice.standardError.hasPrefix("flowc: error: option '--output' is given twice; give it once\n"))
    }

    @Test func aFolderWithoutFlowFilesIsAnInputError() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("notes".utf8).write(to: folder.appendingPathComponent("readme.txt"))
        let output = try FlowcProcess.run(["validate", folder.path])
        #expect(output.status == 2)
        #expect(
            output.standardError
                == "flowc: error: cannot read '\(folder.path)': the folder holds no *.yaml or *.yml files\n")
    }

    @Test func aFileNamedTwoWaysIsReadOnce() throws {
        let output = try FlowcProcess.run([
            "validate", "Flows", FlowcProcess.packageRoot + "/Flows", "./Flows/reading.yaml",
        ])
        #expect(output.status == 0)
        #expect(output.standardOutput.hasSuffix("40 flows in 40 files: no problems\n"))
    }

    @Test func upperCaseExtensionsAreFlowFiles() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("flow: upper\nstart: home\nscreens:\n  home: {}\n".utf8).write(
            to: folder.appendingPathComponent("UPPER.YAML"))
        let output = try FlowcProcess.run(["validate", folder.path])
        #expect(output.status == 0)
        #expect(output.standardOutput.hasSuffix("1 flow in 1 file: no problems\n"))
    }

    @Test func aBundleMustBeTheOnlyPath() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("app.flowbundle").path
        #expect(try FlowcProcess.run(["compile", "Flows", "-o", bundle]).status == 0)
        let mixed = try FlowcProcess.run(["run", bundle, "Flows", "--flow", "reading"], input: "start\n")
        #expect(mixed.status == 2)
        #expect(
            mixed.standardError == "flowc: error: '\(bundle)' is a compiled bundle; a bundle must be the only PATH\n")
    }
}

/// Warnings never vanish: `compile` and `run` print them and go on.
@Suite struct WarningsOnCompileTests {
    @Test func compilePrintsWarningsAndWritesTheBundle() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = folder.appendingPathComponent("flow.yaml")
        try Data("flow: sample\nstart: home\nconditions: [ready]\nscreens:\n  home: {}\n".utf8).write(to: flow)
        let bundle = folder.appendingPathComponent("out.flowbundle").path
        let output = try FlowcProcess.run(["compile", flow.path, "-o", bundle])
        #expect(output.status == 0)
        #expect(output.standardError.hasPrefix("\(flow.path):3:14: warning: condition 'ready' is declared"))
        #expect(FileManager.default.fileExists(atPath: bundle))
    }
}
