import Foundation
import Testing

/// FlowcPlugin as an app meets it: `swift build` of Examples/ReadingApp, a package that depends on this
/// one by path and applies the plugin to a target with a `Flows/` folder.
///
/// The example is copied to `.build/examples/ReadingApp` (its dependency path rewritten to this checkout)
/// and built with `--scratch-path .build/examples/scratch`, both kept across runs: a file is rewritten only
/// when its text differs, so a second run rebuilds only what changed. The first run on a clean clone builds
/// the plugin's tool and the runtime once more for the example (docs/HOSTING.md, "Build time").
@Suite struct PluginBuildTests {
    static let example = FlowcProcess.packageRoot + "/Examples/ReadingApp"
    static let copy = FlowcProcess.packageRoot + "/.build/examples/ReadingApp"
    static let scratch = FlowcProcess.packageRoot + "/.build/examples/scratch"
    static let flowFile = copy + "/Sources/ReadingApp/Flows/reading.yaml"
    static let generating = "Generating Swift from the flows of ReadingApp"

    @Test(.timeLimit(.minutes(20)))
    func aFlowErrorFailsTheBuildAtItsYAMLLineAndTheFixedFlowsBuildAndRun() throws {
        try Self.synchronizeCopy()
        // SwiftPM plans a build again when the root package's files change, not when a path dependency
        // gains or loses a source file: without its build manifests it plans from the checkout as it is
        // now (and still compiles only what changed).
        for manifest in ["debug.yaml", "plugin-tools.yaml"] {
            try? FileManager.default.removeItem(atPath: Self.scratch + "/" + manifest)
        }

        // The flows as shipped: the build generates the typed API, and reading-trace calls it.
        let built = try Self.swiftBuild()
        #expect(built.status == 0, "\(built.output)")
        let trace = try FlowcProcess.run([], executable: URL(fileURLWithPath: Self.scratch + "/debug/reading-trace"))
        #expect(trace.standardError == "")
        #expect(
            trace.standardOutput == """
                start: applied → library
                select book 3 (not in the library): rejected → library
                select book 7: applied → library > details(7)
                edit: applied → library > details(7) > edit.editor(7)
                back (asks to discard the draft): pending → library > details(7) > edit.editor(7)
                keep editing: applied → library > details(7) > edit.editor(7)
                save: applied [edit finished saved] → library > details(7)
                save again, from the editor's removed route: stale → library > details(7)
                open /books/9/edit: applied → library > details(9) > edit.editor(9)
                back, confirmed: pending → library > details(9) > edit.editor(9)
                confirm: applied [edit finished discarded] → library > details(9)

                """)

        // Nothing changed: the plugin's command does not run. (Right after the tool's first build, SwiftPM
        // links it once more in the next build, which runs the command again; the third build is quiet.)
        #expect(try Self.swiftBuild().status == 0)
        let unchanged = try Self.swiftBuild()
        #expect(unchanged.status == 0, "\(unchanged.output)")
        #expect(!unchanged.output.contains(Self.generating), "\(unchanged.output)")

