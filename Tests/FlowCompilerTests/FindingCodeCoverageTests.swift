import Foundation
import Testing

@testable import FlowCompiler

/// The one registry lists every code any module reports: each `FC` and three digits written anywhere under
/// Sources/ (a rule, the explorer's codes, the diff's verdicts, a comment naming one) is a code of
/// `RuleRegistry`. The codes the explorer computes (`Guarantee.code`) are held to it by FlowExplorerTests
/// (`ExplorationWarningTests.everyCodeIsInTheRegistry`), and `flowc diff`'s by `VersionFinding.code`'s literals.
struct FindingCodeCoverageTests {
    @Test func everyCodeWrittenInTheSourcesIsRegistered() throws {
        let folder = TestPaths.packageRoot + "/Sources"
        let files = (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 100)
        let code = try Regex(#"\bFC[0-9]{3}\b"#)
        let registered = Set(RuleRegistry.all.map(\.code))
        // FC999 is the unknown code of FC091's examples (a suppression naming no rule).
        let deliberatelyUnknown: Set<String> = ["FC999"]
        var unknown: [String] = []
        var seen = Set<String>()
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for match in text.matches(of: code) {
                let found = String(text[match.range])
                seen.insert(found)
                if !registered.contains(found), !deliberatelyUnknown.contains(found) {
                    unknown.append("\(file): \(found)")
                }
            }
        }
        #expect(unknown.isEmpty, "codes written in Sources/ that RuleRegistry lacks: \(unknown)")
        // The scan sees the codes of every stage.
        #expect(seen.isSuperset(of: ["FC203", "FC809", "FC811", "FC901", "FC906"]))
    }

    /// Each code is described whole: a stage, a one-line summary and an explanation.
    @Test func everyCodeIsDescribed() {
        for rule in RuleRegistry.all {
            #expect(!rule.summary.isEmpty && !rule.summary.contains("\n"), "\(rule.code)")
            #expect(!rule.explanation.isEmpty, "\(rule.code)")
        }
        let byStage = Dictionary(grouping: RuleRegistry.all, by: \.reporter).mapValues { $0.map(\.code) }
        #expect(byStage[.check] == (1...14).map { String(format: "FC8%02d", $0) })
        #expect(byStage[.diff] == (1...6).map { String(format: "FC9%02d", $0) })
        #expect(byStage[.settings] == ["FC090", "FC091", "FC095"])
    }
}
