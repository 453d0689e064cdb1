import FlowCompiler
import Foundation
import Testing

/// Golden files for every output format on one multi-file invalid set
/// (`Tests/Fixtures/formats/flows`), and what GitHub code scanning requires of SARIF 2.1.0.
@Suite struct OutputFormatTests {
    static let root = TestPaths.fixtures + "/formats"

    static func result() throws -> ValidationResult {
        FlowValidation.validate(sources: try TestPaths.sources(under: "flows", in: root))
    }

    static func check(_ actual: String, against name: String) throws {
        let path = root + "/" + name
        if ProcessInfo.processInfo.environment["FLOWC_UPDATE_GOLDEN"] == "1" {
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(actual == (try String(contentsOfFile: path, encoding: .utf8)), "\(name)")
    }

    @Test func text() throws {
        let result = try Self.result()
        try Self.check(
            TextDiagnosticRenderer().render(result.diagnostics, sources: result.sourcesByPath), against: "expected.txt")
    }

    @Test func coloredTextWrapsOnlyDecorations() throws {
        let result = try Self.result()
        let plain = TextDiagnosticRenderer().render(result.diagnostics, sources: result.sourcesByPath)
        let colored = TextDiagnosticRenderer(colored: true).render(result.diagnostics, sources: result.sourcesByPath)
        #expect(colored.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        let stripped = colored.replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == plain)
    }

    @Test func json() throws {
        try Self.check(JSONDiagnosticRenderer.render(try Self.result().diagnostics), against: "expected.json")
    }

    @Test func github() throws {
        try Self.check(GitHubDiagnosticRenderer.render(try Self.result().diagnostics), against: "expected.github")
    }

    @Test func gitlab() throws {
        try Self.check(GitLabCodeQualityRenderer.render(try Self.result().diagnostics), against: "expected.gitlab")
    }

    @Test func sarif() throws {
        try Self.check(
            SARIFDiagnosticRenderer.render(try Self.result().diagnostics, version: "0.1.0"), against: "expected.sarif")
    }

    /// GitHub code scanning: version 2.1.0, `$schema`, a tool driver with rules, and results with
    /// `ruleId`, `level`, `message.text` and a physical location with a 1-based region.
    @Test func sarifHasWhatCodeScanningRequires() throws {
        let result = try Self.result()
        let text = SARIFDiagnosticRenderer.render(result.diagnostics, version: "0.1.0")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.hasSuffix("sarif-schema-2.1.0.json") == true)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "flowc")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        #expect(ruleIDs == RuleRegistry.all.map(\.code))
        #expect(rules.allSatisfy { ($0["shortDescription"] as? [String: Any])?["text"] is String })
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == result.diagnostics.count)
        #expect(!results.isEmpty)
        for (entry, diagnostic) in zip(results, result.diagnostics) {
            #expect(entry["ruleId"] as? String == diagnostic.code)
            #expect(ruleIDs[entry["ruleIndex"] as? Int ?? -1] == diagnostic.code)
            #expect(["error", "warning", "note", "none"].contains(entry["level"] as? String ?? ""))
            #expect((entry["message"] as? [String: Any])?["text"] as? String == diagnostic.message)
            let locations = try #require(entry["locations"] as? [[String: Any]])
            let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
            #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == diagnostic.location.file)
            let region = try #require(physical["region"] as? [String: Any])
            #expect(region["startLine"] as? Int == diagnostic.location.line)
            #expect(region["startColumn"] as? Int == diagnostic.location.column)
            #expect((region["startLine"] as? Int ?? 0) >= 1 && (region["startColumn"] as? Int ?? 0) >= 1)
        }
    }

    @Test func sarifURIsArePercentEncodedRelativePaths() {
        #expect(SARIFDiagnosticRenderer.uri("./Flows/my flow.yaml") == "Flows/my%20flow.yaml")
        #expect(SARIFDiagnosticRenderer.uri("Flows/100%.yaml") == "Flows/100%25.yaml")
        #expect(SARIFDiagnosticRenderer.uri("c:d.yaml") == "c%3Ad.yaml")
        #expect(SARIFDiagnosticRenderer.uri("/tmp/my flows/a#1.yaml") == "file:///tmp/my%20flows/a%231.yaml")
    }

    @Test func githubEscapesPropertiesAndData() {
        #expect(GitHubDiagnosticRenderer.escapeProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
        #expect(GitHubDiagnosticRenderer.escapeData("a:b,c%\r\n") == "a:b,c%25%0D%0A")
    }
}
