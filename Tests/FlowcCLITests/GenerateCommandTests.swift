import Foundation
import Testing

/// `flowc generate swift` from the outside.
@Suite struct GenerateCommandTests {
    @Test func writesTheGoldenFileAndLeavesAnUnchangedFileAlone() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Flows.swift").path
        let result = try FlowcProcess.run(["generate", "swift", "Flows", "-o", output])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let golden = try String(
            contentsOfFile: FlowcProcess.packageRoot + "/Tests/Fixtures/generated/Flows.swift.golden", encoding: .utf8)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == golden)
        let hashLine = try #require(
            golden.split(separator: "\n").first { $0.hasPrefix("    public static let contentHash = ") })
        let hash = hashLine.split(separator: "\"")[1]
        let flows = golden.split(separator: "\n").filter { $0.hasPrefix("// MARK: - ") }.count
        #expect(result.standardOutput == "generated Swift for \(flows) flows in \(output) (content hash \(hash))\n")

        // A second run with the same flows does not rewrite the file (so the build does not recompile it).
        let written = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: output)
        let again = try FlowcProcess.run(["generate", "swift", "Flows", "-o", output])
        #expect(again.status == 0)
        #expect(
            again.standardOutput
                == "Swift for \(flows) flows in \(output) (content hash \(hash)) is up to date; left as it was\n")
        let after = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        #expect(written != nil)
        #expect(after == Date(timeIntervalSince1970: 0))
    }

    @Test func intoAFolderTheFileIsNamedAfterTheNamespace() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try FlowcProcess.run([
            "generate", "swift", "Flows/edit.yaml", "Flows/reading.yaml", "-o", folder.path, "--namespace", "Reading",
        ])
        #expect(result.status == 0)
        let text = try String(contentsOfFile: folder.appendingPathComponent("Reading.swift").path, encoding: .utf8)
        #expect(text.contains("public enum Reading {\n"))
        #expect(
            text.contains(
                "public static func coordinator(bookID: Int, host: some Reading.Host) throws(GeneratedFlowError) -> FlowCoordinator {\n"
            ))
    }

    @Test func refusesFlowsWithErrorsAndWritesNothing() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Flows.swift").path
        let result = try FlowcProcess.run([
            "generate", "swift", "Tests/Fixtures/invalid/unknown-flow.yaml", "-o", output,
        ])
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "Tests/Fixtures/invalid/unknown-flow.yaml:8:17: error: unknown flow 'editing' for child 'edit' [FC206]\n"
            ))
        #expect(result.standardError.hasSuffix("flowc: error: the flows have errors; fix them first\n"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func refusesFlowNamesSwiftWouldSpellAlike() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lower = folder.appendingPathComponent("a.yaml")
        let upper = folder.appendingPathComponent("b.yaml")
        try
            "flow: reading\nstart: home\nchildren:\n  inner: { flow: Reading, on: { done: stay } }\nscreens:\n  home:\n    on: { go: { start: inner } }\n"
            .write(to: lower, atomically: true, encoding: .utf8)
        try "flow: Reading\nstart: page\noutcomes: [done]\nscreens:\n  page:\n    on: { done: { finish: done } }\n"
            .write(to: upper, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Flows.swift").path
        let result = try FlowcProcess.run(["generate", "swift", lower.path, upper.path, "-o", output])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "\(lower.path):1:7: error: flow 'reading' would be the Swift type 'ReadingFlow', as flow 'Reading' is; rename one of them\n"
        )
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func usageErrors() throws {
        let noLanguage = try FlowcProcess.run(["generate", "Flows", "-o", "x.swift"])
        #expect(noLanguage.status == 2)
        #expect(
            noLanguage.standardError
                == "flowc: error: 'Flows' is not a language flowc generates; use 'flowc generate swift PATH… -o FILE'\n"
        )
        let noOutput = try FlowcProcess.run(["generate", "swift", "Flows"])
        #expect(noOutput.status == 2)
        #expect(noOutput.standardError == "flowc: error: no output file; add '-o FILE'\n")
        let badNamespace = try FlowcProcess.run([
            "generate", "swift", "Flows", "-o", "x.swift", "--namespace", "FlowRuntime",
        ])
        #expect(badNamespace.status == 2)
        #expect(
            badNamespace.standardError.hasPrefix("flowc: error: the namespace 'FlowRuntime' is not a Swift type name"))
        let overwrite = try FlowcProcess.run(["generate", "swift", "Flows", "-o", "Flows/reading.yaml"])
        #expect(overwrite.status == 2)
        let toStandardOutput = try FlowcProcess.run(["generate", "swift", "Flows", "-o", "-"])
        #expect(toStandardOutput.status == 0)
        #expect(
            toStandardOutput.standardOutput
                == (try String(
                    contentsOfFile: FlowcProcess.packageRoot + "/Tests/Fixtures/generated/Flows.swift.golden",
                    encoding: .utf8)))
        let help = try FlowcProcess.run(["generate", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("USAGE: flowc generate swift PATH… -o FILE|FOLDER [--namespace NAME]\n"))
    }

    @Test func thePluginsToolIsFlowcGenerateAlone() throws {
        // FlowcPlugin runs `flowc-generate swift …`: the same command, the same bytes, the same refusals.
        let tool = FlowcProcess.executable.deletingLastPathComponent().appendingPathComponent("flowc-generate")
        let generated = try FlowcProcess.run(["swift", "Flows", "-o", "-"], executable: tool)
        #expect(generated.status == 0)
        #expect(
            generated.standardOutput
                == (try String(
                    contentsOfFile: FlowcProcess.packageRoot + "/Tests/Fixtures/generated/Flows.swift.golden",
                    encoding: .utf8)))
        let refused = try FlowcProcess.run(
            ["swift", "Tests/Fixtures/invalid/unknown-flow.yaml", "-o", "-"], executable: tool)
        #expect(refused.status == 1)
        #expect(refused.standardOutput == "")
        #expect(
            refused.standardError.hasPrefix(
                "Tests/Fixtures/invalid/unknown-flow.yaml:8:17: error: unknown flow 'editing' for child 'edit' [FC206]\n"
            ))
        let other = try FlowcProcess.run(["validate", "Flows"], executable: tool)
        #expect(other.status == 2)
        #expect(
            other.standardError
                == "flowc: error: 'validate' is not a language flowc generates; use 'flowc generate swift PATH… -o FILE'\n"
        )
    }
}
