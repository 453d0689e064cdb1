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
            let json = try #require(Self.embeddedJSON(in: source))
            #expect(json.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
            let decoded = try GeneratedBundle.decode(embeddedJSON: json, formatVersion: bundle.formatVersion,
                                                     expecting: bundle.contentHash)
            #expect(decoded == bundle)
        }
    }

    /// The text of the raw string literal `embeddedJSON` (one line, `#`s balanced).
    static func embeddedJSON(in source: String) -> String? {
        guard let line = source.split(separator: "\n").first(where: { $0.contains("static let embeddedJSON = ") }) else {
            return nil
        }
        var literal = Substring(line.split(separator: "=", maxSplits: 1)[1].dropFirst())
        let hashes = literal.prefix { $0 == "#" }.count
        literal = literal.dropFirst(hashes + 1).dropLast(hashes + 1)
        return String(literal)
    }
}
