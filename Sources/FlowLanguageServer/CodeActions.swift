import FlowCompiler
import FlowDefinitions
import Foundation

/// `textDocument/codeAction` (LSP 3.17), quick fixes for the diagnostics in the requested range:
///
/// - a message's "did you mean 'x'?" — write `x` instead;
/// - FC402 (an outcome without a handler) — add `OUTCOME: stay` under the child's `on:`;
/// - FC203 (an unknown screen) — declare the screen under `screens:`;
/// - a finding a suppression may cover (codes FC2xx and above) — insert `# flowc:disable CODE -- REASON`
///   above its line (docs/CONFIG.md, "Suppressions"; the reason is to be written);
/// - FC090 (a suppression that suppresses nothing) — remove the code from the comment, or the comment.
extension LanguageServer {
    func codeActions(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let path = try documentPath(params)
        guard let range = TextRange(params["range"]) else { throw ResponseError(.invalidParams, "range is missing") }
        let analysis = currentAnalysis()
        guard let table = analysis.lines[path] else { return [] }
        let requested = table.offset(of: range.start, in: encoding)...table.offset(of: range.end, in: encoding)
        var actions: [JSONValue] = []
        for diagnostic in analysis.diagnostics(of: path) {
            let covered = analysis.byteRange(of: diagnostic)
            guard covered.lowerBound <= requested.upperBound, requested.lowerBound <= covered.upperBound else {
                continue
            }
            let converted = DiagnosticConversion(
                analysis: analysis, encoding: encoding, workspace: workspace, explanations: explanations
            ).convert(diagnostic)
            for fix in Self.fixes(for: diagnostic, covering: covered, in: table, analysis: analysis) {
                let edits: JSONValue = .array(
                    fix.edits.map { edit in
                        ["range": table.range(of: edit.range, in: encoding).json, "newText": .string(edit.text)]
                    })
                actions.append([
                    "title": .string(fix.title), "kind": "quickfix", "diagnostics": [converted],
                    "isPreferred": .bool(fix.isPreferred),
                    "edit": ["changes": [workspace.uri(of: path): edits]],
                ])
            }
        }
        return .array(actions)
    }

    struct TextEdit: Equatable {
        var range: Range<Int>
        var text: String
    }

    struct Fix: Equatable {
        var title: String
        var edits: [TextEdit]
        var isPreferred = false
    }

    static func fixes(
        for diagnostic: Diagnostic, covering covered: Range<Int>, in table: LineTable, analysis: WorkspaceAnalysis
    ) -> [Fix] {
        var fixes: [Fix] = []
        let flow = analysis.flowsByPath[diagnostic.location.file]
        if let suggestion = Self.suggestion(in: diagnostic.message) {
            fixes.append(
                Fix(
                    title: "Change to '\(suggestion)'", edits: [TextEdit(range: covered, text: suggestion)],
                    isPreferred: true))
        }
        if diagnostic.code == "FC402", let flow,
            let fix = addHandlers(at: covered, in: flow, table: table, analysis: analysis)
        {
            fixes.append(fix)
        }
        if diagnostic.code == "FC203", let flow {
            let name = String(decoding: table.bytes[covered], as: UTF8.self)
            if !name.isEmpty, flow.screen(named: name) == nil {
                fixes.append(declareScreen(name, in: flow, table: table))
            }
        }
        if diagnostic.code == "FC090", let fix = removeSuppression(of: diagnostic, in: table) { fixes.append(fix) }
        if let number = Int(diagnostic.code.dropFirst(2)), number >= 200 {
            let line = table.line(of: covered.lowerBound)
            let bounds = table.lineBounds(line)
            let indent = table.bytes[bounds].prefix { $0 == 32 }.count
            let text = String(repeating: " ", count: indent) + "# flowc:disable \(diagnostic.code) -- REASON\n"
            fixes.append(
                Fix(
                    title: "Suppress \(diagnostic.code) here (# flowc:disable)",
                    edits: [TextEdit(range: bounds.lowerBound..<bounds.lowerBound, text: text)]))
        }
        return fixes
    }

    /// The name a message suggests: `…; did you mean 'details'?`.
    static func suggestion(in message: String) -> String? {
        guard let marker = message.range(of: "did you mean '") else { return nil }
        let rest = message[marker.upperBound...]
        guard let end = rest.range(of: "'?") else { return nil }
        let name = String(rest[..<end.lowerBound])
        return name.isEmpty || name.hasSuffix("…") ? nil : name
    }

