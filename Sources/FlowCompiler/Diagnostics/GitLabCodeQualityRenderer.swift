import FlowModel
import Foundation

/// Renders diagnostics as a GitLab Code Quality report (a JSON array that GitLab shows in merge
/// requests when a job declares it under `artifacts: reports: codequality`):
///
///     [{"check_name":"FC203 unknown-screen","description":"unknown screen … [FC203]",
///       "fingerprint":"…","location":{"lines":{"begin":12},"path":"Flows/reading.yaml"},"severity":"major"}]
///
/// Errors are `major`, warnings `minor`. The fingerprint (which GitLab uses to tell new findings
/// from old ones) is the FNV-1a 64-bit hash of the code, file, line, column and message, in hex.
public enum GitLabCodeQualityRenderer {
    struct Lines: Encodable { let begin: Int }
    struct Location: Encodable { let path: String, lines: Lines }
    struct Entry: Encodable {
        let description: String, check_name: String, fingerprint: String, severity: String, location: Location
    }

    /// The report, pretty-printed with sorted keys, ending in a newline.
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        let entries = diagnostics.map { diagnostic in
            let identifier = RuleRegistry.rule(code: diagnostic.code)?.identifier ?? ""
            let location = diagnostic.location
            let key =
                "\(diagnostic.code)\u{0}\(location.file)\u{0}\(location.line)\u{0}\(location.column)\u{0}\(diagnostic.message)"
            return Entry(
                description: diagnostic.message + " [\(diagnostic.code)]",
                check_name: "\(diagnostic.code) \(identifier)",
                fingerprint: ContentHash.hex(ContentHash.fnv1a64(key.utf8)),
                severity: diagnostic.severity == .error ? "major" : diagnostic.severity == .warning ? "minor" : "info",
                location: Location(path: location.file, lines: Lines(begin: location.line)))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(entries) else { return "[]\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
