import Foundation
import Testing

/// `flowc lsp` driven by real clients, as external processes (installed by scripts/setup.sh): the
/// Neovim 0.7.2 end-to-end script (Tests/Editors/neovim/e2e.lua) and the pytest-lsp suite
/// (Tests/Editors/pytest-lsp), which replays Neovim 0.7's and VS Code's capabilities. Each is skipped
/// with a note where its tool is missing on a developer's machine, and fails under CI (`CI=true`).
@Suite struct EditorClientTests {
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    static let tools: String = {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")
        return environment["FLOWC_TOOLS"] ?? (cache + "/flowc")
    }()

    static let neovim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let python = [tools + "/venv/bin/python"].first { path in
        FileManager.default.isExecutableFile(atPath: path)
            && FileManager.default.fileExists(atPath: tools + "/venv/bin/pytest")
    }

    /// A copy of the shop workspace and a private cache and state folder for the editor.
    static func scratch() throws -> (workspace: URL, home: URL) {
        let home = try FlowcProcess.temporaryFolder()
        let workspace = home.appendingPathComponent("shop")
        try FileManager.default.copyItem(
            atPath: FlowcProcess.packageRoot + "/Tests/Fixtures/lsp/shop", toPath: workspace.path)
        return (workspace, home)
    }

    static func environment(home: URL) -> [String: String] {
        [
            "FLOWC": FlowcProcess.executable.path, "HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache",
            "XDG_STATE_HOME": home.path + "/state", "XDG_DATA_HOME": home.path + "/data",
            "XDG_CONFIG_HOME": home.path + "/config", "PATH": "/usr/bin:/bin",
        ]
    }

    @Test(.enabled(if: neovim != nil || isCI, "nvim is not installed; run scripts/setup.sh"))
    func neovimEndToEnd() throws {
        guard let neovim = Self.neovim else {
            Issue.record("nvim is not installed; run scripts/setup.sh")
            return
        }
        let (workspace, home) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = Self.environment(home: home)
        environment["WORKSPACE"] = workspace.path
        let output = try FlowcProcess.run(
            [
                "--headless", "--clean", "-n", "-i", "NONE", "-c",
                "luafile \(FlowcProcess.packageRoot)/Tests/Editors/neovim/e2e.lua",
            ], environment: environment, executable: URL(fileURLWithPath: neovim), in: workspace.path)
        let steps = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(output.status == 0, "\(output.standardOutput)\n\(output.standardError)")
        #expect(
            steps == [
                "ok start_client", "ok typo diagnostic", "ok code action did-you-mean", "ok edit applied",
                "ok typo diagnostic cleared", "ok unhandled outcome diagnostic", "ok code action add handler",
                "ok only the unreachable screen left", "ok code action suppress", "ok suppression inserted",
                "ok no diagnostics left", "ok definition into checkout.yaml", "ok rename edits",
                "ok validate after rename", "ok rename written to both files", "ok closed file changed on disk",
                "ok clean shutdown", "0 failed",
            ], "\(output.standardError)")
    }

    @Test(.enabled(if: python != nil || isCI, "pytest-lsp is not installed; run scripts/setup.sh"))
    func pytestLSPSuite() throws {
        guard let python = Self.python else {
            Issue.record("pytest-lsp is not installed under \(Self.tools)/venv; run scripts/setup.sh")
            return
        }
        let home = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let output = try FlowcProcess.run(
            ["-m", "pytest", "-q", "-p", "no:cacheprovider", "Tests/Editors/pytest-lsp"],
            environment: Self.environment(home: home), executable: URL(fileURLWithPath: python))
        #expect(output.status == 0, "\(output.standardOutput)\n\(output.standardError)")
        // Every test ran for each of the three clients: none skipped, none failed.
        let summary = output.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasPrefix("42 passed"), "\(output.standardOutput)")
    }
}
