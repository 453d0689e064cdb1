import FlowModel
import Foundation

/// Renders diagnostics as a JSON array, one object per diagnostic:
///
///     {"code":"FC203","column":15,"endColumn":22,"file":"Flows/reading.yaml","line":12,
///      "message":"…","notes":[{"column":3,"file":"…","line":20,"message":"…"}],"severity":"error"}
///
/// Keys are sorted and `endColumn` is omitted when unknown; lines and columns count from 1.
public enum JSONDiagnosticRenderer {
    struct Note: Encodable {
        let file: String, line: Int, column: Int, message: String
    }

    struct Entry: Encodable {
        let file: String, line: Int, column: Int, endColumn: Int?
        let severity: Severity, code: String, message: String, notes: [Note]
    }

    /// The JSON text, pretty-printed, ending in a newline.
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        let entries = diagnostics.map { diagnostic in
            Entry(
                file: diagnostic.location.file, line: diagnostic.location.line, column: diagnostic.location.column,
                endColumn: diagnostic.endColumn, severity: diagnostic.severity, code: diagnostic.code,
                message: diagnostic.message,
                notes: diagnostic.notes.map {
                    Note(
                        file: $0.location.file, line: $0.location.line, column: $0.location.column, message: $0.message)
                })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(entries) else { return "[]\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