        // A misspelt push target: the command runs again and fails the build with flowc's diagnostic at
        // the YAML line, as `swift build` and Xcode show it.
        let text = try String(contentsOfFile: Self.flowFile, encoding: .utf8)
        #expect(text.components(separatedBy: "\n")[9] == "        push: details")
        try text.replacingOccurrences(of: "        push: details\n", with: "        push: detail\n")
            .write(toFile: Self.flowFile, atomically: true, encoding: .utf8)
        let failed = try Self.swiftBuild()
        #expect(failed.status != 0)
        #expect(failed.output.contains(Self.generating), "\(failed.output)")
        #expect(
            failed.output.contains(
                """

                \(Self.flowFile):10:15: error: unknown screen 'detail' in flow 'reading'; did you mean 'details'? [FC203]
                        push: detail
                              ^~~~~~
                flowc: error: the flows have errors; fix them first

                """), "\(failed.output)")

        // The package's `.flowc.yml` applies to plugin builds too: its `exclude` keeps a file that is
        // not a flow out of the scan, and editing it runs the command again.
        try text.write(toFile: Self.flowFile, atomically: true, encoding: .utf8)
        let compose = Self.copy + "/Sources/ReadingApp/Flows/deploy/docker-compose.yml"
        let configuration = Self.copy + "/.flowc.yml"
        defer {
            try? FileManager.default.removeItem(atPath: configuration)
            try? FileManager.default.removeItem(atPath: (compose as NSString).deletingLastPathComponent)
        }
        try FileManager.default.createDirectory(
            atPath: (compose as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "services:\n  web: { image: reading }\n".write(toFile: compose, atomically: true, encoding: .utf8)
        try "exclude: [\"**/docker-compose.yml\"]\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        let excluded = try Self.swiftBuild()
        #expect(excluded.status == 0, "\(excluded.output)")
        try "exclude: []\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        let included = try Self.swiftBuild()
        #expect(included.status != 0)
        #expect(included.output.contains(Self.generating), "\(included.output)")
        #expect(
            included.output.contains("\(compose):1:1: error: unknown key 'services' in a flow"), "\(included.output)")
    }

    @Test func hostingShowsTheExamplesSwiftUIHostAsItIs() throws {
        // SwiftUI is not compiled on Linux; the host in docs/HOSTING.md is at least the example's file.
        let host = try String(contentsOfFile: Self.example + "/Sources/ReadingApp/ReadingRoot.swift", encoding: .utf8)
        let hosting = try String(contentsOfFile: FlowcProcess.packageRoot + "/docs/HOSTING.md", encoding: .utf8)
        #expect(hosting.contains("```swift\n" + host + "```\n"))
    }

    /// Makes `.build/examples/ReadingApp` a copy of Examples/ReadingApp whose dependency is this checkout,
    /// writing only files whose text differs and removing files the example no longer has.
    static func synchronizeCopy() throws {
        let manager = FileManager.default
        let files = (manager.subpaths(atPath: example) ?? []).filter { path in
            var isFolder: ObjCBool = false
            // Not what a build in place or Xcode leaves: `.build`, `.swiftpm`, `Package.resolved`.
            return !path.split(separator: "/").contains { $0.hasPrefix(".") } && path != "Package.resolved"
                && manager.fileExists(atPath: example + "/" + path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }
        #expect(files.contains("Package.swift") && files.contains("Sources/ReadingApp/Flows/reading.yaml"))
        for path in files {
            var data = try Data(contentsOf: URL(fileURLWithPath: example + "/" + path))
            if path == "Package.swift" {
                let manifest = String(decoding: data, as: UTF8.self)
                let dependency = #".package(name: "flowc", path: "../..")"#
                #expect(manifest.contains(dependency))
                data = Data(
                    manifest.replacingOccurrences(
                        of: dependency, with: ".package(name: \"flowc\", path: \"\(FlowcProcess.packageRoot)\")"
                    ).utf8)
            }
            let target = copy + "/" + path
            guard manager.contents(atPath: target) != data else { continue }
            try manager.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: target))
        }
        for path in manager.subpaths(atPath: copy) ?? [] where !files.contains(path) {
            var isFolder: ObjCBool = false
            if manager.fileExists(atPath: copy + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                try manager.removeItem(atPath: copy + "/" + path)
            }
        }
    }

    /// `swift build` of the copy, with standard output and standard error together, in this process's
    /// environment (the `swift` found on its PATH).
    static func swiftBuild() throws -> (status: Int32, output: String) {
        let environment = ProcessInfo.processInfo.environment
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        guard let swift = folders.map({ $0 + "/swift" }).first(where: FileManager.default.isExecutableFile) else {
            Issue.record(
                "no 'swift' on PATH (\(environment["PATH"] ?? "")); the plugin build needs the toolchain's swift")
            return (-1, "")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = ["build", "--package-path", copy, "--scratch-path", scratch]
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
