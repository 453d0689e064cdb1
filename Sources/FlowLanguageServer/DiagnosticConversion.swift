import FlowCompiler
import Foundation

/// `flowc validate`'s diagnostics as LSP `Diagnostic`s (LSP 3.17, `textDocument/publishDiagnostics`):
/// the same code and message; the range in the session's position encoding; notes as related
/// information (in any file); a `codeDescription` link to the rule's explanation; the `Unnecessary`
/// tag on unreachable declarations (FC301) and unused suppressions (FC090).
struct DiagnosticConversion {
    let analysis: WorkspaceAnalysis
    let encoding: PositionEncoding
    let workspace: Workspace
    let explanations: RuleExplanationFiles

    /// Codes whose finding is text that does nothing, drawn faded by editors (`DiagnosticTag.Unnecessary`).
    static let unnecessaryCodes: Set<String> = ["FC301", "FC090"]

    func convert(_ diagnostic: Diagnostic) -> JSONValue {
        let table = analysis.lines[diagnostic.location.file] ?? LineTable([])
        var json: [String: JSONValue] = [
            "range": table.range(of: analysis.byteRange(of: diagnostic), in: encoding).json,
            "severity": .integer(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3),
            "code": .string(diagnostic.code),
            "source": "flowc",
            "message": .string(diagnostic.message),
        ]
        if let href = explanations.uri(for: diagnostic.code) { json["codeDescription"] = ["href": .string(href)] }
        if Self.unnecessaryCodes.contains(diagnostic.code) { json["tags"] = [1] }
        if !diagnostic.notes.isEmpty {
            json["relatedInformation"] = .array(
                diagnostic.notes.map { note in
                    let noteTable = analysis.lines[note.location.file] ?? LineTable([])
                    let start = min(note.location.offset, noteTable.bytes.count)
                    let range = NameRange.word(at: start, in: noteTable)
                    return [
                        "location": [
                            "uri": .string(workspace.uri(of: note.location.file)),
                            "range": noteTable.range(of: range, in: encoding).json,
                        ],
                        "message": .string(note.message),
                    ]
                })
        }
        return .object(json)
    }
}

extension NameRange {
    /// The name at `offset` (from it to the first byte that is not a name byte), or one character.
    static func word(at offset: Int, in table: LineTable) -> Range<Int> {
        let lineEnd = table.lineBounds(table.line(of: offset)).upperBound
        var end = offset
        while end < lineEnd, isNameByte(table.bytes[end]) { end += 1 }
        if end == offset { end = table.offset(advancing: 1, from: offset) }
        return offset..<end
    }
}

/// Each rule's explanation (`flowc explain CODE`) as a text file, the target of a diagnostic's
/// `codeDescription` link: written once per code and process under
/// `$XDG_CACHE_HOME/flowc/explain/` (`~/.cache/flowc/explain/`), as `FC203.txt`. An editor opens the
/// link as it opens any file. No link when the folder cannot be written.
final class RuleExplanationFiles {
    private let folder: String?
    private var written: [String: String?] = [:]

    init(folder: String? = RuleExplanationFiles.defaultFolder()) { self.folder = folder }

    static func defaultFolder() -> String? {
        let environment = ProcessInfo.processInfo.environment
        let cache =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { ($0 as NSString).appendingPathComponent(".cache") }
        return cache.map { ($0 as NSString).appendingPathComponent("flowc/explain") }
    }

    /// The `file:` URI of the explanation of `code`, written on first use.
    func uri(for code: String) -> String? {
        if let known = written[code] { return known }
        guard let folder, let rule = RuleRegistry.rule(code: code) else {
            written[code] = .some(nil)
            return nil
        }
        let path = (folder as NSString).appendingPathComponent("\(rule.code).txt")
        let text = RuleExplanation.text(for: rule) + "\n"
        var uri: String?
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if (try? String(contentsOfFile: path, encoding: .utf8)) != text {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            }
            uri = DocumentURI.uri(path)
        } catch {
            uri = nil
        }
        written[code] = .some(uri)
        return uri
    }
}
