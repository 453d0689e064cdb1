import Foundation
import Testing

/// The CI files a user copies: action.yml, .pre-commit-hooks.yaml and the jobs in docs/CI.md, checked
/// with `check-jsonschema` against the GitHub Actions, GitHub workflow and GitLab CI schemas it ships
/// (and a minimal schema of pre-commit's hook files, written here).
@Suite struct CIFilesTests {
    static let tool = ExternalTool.checkJSONSchema

    /// The YAML blocks of docs/CI.md marked `<!-- ci-check: KIND -->`, in order.
    static func blocks() throws -> [(kind: String, text: String)] {
        let text = try String(contentsOfFile: TestPaths.packageRoot + "/docs/CI.md", encoding: .utf8)
        return text.matches(of: /<!-- ci-check: ([a-z-]+) -->\n```yaml\n((?:.|\n)*?)```/).map {
            (String($0.output.1), String($0.output.2))
        }
    }

    static func check(_ text: String, name: String, schema: [String]) throws -> ExternalTool.Output {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-ci-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return try tool.run(schema + [file.path], in: folder.path)
    }

    static let preCommitHooksSchema = """
        {"type": "array", "minItems": 1, "items": {"type": "object",
          "required": ["id", "name", "entry", "language"],
          "properties": {"id": {"type": "string"}, "name": {"type": "string"}, "entry": {"type": "string"},
            "language": {"enum": ["system", "swift", "script"]}, "files": {"type": "string"},
            "pass_filenames": {"type": "boolean"}, "args": {"type": "array", "items": {"type": "string"}},
            "description": {"type": "string"}},
          "additionalProperties": false}}
        """

    static let preCommitConfigSchema = """
        {"type": "object", "required": ["repos"], "properties": {"repos": {"type": "array", "items": {
          "type": "object", "required": ["repo", "rev", "hooks"], "properties": {
            "repo": {"type": "string"}, "rev": {"type": "string"},
            "hooks": {"type": "array", "items": {"type": "object", "required": ["id"],
              "properties": {"id": {"enum": ["flowc-validate", "flowc-validate-system", "flowc-check", "flowc-check-system"]}}}}}}}}}
        """

    @Test func docsHaveTheCheckedBlocks() throws {
        #expect(
            try Self.blocks().map(\.kind) == [
                "github-workflow", "github-workflow", "github-workflow", "gitlab-ci", "pre-commit-config",
            ])
    }

    @Test(.enabled(if: tool.shouldRun, "\(tool.missingNote)"))
    func actionFileIsAValidAction() throws {
        let text = try String(contentsOfFile: TestPaths.packageRoot + "/action.yml", encoding: .utf8)
        let output = try Self.check(text, name: "action.yml", schema: ["--builtin-schema", "vendor.github-actions"])
        #expect(output.status == 0, "action.yml: \(output.standardOutput)\(output.standardError)")
        #expect(text.contains("using: composite"))
        #expect(
            text.contains("scripts/github-action.sh\" install") && text.contains("scripts/github-action.sh\" validate")
                && text.contains("scripts/github-action.sh\" check"))
    }

    /// The macOS/iOS workflow (not run by this project's CI, and marked so) is a valid GitHub workflow that
    /// builds both example apps with Xcode and runs the package tests.
    @Test(.enabled(if: tool.shouldRun, "\(tool.missingNote)"))
    func appleWorkflowIsAValidWorkflowMarkedNotRunHere() throws {
        let text = try String(contentsOfFile: TestPaths.packageRoot + "/.github/workflows/apple.yml", encoding: .utf8)
        let output = try Self.check(text, name: "apple.yml", schema: ["--builtin-schema", "vendor.github-workflows"])
        #expect(output.status == 0, "apple.yml: \(output.standardOutput)\(output.standardError)")
        #expect(text.hasPrefix("# NOT RUN BY THIS PROJECT'S CI"))
        #expect(text.contains("run: swift test"))
        for app in ["ReadingApp", "SocialApp"] {
            #expect(text.contains("working-directory: Examples/\(app)\n"))
            #expect(text.contains("xcodebuild build -scheme \(app) -destination 'generic/platform=iOS Simulator'"))
        }
    }

    @Test(.enabled(if: tool.shouldRun, "\(tool.missingNote)"))
    func preCommitHooksFileIsValid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-ci-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.preCommitHooksSchema.write(
            to: folder.appendingPathComponent("hooks.schema.json"), atomically: true, encoding: .utf8)
        let output = try Self.tool.run(
            ["--schemafile", folder.path + "/hooks.schema.json", TestPaths.packageRoot + "/.pre-commit-hooks.yaml"],
            in: folder.path)
        #expect(output.status == 0, ".pre-commit-hooks.yaml: \(output.standardOutput)\(output.standardError)")
        // The gate: the check hooks run `flowc check --strict`.
        let hooks = try String(contentsOfFile: TestPaths.packageRoot + "/.pre-commit-hooks.yaml", encoding: .utf8)
        #expect(hooks.components(separatedBy: "entry: flowc check --strict\n").count == 3)
    }

    @Test(.enabled(if: tool.shouldRun, "\(tool.missingNote)"))
    func documentedJobsAreValid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-ci-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.preCommitConfigSchema.write(
            to: folder.appendingPathComponent("config.schema.json"), atomically: true, encoding: .utf8)
        for (index, block) in try Self.blocks().enumerated() {
            let schema: [String] =
                switch block.kind {
                case "github-workflow": ["--builtin-schema", "vendor.github-workflows"]
                case "gitlab-ci": ["--builtin-schema", "vendor.gitlab-ci"]
                default: ["--schemafile", folder.path + "/config.schema.json"]
                }
            let output = try Self.check(block.text, name: "block\(index).yaml", schema: schema)
            #expect(
                output.status == 0,
                "docs/CI.md block \(index + 1) (\(block.kind)): \(output.standardOutput)\(output.standardError)")
        }
    }
}
