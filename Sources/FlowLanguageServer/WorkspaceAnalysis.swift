import FlowCompiler
import FlowDefinitions

/// One validation of the workspace's texts, with what the features read: the diagnostics, the line
/// tables of the texts, and the symbol index.
struct WorkspaceAnalysis: Sendable {
    let generation: Int
    let result: ValidationResult
    let lines: [String: LineTable]
    let index: SymbolIndex
    /// Each file's flow, by path.
    let flowsByPath: [String: FlowDefinition]

    /// Validates `sources` as `flowc validate` does (the same codes and messages), reusing the files
    /// `cache` already read.
    init(
        generation: Int, sources: [(path: String, contents: FlowFileContents)], configuration: LoadedConfiguration?,
        cache: FileReadCache
    ) {
        self.generation = generation
        var result = FlowValidation.validate(
            contents: sources, configuration: configuration?.configuration, cache: cache)
        if let configuration, !configuration.file.diagnostics.isEmpty {
            result.configurationFile = configuration.file
            result.diagnostics = (result.diagnostics + configuration.file.diagnostics).sortedForOutput()
        }
        self.result = result
        var lines: [String: LineTable] = [:]
        var texts: [String: [UInt8]] = [:]
        for file in result.files {
            lines[file.path] = LineTable(file.bytes)
            texts[file.path] = file.bytes
        }
        if let configuration { lines[configuration.file.path] = LineTable(configuration.file.bytes) }
        self.lines = lines
        index = SymbolIndex(flows: result.flows, texts: texts)
        var flows: [String: FlowDefinition] = [:]
        for flow in result.flows where flows[flow.file] == nil { flows[flow.file] = flow }
        flowsByPath = flows
    }

    /// The diagnostics of `path`, in output order.
    func diagnostics(of path: String) -> [Diagnostic] { result.diagnostics.filter { $0.location.file == path } }

    /// The byte range a diagnostic covers: from its location to its end column on the same line, or,
    /// without one, the name or word at its location (one character when there is none).
    func byteRange(of diagnostic: Diagnostic) -> Range<Int> {
        guard let table = lines[diagnostic.location.file] else { return 0..<0 }
        let start = min(diagnostic.location.offset, table.bytes.count)
        if let endColumn = diagnostic.endColumn, endColumn > diagnostic.location.column {
            return start..<table.offset(advancing: endColumn - diagnostic.location.column, from: start)
        }
        var end = start
        let lineEnd = table.lineBounds(table.line(of: start)).upperBound
        while end < lineEnd, NameRange.isNameByte(table.bytes[end]) { end += 1 }
        if end == start { end = table.offset(advancing: 1, from: start) }
        return start..<end
    }
}
