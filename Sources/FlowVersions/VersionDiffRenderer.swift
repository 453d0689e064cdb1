import FlowCompiler
import Foundation

/// Where a finding is shown: a place in the new flow files (the flow, or the link's pattern), or the new
/// input itself when it is a bundle.
package struct DiffLocation: Hashable, Sendable {
    package var file: String
    package var line: Int
    package var column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// `flowc diff`'s output formats, as `flowc validate`'s: clang-style text, JSON, SARIF 2.1.0 and GitHub
/// workflow commands. Every finding is written, kept ones too (as notes); the text ends with a summary line.
package enum VersionDiffRenderer {
    /// The formats `--format` may name.
    package static let formats = ["text", "json", "sarif", "github"]

    /// The report in `format` (one of ``formats``), ending with a newline; `locate` places each finding.
    package static func render(
        _ report: VersionDiffReport, format: String, version: String, locate: (VersionFinding) -> DiffLocation
    ) -> String {
        switch format {
        case "json": json(report, locate: locate)
        case "sarif": sarif(report, version: version, locate: locate)
        case "github": github(report, locate: locate)
        default: text(report, locate: locate)
        }
    }

    /// `file:line:col: error: message [FC901]`, then the witness lines indented, then a summary.
    static func text(_ report: VersionDiffReport, locate: (VersionFinding) -> DiffLocation) -> String {
        var out = ""
        for finding in report.findings {
            let location = locate(finding)
            out +=
                "\(location.file):\(location.line):\(location.column): \(finding.level): \(finding.message) [\(finding.code)]\n"
            for line in finding.witness.split(separator: "\n", omittingEmptySubsequences: false) {
                out += "    \(line)\n"
            }
        }
        out += summary(report) + "\n"
        return out
    }

    /// `4 kept, 1 renamed, 1 narrowed, 2 broken (1 accepted)`, and the exploration bound if one stopped it.
    static func summary(_ report: VersionDiffReport) -> String {
        let accepted = report.findings.count { $0.acknowledged }
        var text =
            "\(report.count(.keep)) kept, \(report.count(.rename)) renamed, \(report.count(.narrow)) narrowed, \(report.count(.break)) broken"
        if accepted > 0 { text += " (\(accepted) accepted in .flowc.yml)" }
        if let bound = report.bound {
            text += "; exploration bounded (\(bound)): shapes past the bound were not compared"
        }
        return text
    }

    private struct JSONFinding: Encodable {
        var code: String
        var level: String
        var kind: String
        var verdict: String
        var rootFlow: String
        var subject: String
        var message: String
        var witness: [String]
        var accepted: Bool
        var file: String
        var line: Int
        var column: Int
    }

    private struct JSONReport: Encodable {
        var findings: [JSONFinding]
        var summary: [String: Int]
        var complete: Bool
    }

    /// `{"complete": …, "findings": [...], "summary": {"break": 2, …}}`, pretty-printed with sorted keys.
    static func json(_ report: VersionDiffReport, locate: (VersionFinding) -> DiffLocation) -> String {
        let findings = report.findings.map { finding in
            let location = locate(finding)
            return JSONFinding(
                code: finding.code, level: finding.level, kind: finding.kind.rawValue,
                verdict: finding.verdict.rawValue,
                rootFlow: finding.rootFlow, subject: finding.subject, message: finding.message,
                witness: finding.witness.split(separator: "\n").map(String.init), accepted: finding.acknowledged,
                file: location.file, line: location.line, column: location.column)
        }
        let summary = Dictionary(
            uniqueKeysWithValues: VersionFinding.Verdict.allCases.map { ($0.rawValue, report.count($0)) })
        return encode(JSONReport(findings: findings, summary: summary, complete: report.bound == nil))
    }

    private struct SARIFLog: Encodable {
        var schema = SARIFDiagnosticRenderer.schemaURI
        var version = "2.1.0"
        var runs: [SARIFRun]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }

    private struct SARIFRun: Encodable {
        var tool: SARIFTool
        var columnKind = "unicodeCodePoints"
        var results: [SARIFResult]
    }

    private struct SARIFTool: Encodable { var driver: SARIFDriver }

    private struct SARIFDriver: Encodable {
        var name = "flowc diff"
        var version: String
        var rules: [SARIFRule]
    }

    private struct SARIFText: Encodable { var text: String }

    private struct SARIFRule: Encodable {
        var id: String
        var name: String
        var shortDescription: SARIFText
    }

    private struct SARIFResult: Encodable {
        var ruleId: String
        var level: String
        var message: SARIFText
        var locations: [SARIFLocation]
    }

    private struct SARIFLocation: Encodable {
        var physicalLocation: SARIFPhysical
    }

    private struct SARIFPhysical: Encodable {
        var artifactLocation: SARIFArtifact
        var region: SARIFRegion
    }

    private struct SARIFArtifact: Encodable { var uri: String }

    private struct SARIFRegion: Encodable {
        var startLine: Int
        var startColumn: Int
    }

    /// The rules `flowc diff` reports, by code: its identifier and summary.
    package static let rules: [(code: String, identifier: String, summary: String)] = [
        ("FC901", "saved-state-breaks", "a saved state the old flows allow does not restore on the new ones"),
        ("FC902", "saved-state-narrowed", "some argument values of a saved state no longer restore"),
        ("FC903", "link-breaks", "a deep link the old flows open does not open on the new ones"),
        ("FC904", "link-narrowed", "some values of a deep link's placeholders no longer open it"),
        ("FC905", "renamed", "a saved state or link survives through the declared renames"),
        ("FC906", "kept", "a saved state or link is kept as it is"),
    ]

    /// A SARIF 2.1.0 log: one run, the six rules, one result per finding (kept ones as `note`).
    static func sarif(_ report: VersionDiffReport, version: String, locate: (VersionFinding) -> DiffLocation)
        -> String
    {
        let results = report.findings.map { finding in
            let location = locate(finding)
            return SARIFResult(
                ruleId: finding.code, level: finding.level,
                message: SARIFText(text: finding.message + "\nwitness:\n" + finding.witness),
                locations: [
                    SARIFLocation(
                        physicalLocation: SARIFPhysical(
                            artifactLocation: SARIFArtifact(uri: location.file),
                            region: SARIFRegion(startLine: max(1, location.line), startColumn: max(1, location.column)))
                    )
                ])
        }
        let rules = rules.map {
            SARIFRule(id: $0.code, name: $0.identifier, shortDescription: SARIFText(text: $0.summary))
        }
        return encode(
            SARIFLog(runs: [
                SARIFRun(tool: SARIFTool(driver: SARIFDriver(version: version, rules: rules)), results: results)
            ]))
    }

    /// `::error file=…,line=…,col=…,title=FC901 saved-state-breaks::message`, kept findings as `::notice`.
    static func github(_ report: VersionDiffReport, locate: (VersionFinding) -> DiffLocation) -> String {
        report.findings.map { finding in
            let location = locate(finding)
            let command = finding.level == "note" ? "notice" : finding.level
            let identifier = rules.first { $0.code == finding.code }?.identifier ?? ""
            let properties = [
                "file=\(GitHubDiagnosticRenderer.escapeProperty(location.file))", "line=\(location.line)",
                "col=\(location.column)",
                "title=\(GitHubDiagnosticRenderer.escapeProperty("\(finding.code) \(identifier)"))",
            ]
            let message = finding.message + " [\(finding.code)]\nwitness:\n" + finding.witness
            return
                "::\(command) \(properties.joined(separator: ","))::\(GitHubDiagnosticRenderer.escapeData(message))\n"
        }.joined()
    }

    private static func encode<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
