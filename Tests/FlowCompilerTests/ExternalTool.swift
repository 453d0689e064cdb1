import Foundation

/// A program the tests run that `scripts/setup.sh` installs (`dot` from Graphviz, `check-jsonschema`
/// from PyPI). Where it is missing, a test that needs it is skipped with a note on a developer's
/// machine, and fails with what to run under CI (`CI=true`), so CI never passes without it.
struct ExternalTool: Sendable {
    let name: String
    /// The executable found, or nil.
    let path: String?

    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// `dot` from Debian's graphviz package.
    static let dot = ExternalTool(name: "dot", path: search("dot", in: []))

    /// `check-jsonschema` in the virtual environment `scripts/setup.sh` makes (`$FLOWC_TOOLS/venv`,
    /// by default `~/.cache/flowc/venv`), else on PATH.
    static let checkJSONSchema: ExternalTool = {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")
        let tools = environment["FLOWC_TOOLS"] ?? (cache + "/flowc")
        return ExternalTool(name: "check-jsonschema", path: search("check-jsonschema", in: [tools + "/venv/bin"]))
    }()

    private static func search(_ name: String, in preferred: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folders = preferred + path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether a test needing the tool runs: it is installed, or this is CI (where its absence fails).
    var shouldRun: Bool { path != nil || Self.isCI }

    /// Why a test is skipped, or what to do when it fails for want of the tool.
    var missingNote: String { "'\(name)' is not installed; run scripts/setup.sh" }

    struct Output {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// Runs the tool with `arguments` in `folder`, feeding `input` on standard input.
    /// - Throws: when the tool is missing (with `missingNote`) or cannot be started.
    func run(_ arguments: [String], in folder: String, input: String = "") throws -> Output {
        guard let path else { throw ToolMissing(message: missingNote) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        // Read both streams while writing, so neither pipe fills up and blocks the tool.
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data()
        nonisolated(unsafe) var err = Data()
        DispatchQueue.global().async(group: group) { out = stdout.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { err = stderr.fileHandleForReading.readDataToEndOfFile() }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self))
    }

    struct ToolMissing: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
