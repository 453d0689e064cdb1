import Foundation

/// Runs the built `flowc` executable and captures what it prints.
struct FlowcProcess {
    struct Output {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The `flowc` binary built beside the test bundle (`swift test` builds every product).
    static let executable: URL = {
        var directory = Bundle.main.bundleURL
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent("flowc")
    }()

    /// Runs `flowc arguments…` in the package root with `environment` added to a minimal environment
    /// (no `GITHUB_ACTIONS`, `NO_COLOR` set unless overridden), feeding `input` on standard input.
    /// `executable` replaces `flowc` (for a shell that runs it); `folder` replaces the package root as
    /// the working folder.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], input: String = "",
        executable: URL = Self.executable, in folder: String? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder ?? packageRoot)
        var base = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
        base.merge(environment) { _, new in new }
        process.environment = base.filter { !$0.value.isEmpty }
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self))
    }

    /// The toolchain's `swiftc`: the first on `PATH` (the toolchain that runs `swift test`), nil when none.
    static func swiftc() -> URL? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.map { $0 + "/swiftc" }.first(where: FileManager.default.isExecutableFile).map {
            URL(fileURLWithPath: $0)
        }
    }

    /// The modules `swift test` built (FlowModel, FlowRuntime, …), beside the `flowc` binary: `-I` for
    /// `swiftc`.
    static var builtModules: String { executable.deletingLastPathComponent().appendingPathComponent("Modules").path }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
