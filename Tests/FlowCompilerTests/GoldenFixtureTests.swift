import FlowCompiler
import Foundation
import Testing

/// Golden files: every `Tests/Fixtures/invalid/NAME.yaml` (or folder `NAME/`, validated as one set)
/// must print exactly `NAME.expected`; every file under `Tests/Fixtures/valid/` and `Flows/` must
/// print nothing. Run with `FLOWC_UPDATE_GOLDEN=1` to rewrite the expected files after a deliberate change.
@Suite struct GoldenFixtureTests {
    static let fixtures = TestPaths.fixtures

    static var invalidCases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures + "/invalid")) ?? []
        return names.filter { !$0.hasSuffix(".expected") && !$0.hasPrefix(".") }.sorted()
    }

    @Test(arguments: invalidCases)
    func invalidFixturePrintsExpectedDiagnostics(name: String) throws {
        let result = FlowValidation.validate(
            sources: try TestPaths.sources(under: "invalid/" + name, in: Self.fixtures))
        let actual = TextDiagnosticRenderer().render(result.diagnostics, sources: result.sourcesByPath)
        let stem = name.hasSuffix(".yaml") ? String(name.dropLast(5)) : name
        let expectedPath = Self.fixtures + "/invalid/" + stem + ".expected"
        if ProcessInfo.processInfo.environment["FLOWC_UPDATE_GOLDEN"] == "1" {
            try actual.write(toFile: expectedPath, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: expectedPath, encoding: .utf8)
        #expect(actual == expected)
        #expect(result.hasErrors || result.diagnostics.contains { $0.severity == .warning })
    }

    @Test func invalidFixturesExist() {
        #expect(Self.invalidCases.count >= 20)
    }

    static var validCases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures + "/valid")) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test(arguments: validCases)
    func validFixturePrintsNothing(name: String) throws {
        let result = FlowValidation.validate(sources: try TestPaths.sources(under: "valid/" + name, in: Self.fixtures))
        #expect(!result.flows.isEmpty)
        #expect(result.diagnostics.map { "\($0.location): \($0.message) [\($0.code)]" } == [])
    }

    @Test func shippedFlowsValidateClean() throws {
        let result = try FlowValidation.validate(paths: [TestPaths.packageRoot + "/Flows"])
        #expect(result.diagnostics.map { "\($0.location): \($0.message) [\($0.code)]" } == [])
        #expect(
            result.flows.map(\.name.value).sorted()
                == [
                    "account", "app", "auth", "createPost", "discover", "edit", "feed", "intro", "listen",
                    "listingEditor", "listings", "login", "main", "market", "newNote", "notebook", "notesApp",
                    "onboarding", "player", "podcastSignIn", "podcastTabs", "podcasts", "posts", "profile", "reading",
                    "review", "search", "shop", "shopAccount", "shopCart", "shopCatalog", "shopCheckout",
                    "shopFarewell", "shopHome", "shopOnboarding", "shopOrders", "shopSignIn", "shopTabs", "signIn",
                    "social",
                ])
    }
}

/// Hazards whose input is generated rather than committed.
@Suite struct GeneratedHazardTests {
    @Test func fileLargerThanTheLimitIsRejectedBeforeParsing() {
        let limit = 8 * 1024 * 1024
        let bytes = Array("flow: big\nstart: a\n# ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: limit)
        let result = FlowValidation.validate(sources: [("big.yaml", bytes)])
        #expect(
            result.diagnostics.map { "\($0.location): \($0.message) [\($0.code)]" } == [
                "big.yaml:1:1: file is 8388629 bytes, more than the limit of 8388608 bytes; split it into smaller files [FC005]"
            ])
    }
}
