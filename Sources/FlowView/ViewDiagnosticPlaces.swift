import FlowCompiler
import FlowDefinitions

/// Which node (or event edge) of the page each diagnostic is marked on: the declaration whose source
/// span holds the diagnostic's location.
///
/// The rule: a declaration (a flow, its start, a screen, an event, a child or tab, an outcome, a deep
/// link) spans from its name on: the rest of its name's line and every later position indented deeper
/// than its name, up to the first position that is not, or (given the file's text) the first later line
/// that starts no deeper than its name: a sibling, even one the flows could not read. Declarations nest (an event inside its screen's
/// span takes its own part), and a diagnostic belongs to the innermost span that holds it. A flow's
/// span holds all of its file from its name on (a position before every flow name belongs to the
/// file's first flow), so every located diagnostic in a flow's file lands on a node, an event's edge, or
/// the flow (its node in the overview, the flow's details on the page). So a diagnostic inside a link's
/// routes, its `otherwise` or its guard (FC602, FC603, FC650, FC652) marks the link's node, one inside
/// a child's outcome handlers the child, one at a screen's parameter the screen.
///
/// Keys are `FLOW|KIND/NAME` as ``ViewPicture`` looks them up: `screen/NAME`, `event/SCREEN.EVENT`,
/// `child/NAME` (tabs too), `outcome/NAME`, `link/PATTERN`, `entry/` (the start), `flow/FLOW`.
/// Linear in declarations and diagnostics (one sort, then one sweep with a stack per file).
enum ViewDiagnosticPlaces {
    private struct Declaration {
        var line: Int
        var column: Int
        var key: String
    }

    /// The `CODE: message (at FILE:LINE:COL)` texts (``text(of:)``) of `diagnostics` by the key of the declaration that holds each; those
    /// in a flow's file and in no narrower declaration are under the flow's key.
    /// `sources` are the files' bytes by path (``ValidationResult/sourcesByPath``); a file without them is
    /// judged by the declarations' and diagnostics' columns alone.
    static func findings(flows: [FlowDefinition], diagnostics: [Diagnostic], sources: [String: [UInt8]] = [:])
        -> [String: [String]]
    {
        var declarations: [String: [Declaration]] = [:]
        for flow in flows {
            let name = flow.name.value
            func declare(_ location: SourceLocation, _ key: String, column: Int? = nil) {
                declarations[flow.file, default: []].append(
                    Declaration(line: location.line, column: column ?? location.column, key: name + "|" + key))
            }
            // The flow holds everything after its name (column 0: no position is outside it).
            declare(flow.name.location, "flow/" + name, column: 0)
            for alternative in flow.start.alternatives { declare(alternative.location, "entry/") }
            for screen in flow.screens {
                declare(screen.name.location, "screen/" + screen.name.value)
                for event in screen.events {
                    declare(event.name.location, "event/" + screen.name.value + "." + event.name.value)
                }
            }
            for child in flow.children { declare(child.name.location, "child/" + child.name.value) }
            for tab in flow.tabs { declare(tab.name.location, "child/" + tab.name.value) }
            for outcome in flow.outcomes { declare(outcome.location, "outcome/" + outcome.value) }
            for link in flow.links { declare(link.pattern.location, "link/" + link.pattern.value) }
        }
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in diagnostics { byFile[diagnostic.location.file, default: []].append(diagnostic) }
        var found: [String: [String]] = [:]
        for (file, list) in byFile {
            guard var declared = declarations[file] else { continue }
            // Each line's start ends the spans it is not inside (an empty key: it opens none).
            if let bytes = sources[file] { declared += Self.lineStarts(bytes) }
            // At one position a line's start comes before the declaration there.
            declared.sort {
                ($0.line, $0.column, $0.key.isEmpty ? 0 : 1) < ($1.line, $1.column, $1.key.isEmpty ? 0 : 1)
            }
            let first = declared.first { $0.column == 0 && !$0.key.isEmpty }?.key
            let sorted = list.sorted {
                ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
            }
            var stack: [Declaration] = []
            var next = 0
            func holds(_ outer: Declaration, line: Int, column: Int) -> Bool {
                line == outer.line || column > outer.column
            }
            for diagnostic in sorted {
                let (line, column) = (diagnostic.location.line, diagnostic.location.column)
                while next < declared.count, (declared[next].line, declared[next].column) <= (line, column) {
                    let declaration = declared[next]
                    while let top = stack.last, !holds(top, line: declaration.line, column: declaration.column) {
                        stack.removeLast()
                    }
                    if !declaration.key.isEmpty { stack.append(declaration) }
                    next += 1
                }
                while let top = stack.last, !holds(top, line: line, column: column) { stack.removeLast() }
                guard let key = stack.last?.key ?? first else { continue }
                found[key, default: []].append(text(of: diagnostic))
            }
        }
        return found
    }

    /// A diagnostic as a node's or an edge's title shows it: `CODE: message (at FILE:LINE:COL)`
    /// (``ViewPicture/codes(_:)`` reads the code back).
    static func text(of diagnostic: Diagnostic) -> String {
        "\(diagnostic.code): \(diagnostic.message) (at \(diagnostic.location))"
    }

    /// Where each line that holds more than blanks and a comment starts (line, column from 1).
    private static func lineStarts(_ bytes: [UInt8]) -> [Declaration] {
        var starts: [Declaration] = []
        var line = 1
        var column = 1
        var atStart = true
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                (line, column, atStart) = (line + 1, 1, true)
                continue
            }
            if atStart, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\r") {
                atStart = false
                if byte != UInt8(ascii: "#") { starts.append(Declaration(line: line, column: column, key: "")) }
            }
            // Columns count Unicode scalars: a UTF-8 continuation byte adds none.
            if byte & 0xC0 != 0x80 { column += 1 }
        }
        return starts
    }
}
