import FlowDefinitions
import FlowModel

/// The flow files that did not load (a YAML syntax error, a duplicate key, anything that left no flow),
/// and the flow each seems to declare (its top-level `flow:` line, read from the text).
///
/// What names such a flow is not checked against it: "unknown flow" (FC206) there would be a knock-on
/// of the file's own error. The file's first error says so once, in a note (``noting(_:catalog:)``).
struct UnloadedFlows: Sendable {
    /// The path of each file that did not load, with the flow name its text declares (nil when none is legible).
    private(set) var files: [(path: String, flow: String?)] = []

    init() {}

    /// The files of `read` that have no flow and an error among `diagnostics`.
    init(_ read: [FlowSourceFile], diagnostics: [Diagnostic]) {
        let failed = Set(read.lazy.filter { $0.flow == nil }.map(\.path))
        guard !failed.isEmpty else { return }
        let withErrors = Set(diagnostics.lazy.filter { $0.severity == .error }.map(\.location.file))
        for file in read where file.flow == nil && withErrors.contains(file.path) {
            files.append((file.path, Self.declaredName(in: file.bytes)))
        }
    }

    /// Whether the flow `name` may be declared by a file that did not load: it is named by one, or one
    /// has no legible name.
    func mayDeclare(_ name: String) -> Bool {
        files.contains { $0.flow == nil || $0.flow == name }
    }

    /// The value of the first top-level `flow:` line of `bytes` (`flow: checkout  # …` → `checkout`),
    /// when it is a plain or quoted name; a line at a time, so a file whose YAML is broken further on still
    /// names its flow.
    static func declaredName(in bytes: [UInt8]) -> String? {
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let line = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
            if line.hasPrefix("flow:") {
                var value = line.dropFirst(5)
                if let comment = value.range(of: " #") { value = value[..<comment.lowerBound] }
                var name = value.trimmingCharacters(in: .whitespacesAndNewlines)
                if name.count >= 2, let first = name.first, first == "\"" || first == "'", name.last == first {
                    name = String(name.dropFirst().dropLast())
                }
                return name.isEmpty || name.contains(where: { " {}[],:\"'".contains($0) }) ? nil : name
            }
            lineStart = lineEnd + 1
        }
        return nil
    }

    /// `diagnostics` with a note on the first error of each file that did not load, where a flow names
    /// the flow it declares (a child running it): those are not checked until the file loads.
    func noting(_ diagnostics: [Diagnostic], catalog: FlowCatalog) -> [Diagnostic] {
        guard !files.isEmpty else { return diagnostics }
        var diagnostics = diagnostics
        for (path, name) in files {
            let uses = catalog.uniqueFlows.flatMap { flow in
                flow.children.filter {
                    catalog.flow(named: $0.flow.value) == nil && (name == nil || $0.flow.value == name)
                }.map { (flow: flow.name.value, child: $0) }
            }
            guard let first = uses.first,
                let index = diagnostics.firstIndex(where: { $0.location.file == path && $0.severity == .error })
            else { continue }
            let what = name.map { "flow \(MessageText.name($0))" } ?? "the flow of this file"
            let more = uses.count > 1 ? " (and \(uses.count - 1) more)" : ""
            diagnostics[index].notes.append(
                DiagnosticNote(
                    "\(what) did not load, so child \(MessageText.name(first.child.name.value)) of flow \(MessageText.name(first.flow)), which runs it, is not checked\(more) until this is fixed",
                    at: first.child.flow.location))
        }
        return diagnostics
    }
}