    /// Adds `OUTCOME: stay` for each outcome of the child's flow without a handler, under the child at
    /// `covered` (its name).
    static func addHandlers(
        at covered: Range<Int>, in flow: FlowDefinition, table: LineTable, analysis: WorkspaceAnalysis
    )
        -> Fix?
    {
        let name = String(decoding: table.bytes[covered], as: UTF8.self)
        guard
            let child = flow.children.first(where: { $0.name.value == name })
                ?? flow.children.first(where: {
                    covered.contains($0.name.location.offset)
                }),
            let childFlow = analysis.index.flowsByName[child.flow.value]
        else { return nil }
        let handled = Set(child.handlers.map(\.outcome.value))
        let missing = childFlow.outcomes.map(\.value).filter { !handled.contains($0) }
        guard !missing.isEmpty else { return nil }
        let title = "Add \(missing.map { "'\($0): stay'" }.joined(separator: ", ")) to child '\(child.name.value)'"
        if let first = child.handlers.first,
            let nameRange = NameRange.find(first.outcome.value, near: first.outcome.location.offset, in: table.bytes)
        {
            let bounds = table.lineBounds(table.line(of: nameRange.lowerBound))
            let lead = table.bytes[bounds.lowerBound..<nameRange.lowerBound]
            if lead.allSatisfy({ $0 == 32 }) {
                // Block style: one line each, above the first handler.
                let indent = String(repeating: " ", count: lead.count)
                let text = missing.map { "\(indent)\($0): stay\n" }.joined()
                return Fix(title: title, edits: [TextEdit(range: bounds.lowerBound..<bounds.lowerBound, text: text)])
            }
            // Flow style (`on: { a: stay }`): before the first handler, on its line.
            let text = missing.map { "\($0): stay, " }.joined()
            return Fix(title: title, edits: [TextEdit(range: nameRange.lowerBound..<nameRange.lowerBound, text: text)])
        }
        // No `on:` yet: after the `flow:` value.
        guard let flowValue = NameRange.find(child.flow.value, near: child.flow.location.offset, in: table.bytes) else {
            return nil
        }
        var valueEnd = flowValue.upperBound
        if valueEnd < table.bytes.count,
            table.bytes[valueEnd] == UInt8(ascii: "\"") || table.bytes[valueEnd] == UInt8(ascii: "'")
        {
            valueEnd += 1
        }
        let handlers = missing.map { "\($0): stay" }.joined(separator: ", ")
        let flowLine = table.line(of: flowValue.lowerBound)
        if flowLine == table.line(of: child.name.location.offset) {
            return Fix(title: title, edits: [TextEdit(range: valueEnd..<valueEnd, text: ", on: { \(handlers) }")])
        }
        let bounds = table.lineBounds(flowLine)
        let indent = String(repeating: " ", count: table.bytes[bounds].prefix { $0 == 32 }.count)
        return Fix(
            title: title,
            edits: [TextEdit(range: bounds.upperBound..<bounds.upperBound, text: "\n\(indent)on: { \(handlers) }")])
    }

    /// Declares `name` as a screen with no events: under `screens:` (indented like the flow's first
    /// screen), or in a new `screens:` at the end of the file.
    static func declareScreen(_ name: String, in flow: FlowDefinition, table: LineTable) -> Fix {
        let title = "Declare screen '\(name)'"
        if let first = flow.screens.first {
            let line = table.line(of: first.name.location.offset)
            let bounds = table.lineBounds(line)
            let lead = table.bytes[bounds.lowerBound..<min(first.name.location.offset, bounds.upperBound)]
            if lead.allSatisfy({ $0 == 32 }) {
                let indent = String(repeating: " ", count: lead.count)
                return Fix(
                    title: title,
                    edits: [TextEdit(range: bounds.lowerBound..<bounds.lowerBound, text: "\(indent)\(name): {}\n")])
            }
        }
        let end = table.bytes.count
        let needsBreak = end > 0 && table.bytes[end - 1] != 10
        return Fix(
            title: title,
            edits: [TextEdit(range: end..<end, text: (needsBreak ? "\n" : "") + "\nscreens:\n  \(name): {}\n")])
    }

    /// Removes the unused code from its `# flowc:disable` comment, or the comment when it names no other.
    static func removeSuppression(of diagnostic: Diagnostic, in table: LineTable) -> Fix? {
        let line = table.line(of: min(diagnostic.location.offset, table.bytes.count))
        let bounds = table.lineBounds(line)
        let text = Array(table.bytes[bounds])
        let marker = Array("flowc:disable".utf8)
        guard
            let markerStart = (0...max(0, text.count - marker.count)).first(where: {
                $0 + marker.count <= text.count && text[$0..<$0 + marker.count].elementsEqual(marker)
            }), let hash = text[..<markerStart].lastIndex(of: UInt8(ascii: "#"))
        else { return nil }
        let code = diagnostic.message.split(separator: " ").dropFirst(2).first.map(String.init) ?? ""
        let listStart = markerStart + marker.count
        let listEnd =
            (listStart..<text.count).first { index in
                index + 1 < text.count && text[index] == UInt8(ascii: "-") && text[index + 1] == UInt8(ascii: "-")
            } ?? text.count
        let names = String(decoding: text[listStart..<listEnd], as: UTF8.self).split { $0 == "," || $0 == " " }
        let rest = names.filter { $0 != code }
        if !rest.isEmpty, rest.count < names.count {
            let list = " " + rest.joined(separator: ", ") + " "
            return Fix(
                title: "Remove \(code) from the suppression",
                edits: [TextEdit(range: bounds.lowerBound + listStart..<bounds.lowerBound + listEnd, text: list)])
        }
        let beforeComment = text[..<hash]
        if beforeComment.allSatisfy({ $0 == 32 || $0 == 9 }) {
            let nextStart = line + 1 < table.lineCount ? table.lineBounds(line + 1).lowerBound : table.bytes.count
            return Fix(
                title: "Remove the suppression", edits: [TextEdit(range: bounds.lowerBound..<nextStart, text: "")])
        }
        var commentStart = hash
        while commentStart > 0, text[commentStart - 1] == 32 || text[commentStart - 1] == 9 { commentStart -= 1 }
        return Fix(
            title: "Remove the suppression",
            edits: [TextEdit(range: bounds.lowerBound + commentStart..<bounds.upperBound, text: "")])
    }
}
