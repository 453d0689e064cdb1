import FlowCodegen
import FlowModel
import FlowRuntime
import Foundation
import Testing

/// `flowc generate swift` output for the shipped flows and the fixture of every parameter type, kept in
/// `Tests/Fixtures/generated/*.swift.golden`. The same files are compiled, through FlowcPlugin, by the
/// ReadingHostTests and GeneratedFixtureTests targets. Rewrite after a deliberate change with
/// `FLOWC_UPDATE_GOLDEN=1 swift test`, then read the diff.
@Suite struct GoldenGenerationTests {
    static let cases = [
        (folder: "Flows", golden: "Flows.swift.golden"),
        (folder: "Tests/GeneratedFixtureTests/Flows", golden: "fixture.swift.golden"),
    ]

    @Test(arguments: [0, 1])
    func generatedSwiftMatchesTheGoldenFile(index: Int) throws {
        let (folder, golden) = Self.cases[index]
        let actual = try Generation.generate(try Generation.sources(folder))
        let path = Generation.goldenFolder + "/" + golden
        if ProcessInfo.processInfo.environment["FLOWC_UPDATE_GOLDEN"] == "1" {
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(actual == (try String(contentsOfFile: path, encoding: .utf8)))
    }

    @Test func theOrderOfTheFilesDoesNotChangeTheOutput() throws {
        let sources = try Generation.sources("Flows")
        #expect(try Generation.generate(sources) == Generation.generate(sources.reversed()))
    }

    @Test func theEmbeddedBundleDecodesToTheBundleItWasGeneratedFrom() throws {
        for folder in ["Flows", "Tests/GeneratedFixtureTests/Flows"] {
            let (bundle, flows) = try Generation.compile(try Generation.sources(folder))
            let source = try SwiftGenerator.generate(bundle, definitions: flows)
            let base64 = try #require(Self.embeddedBundle(in: source))
            #expect(base64.split(separator: "\n").dropLast().allSatisfy { (line: Substring) in line.count == 100 })
            #expect(try GeneratedBundle.decode(base64: base64, expecting: bundle.contentHash) == bundle)
            #expect(throws: GeneratedFlowError.bundleMismatch(expected: "0000000000000000", found: bundle.contentHash))
            {
                try GeneratedBundle.decode(base64: base64, expecting: "0000000000000000")
            }
        }
    }

    /// The lines of the multi-line literal `embeddedBundle`, without their indentation.
    static func embeddedBundle(in source: String) -> String? {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasSuffix("static let embeddedBundle = \"\"\"") }) else {
            return nil
        }
        let body = lines[(start + 1)...].prefix { !$0.hasSuffix("\"\"\"") }
        return body.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }
}

/// The generated Swift compiles with no warning whatever the flows' names (Swift keywords included:
/// Tests/GeneratedFixtureTests/Flows/self.yaml), type-checked by `swiftc` in Swift 6 mode against the
/// FlowRuntime and FlowModel modules this test run built.
@Suite struct GeneratedSwiftCompilesCleanlyTests {
    @Test func theFixtureTypeChecksWithNoWarning() throws {
        let source = try Generation.generate(try Generation.sources("Tests/GeneratedFixtureTests/Flows"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-codegen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Flows.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        // The test bundle sits in the build's products folder, beside `Modules`.
        var products = Bundle.main.bundleURL
        if products.pathExtension == "xctest" { products.deleteLastPathComponent() }
        let modules = products.appendingPathComponent("Modules").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(!text.contains("warning:"), "\(text)")
    }
}
