import Foundation
import Testing

/// What the generated API turns into compile errors: the golden Swift of the shipped flows
/// (Tests/Fixtures/generated/Flows.swift.golden), type-checked by `swiftc` against the FlowRuntime and
/// FlowModel modules `swift test` built, beside code that misuses it.
@Suite struct GeneratedAPIMisuseTests {
    @Test func aMisspeltEventAWrongArgumentAMissingScreenOrCheckDoesNotCompile() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = FlowcProcess.packageRoot + "/Tests/Fixtures/generated/Flows.swift.golden"
        try FileManager.default.copyItem(atPath: golden, toPath: folder.path + "/Flows.swift")
        try """
        import FlowRuntime

        @MainActor func misuse(_ coordinator: FlowCoordinator, route: ReadingFlow.Route) {
            coordinator.send(ReadingFlow.LibraryEvent.selectBok(bookID: 7))
            coordinator.send(ReadingFlow.LibraryEvent.selectBook(bookID: "7"))
            coordinator.send(ReadingFlow.LibraryEvent.selectBook)
            coordinator.send(ReadingFlow.DetailsEvent.edit(bookID: 7))
            _ = EditFlow.Outcome.savd
            switch route {
            case .library, .details: break
            }
        }

        final class Library: Flows.Host {
            var hasOnboarded = true
            var isLoggedIn = true
            var isSignedIn = true
            func bookExists(_ value: Int) -> Bool { true }
            func noteExists(_ value: Int) -> Bool { true }
        }

        """.write(toFile: folder.path + "/Misuse.swift", atomically: true, encoding: .utf8)
        let modules = FlowcProcess.executable.deletingLastPathComponent().appendingPathComponent("Modules").path
        let environment = ProcessInfo.processInfo.environment
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let swiftc = try #require(
            folders.map { $0 + "/swiftc" }.first(where: FileManager.default.isExecutableFile),
            "no 'swiftc' on PATH; the test type-checks generated code with the toolchain's swiftc")
        let result = try FlowcProcess.run(
            ["-typecheck", "-swift-version", "6", "-I", modules, "Flows.swift", "Misuse.swift"],
            environment: ["HOME": environment["HOME"] ?? ""], executable: URL(fileURLWithPath: swiftc), in: folder.path)
        #expect(result.status == 1)
        // In line order (swiftc reports the conformance first).
        let errors = (result.standardOutput + result.standardError).split(separator: "\n")
            .filter { $0.contains(": error: ") }
            .map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
            .sorted { (Self.line(of: $0), $0) < (Self.line(of: $1), $1) }
        #expect(
            errors == [
                "Misuse.swift:4:47: error: type 'ReadingFlow.LibraryEvent' has no member 'selectBok'",
                "Misuse.swift:5:66: error: cannot convert value of type 'String' to expected argument type 'Int'",
                "Misuse.swift:6:17: error: type '@Sendable (Int) -> ReadingFlow.LibraryEvent' cannot conform to 'ScreenEventConvertible' [#ProtocolTypeNonConformance]",
                "Misuse.swift:7:47: error: enum case 'edit' has no associated values",
                "Misuse.swift:8:26: error: type 'EditFlow.Outcome' has no member 'savd'",
                "Misuse.swift:9:5: error: switch must be exhaustive",
                "Misuse.swift:14:13: error: type 'Library' does not conform to protocol 'Flows.Host'",
            ], "\(result.standardOutput)\(result.standardError)")
    }

    /// The line number of a `FILE:LINE:COLUMN: error: …` line.
    static func line(of diagnostic: String) -> Int {
        let parts = diagnostic.split(separator: ":")
        return parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    }
}
