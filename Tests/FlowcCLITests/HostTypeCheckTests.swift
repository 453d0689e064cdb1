import Foundation
import Testing

/// The SwiftUI and UIKit code Linux cannot compile, type-checked as far as Linux allows: FlowSwiftUI's
/// `Binding`s and the example hosts (Examples/ReadingApp: SwiftUI and UIKit; Examples/SocialApp: SwiftUI),
/// over the code `flowc generate swift` makes from their flows, by the toolchain's `swiftc` in Swift 6
/// mode with warnings as errors, against stand-in `SwiftUI` and `UIKit` modules
/// (Tests/Fixtures/apple-stand-ins: only the declarations used, each copied from the Apple documentation
/// page it names) and the FlowModel and FlowRuntime modules `swift test` built.
///
/// Checked against documented signatures, not compiled with Apple's SDK: a signature the stand-ins copy
/// wrongly, or behaviour, is beyond it (`.github/workflows/apple.yml` builds with Xcode; this project's
/// CI does not run it).
@Suite struct HostTypeCheckTests {
    static let standIns = FlowcProcess.packageRoot + "/Tests/Fixtures/apple-stand-ins"

    @Test func theSwiftUIAndUIKitHostsTypeCheckAgainstTheDocumentedSignatures() throws {
        let swiftc = try #require(
            FlowcProcess.swiftc(), "no 'swiftc' on PATH; the test type-checks the hosts with the toolchain's swiftc")
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func compile(_ arguments: [String]) throws -> String {
            let result = try FlowcProcess.run(
                [
                    "-parse-as-library", "-swift-version", "6", "-warnings-as-errors", "-I", folder.path, "-I",
                    FlowcProcess.builtModules,
                ] + arguments,
                environment: ["HOME": ProcessInfo.processInfo.environment["HOME"] ?? ""], executable: swiftc,
                in: folder.path)
            #expect(result.status == 0, "swiftc \(arguments.joined(separator: " ")):\n\(result.standardError)")
            return result.standardOutput + result.standardError
        }
        // The stand-ins, then FlowSwiftUI against them (its module, for the hosts that import it).
        for module in ["SwiftUI", "UIKit"] {
            #expect(
                try compile([
                    "-emit-module", "-module-name", module, "-emit-module-path", "\(module).swiftmodule",
                    "\(Self.standIns)/\(module).swift",
                ]) == "")
        }
        let flowSwiftUI = try Self.swiftFiles(in: FlowcProcess.packageRoot + "/Sources/FlowSwiftUI")
        #expect(flowSwiftUI.count == 1)
        #expect(
            try compile(
                ["-emit-module", "-module-name", "FlowSwiftUI", "-emit-module-path", "FlowSwiftUI.swiftmodule"]
                    + flowSwiftUI) == "")

        // Each example's sources (SwiftUI and UIKit files included: the stand-ins make `canImport` true)
        // with the Swift its flows generate, as its plugin would.
        let examples = [
            ("ReadingApp", "Examples/ReadingApp/Sources/ReadingApp", ["Flows"]),
            (
                "SocialApp", "Examples/SocialApp/Sources/SocialApp",
                ["social", "feed", "search", "profile", "createPost", "signIn"].map { "../../../../Flows/\($0).yaml" }
            ),
        ]
        for (module, path, flows) in examples {
            let sources = FlowcProcess.packageRoot + "/" + path
            let generated = folder.appendingPathComponent("\(module)Flows.swift").path
            let generation = try FlowcProcess.run(
                ["generate", "swift"] + flows.map { sources + "/" + $0 } + ["-o", generated, "--namespace", "Flows"])
            #expect(generation.status == 0, "\(generation.standardError)")
            let files = try Self.swiftFiles(in: sources)
            #expect(files.contains { $0.hasSuffix("Root.swift") }, "\(files)")
            #expect(try compile(["-typecheck", "-module-name", module, generated] + files) == "")
        }
    }

    /// The `.swift` files directly in `folder`, sorted.
    static func swiftFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted().map {
            folder + "/" + $0
        }
    }
}
