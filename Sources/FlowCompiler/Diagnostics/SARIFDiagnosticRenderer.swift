import FlowDefinitions
import FlowModel
import Foundation

/// Renders diagnostics as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format),
/// the format GitHub code scanning uploads accept.
///
/// One run; `tool.driver.rules` lists every flowc rule (id = code, name = identifier, descriptions,
/// default level); each result has `ruleId`, `ruleIndex`, `level`, `message.text` and one physical
/// location whose region is 1-based (`startLine`, `startColumn`, `endColumn` when known); notes become
/// `relatedLocations`. Columns are Unicode scalars, declared by `columnKind: unicodeCodePoints`.
public enum SARIFDiagnosticRenderer {
    /// The `$schema` URI of SARIF 2.1.0.
    public static let schemaURI =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    struct Log: Encodable {
        let schema = SARIFDiagnosticRenderer.schemaURI
        let version = "2.1.0"
        let runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }

    struct Run: Encodable {
        let tool: Tool
        let columnKind = "unicodeCodePoints"
        let results: [Result]
    }

    struct Tool: Encodable {
        let driver: Driver
    }

    struct Driver: Encodable {
        let name = "flowc"
        let version: String
        let rules: [Rule]
    }

    struct Text: Encodable {
        let text: String
    }

    struct Rule: Encodable {
        let id: String
        let name: String
        let shortDescription: Text
        let fullDescription: Text
        let help: Text
        let defaultConfiguration: Configuration
    }

    struct Configuration: Encodable {
        let level: String
    }

    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Text
        let locations: [Location]
        let relatedLocations: [Location]?
    }

    struct Location: Encodable {
        let id: Int?
        let physicalLocation: PhysicalLocation
        let message: Text?

        /// The SARIF location of `location`, a diagnostic's (`id` nil) or a note's.
        init(_ location: SourceLocation, endColumn: Int?, id: Int?, message: String?) {
            self.id = id
            physicalLocation = PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: SARIFDiagnosticRenderer.uri(location.file)),
                region: Region(startLine: location.line, startColumn: location.column, endColumn: endColumn))
            self.message = message.map(Text.init)
        }
    }

    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region
    }

    struct ArtifactLocation: Encodable {
        let uri: String
    }

    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int
        let endColumn: Int?
    }

    /// The SARIF log as pretty-printed JSON with sorted keys, ending in a newline.
    /// - Parameter version: flowc's version, recorded as the driver's version.
    public static func render(_ diagnostics: [Diagnostic], version: String) -> String {
        let descriptions = RuleRegistry.all
        let indexByCode = Dictionary(uniqueKeysWithValues: descriptions.enumerated().map { ($1.code, $0) })
        let rules = descriptions.map { rule in
            Rule(
                id: rule.code, name: rule.identifier, shortDescription: Text(text: rule.summary),
                fullDescription: Text(text: rule.explanation), help: Text(text: RuleExplanation.text(for: rule)),
                defaultConfiguration: Configuration(level: rule.severity.rawValue))
        }
        let results = diagnostics.map { diagnostic in
            let related = diagnostic.notes.enumerated().map { index, note in
                Location(note.location, endColumn: nil, id: index + 1, message: note.message)
            }
            return Result(
                ruleId: diagnostic.code, ruleIndex: indexByCode[diagnostic.code] ?? 0,
                level: diagnostic.severity.rawValue, message: Text(text: diagnostic.message),
                locations: [Location(diagnostic.location, endColumn: diagnostic.endColumn, id: nil, message: nil)],
                relatedLocations: related.isEmpty ? nil : related)
        }
        let log = Log(runs: [Run(tool: Tool(driver: Driver(version: version, rules: rules)), results: results)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(log) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The URI of a path as the user wrote it: relative paths stay relative (`./` dropped), absolute
    /// paths become `file://` URIs; characters outside a URI path (spaces, `%`, `#`, and `:` so that
    /// `c:d.yaml` cannot read as a scheme) are percent-encoded.
    public static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "%:")
        if path.hasPrefix("/") {
            return "file://" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
        }
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return trimmed.addingPercentEncoding(withAllowedCharacters: allowed) ?? trimmed
    }
}
