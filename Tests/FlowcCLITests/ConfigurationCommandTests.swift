import Foundation
import Testing

/// `.flowc.yml` as a user meets it: found from the working folder up, or named with --config;
/// excludes a docker-compose file from a folder scan; changes severities; sets the default format.
@Suite struct ConfigurationCommandTests {
    /// project/{Flows/reading.yaml, Flows/edit.yaml, Flows/extra.yaml, deploy/docker-compose.yml}
    static func project() throws -> URL {
        let root = try FlowcProcess.temporaryFolder()
        let manager = FileManager.default
        for folder in ["Flows", "deploy", "Flows/nested"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for name in ["reading", "edit"] {
            try manager.copyItem(
                atPath: FlowcProcess.packageRoot + "/Flows/\(name).yaml", toPath: root.path + "/Flows/\(name).yaml")
        }
        try
            "flow: extra\nconditions: [unused]\nstart: home\nscreens:\n  home: {}\n  # flowc:disable FC301 -- the archive ships next\n  archive: {}\n"
            .write(to: root.appendingPathComponent("Flows/extra.yaml"), atomically: true, encoding: .utf8)
        try "services:\n  web:\n    image: nginx\n".write(
            to: root.appendingPathComponent("deploy/docker-compose.yml"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func withoutConfigurationTheComposeFileIsAnError() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try FlowcProcess.run(["validate", "."], in: root.path)
        #expect(output.status == 1)
        #expect(
            output.standardError.contains("./deploy/docker-compose.yml:1:1: error: unknown key 'services' in a flow"))
    }

    @Test func configurationFoundFromASubfolderExcludesAndChangesSeverities() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try """
        exclude: ["**/docker-compose.yml"]
        rules:
          FC304: off
          unused-condition: error
        """.write(to: root.appendingPathComponent(".flowc.yml"), atomically: true, encoding: .utf8)
        let output = try FlowcProcess.run(["validate", "--format", "json", ".."], in: root.path + "/Flows/nested")
        #expect(output.status == 1)
        let findings =
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]] ?? []
        #expect(findings.map { "\($0["code"] ?? "") \($0["severity"] ?? "")" } == ["FC505 error"])
        #expect(
            output.standardOutput.contains("\"file\":\"..\\/extra.yaml\"")
                || output.standardOutput.contains("../extra.yaml"))
    }

    /// `flowc links` reads the same configuration as `validate`: a folder scan skips the excluded compose
    /// file, with the `.flowc.yml` found from the working folder or named with --config.
    @Test func linksHonoursTheConfiguration() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let without = try FlowcProcess.run(["links", "."], in: root.path)
        #expect(without.status == 1)
        #expect(
            without.standardError.contains("./deploy/docker-compose.yml:1:1: error: unknown key 'services' in a flow"))
        try "exclude: [\"**/docker-compose.yml\"]\n".write(
            to: root.appendingPathComponent(".flowc.yml"), atomically: true, encoding: .utf8)
        let found = try FlowcProcess.run(["links", "."], in: root.path)
        #expect(found.status == 0)
        #expect(
            found.standardOutput.contains(
                "./Flows/reading.yaml:31:3: link '/books/{bookID:int}' of flow 'reading'\n  routes: no conditions\n"))
        try FileManager.default.removeItem(at: root.appendingPathComponent(".flowc.yml"))
        #expect(try FlowcProcess.run(["links", "Flows"], in: root.path).status == 0)
        try "rules: { unused-condition: error }\n".write(
            to: root.appendingPathComponent("flowc.yml"), atomically: true, encoding: .utf8)
        let named = try FlowcProcess.run(["links", "--config", "flowc.yml", "Flows"], in: root.path)
        #expect(named.status == 1)
        #expect(
            named.standardError.contains(
                "Flows/extra.yaml:2:14: error: condition 'unused' is declared but no 'if' in flow 'extra' tests it"))
        let missing = try FlowcProcess.run(["links", "--config", "no-such.yml", "."], in: root.path)
        #expect(missing.status == 2)
        let help = try FlowcProcess.run(["links", "--help"])
        #expect(help.standardOutput.hasPrefix("USAGE: flowc links PATH… [--config FILE]\n"))
        #expect(help.standardOutput.contains("  --config FILE  "))
    }

    /// `--config flowc.yml .` with flowc.yml inside the scanned folder: the configuration in use is not
    /// read as a flow (it was: FC101 "unknown key 'exclude' in a flow" and two FC102), for every command.
    @Test func theConfigurationFileInUseIsNotScannedAsAFlow() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try "exclude: [\"**/docker-compose.yml\"]\n".write(
            to: root.appendingPathComponent("flowc.yml"), atomically: true, encoding: .utf8)
        let validated = try FlowcProcess.run(["validate", "--config", "flowc.yml", "."], in: root.path)
        #expect(validated.status == 0)
        #expect(!validated.standardError.contains("flowc.yml"))
        #expect(!validated.standardError.contains("error:"))
        #expect(validated.standardError.contains("./Flows/extra.yaml:2:14: warning: condition 'unused' is declared"))
        let links = try FlowcProcess.run(["links", "--config", "./flowc.yml", "."], in: root.path)
        #expect(links.status == 0)
        #expect(!links.standardError.contains("flowc.yml"))
        // Without --config, flowc.yml (not a dot-file) is a flow file like any other.
        let scanned = try FlowcProcess.run(["validate", "."], in: root.path)
        #expect(scanned.status == 1)
        #expect(
            scanned.standardError.contains(
                "./flowc.yml:1:1: error: unknown key 'exclude' in a flow; expected one of flow,"))
    }

    @Test func formatComesFromTheConfigurationAndFlagsWin() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try "format: github\nrules: { FC505: off, unused-flow: off }\n".write(
            to: root.appendingPathComponent("flowc.yml"), atomically: true, encoding: .utf8)
        let output = try FlowcProcess.run(["validate", "--config", "flowc.yml", "Flows"], in: root.path)
        #expect(output.status == 0)
        #expect(output.standardOutput == "")
        #expect(output.standardError == "")
        let text = try FlowcProcess.run(
            ["validate", "--config", "flowc.yml", "--format", "text", "Flows"], in: root.path)
        #expect(text.standardOutput.hasSuffix("3 flows in 3 files: no problems\n"))
    }

    @Test func configurationErrorsAreLocatedAndFail() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try "exclude: [\"**/docker-compose.yml\"]\nrules:\n  FC304: off\n  FC505: off\n  FC3O1: off\n".write(
            to: root.appendingPathComponent(".flowc.yml"), atomically: true, encoding: .utf8)
        let output = try FlowcProcess.run(["validate", "Flows"], in: root.path)
        #expect(output.status == 1)
        #expect(
            output.standardError == """
                .flowc.yml:5:3: error: unknown rule 'FC3O1'; did you mean 'FC301'? [FC095]
                  FC3O1: off
                  ^~~~~

                """)
        let compile = try FlowcProcess.run(["compile", "Flows", "-o", "app.flowbundle"], in: root.path)
        #expect(compile.status == 1)
        #expect(!FileManager.default.fileExists(atPath: root.path + "/app.flowbundle"))
    }

    @Test func missingConfigurationFileIsAUsageError() throws {
        let output = try FlowcProcess.run(["validate", "--config", "no-such.yml", "Flows"])
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix("flowc: error: cannot read 'no-such.yml'"))
    }

    @Test func everythingExcludedIsAnInputError() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try "exclude: [\"Flows/\"]\n".write(
            to: root.appendingPathComponent(".flowc.yml"), atomically: true, encoding: .utf8)
        let output = try FlowcProcess.run(["validate", "Flows"], in: root.path)
        #expect(output.status == 2)
        #expect(
            output.standardError
                == "flowc: error: cannot read 'Flows': every flow file in the folder is left out by the configuration's include and exclude globs\n"
        )
    }

    /// The `.flowc.yml` beside the flows governs them when the command runs from elsewhere (the repository's
    /// root), as SwiftLint applies the configuration nearest each file: for `validate`, `check`, `paths` and
    /// `diff` alike; a configuration in a folder the scan enters governs the files below it, the working
    /// folder's the files no nearer one governs, and a nearer one's problems are reported at it.
    @Test func theConfigurationNearestEachFlowFileGovernsIt() throws {
        let root = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        try manager.createDirectory(
            at: root.appendingPathComponent("app/Flows/more"), withIntermediateDirectories: true)
        let text = try String(
            contentsOfFile: FlowcProcess.packageRoot + "/Tests/Fixtures/explorer/link-nowhere.yaml", encoding: .utf8)
        try text.write(to: root.appendingPathComponent("app/Flows/app.yaml"), atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: "flow: app", with: "flow: other").write(
            to: root.appendingPathComponent("app/Flows/more/other.yaml"), atomically: true, encoding: .utf8)
        // FC653 (an error) off beside the flows, and a warning in the folder below; FC304 off at the root.
        try "rules:\n  FC653: off\n  FC304: off\n".write(
            to: root.appendingPathComponent("app/Flows/.flowc.yml"), atomically: true, encoding: .utf8)
        try "rules:\n  FC653: warning\n  FC304: off\n".write(
            to: root.appendingPathComponent("app/Flows/more/.flowc.yml"), atomically: true, encoding: .utf8)
        try "rules:\n  FC653: error\n".write(
            to: root.appendingPathComponent(".flowc.yml"), atomically: true, encoding: .utf8)
        let validated = try FlowcProcess.run(["validate", "--quiet", "app/Flows"], in: root.path)
        #expect(validated.status == 0, "\(validated.standardError)")
        #expect(
            validated.standardError == """
                app/Flows/more/other.yaml:12:3: warning: link '/perks' can never open its routes: they need 'isPro' to be false (start of flow 'other') and true (event 'upgrade' of screen 'basic') [FC653]
                  "/perks": [basic, perks]
                  ^~~~~~

                """)
        let checked = try FlowcProcess.run(["check", "app/Flows/app.yaml"], in: root.path)
        #expect(checked.status == 0, "\(checked.standardError)")
        #expect(checked.standardOutput == "flow app: complete, 12 states, 58 steps, no guarantee broken\n")
        let paths = try FlowcProcess.run(
            ["paths", "app/Flows/app.yaml", "--flow", "app", "--cover", "screens"], in: root.path)
        #expect(paths.status == 0, "\(paths.standardError)")
        let diff = try FlowcProcess.run(["diff", "app/Flows/app.yaml", "app/Flows/app.yaml"], in: root.path)
        #expect(diff.status == 0, "\(diff.standardError)")
        // The working folder's configuration still governs files no nearer one does.
        try manager.removeItem(at: root.appendingPathComponent("app/Flows/.flowc.yml"))
        let fromRoot = try FlowcProcess.run(["validate", "--quiet", "app/Flows/app.yaml"], in: root.path)
        #expect(fromRoot.status == 1)
        #expect(fromRoot.standardError.contains("app/Flows/app.yaml:12:3: error: link '/perks' can never open"))
        // A nearer configuration's problems are reported where they are.
        try "rulez: {}\n".write(
            to: root.appendingPathComponent("app/Flows/more/.flowc.yml"), atomically: true, encoding: .utf8)
        let broken = try FlowcProcess.run(["validate", "--quiet", "app/Flows/more"], in: root.path)
        #expect(broken.status == 1)
        #expect(
            broken.standardError.hasPrefix(
                "app/Flows/more/.flowc.yml:1:1: error: unknown key 'rulez' in the configuration; did you mean 'rules'? [FC095]"
            ))
    }
}
