import FlowCompiler
import FlowDefinitions
import Foundation

/// One validation of the workspace's texts, with what the features read: the diagnostics, the line
/// tables of the texts, and the symbol index.
struct WorkspaceAnalysis: Sendable {
    let generation: Int
    let result: ValidationResult
    let lines: [String: LineTable]
    /// The symbol index, built the first time a feature reads it: publishing diagnostics after an edit
    /// needs none (it cost as much as the validation itself on a 2,000-screen workspace).
    var index: SymbolIndex { indexBox.index }
    private let indexBox: LazyIndex
    /// Each file's flow, by path.
    let flowsByPath: [String: FlowDefinition]

    /// Validates `sources` as `flowc validate` does (the same codes and messages), reusing the files
    /// `cache` already read and the line tables of `previous` for texts that did not change.
    init(
        generation: Int, sources: [(path: String, contents: FlowFileContents)], configuration: LoadedConfiguration?,
        cache: FileReadCache, previous: WorkspaceAnalysis? = nil
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
        for file in result.files {
            // A file the cache answered holds the very bytes of the last analysis: comparing them is a
            // check of identity.
            if let known = previous?.lines[file.path], known.bytes == file.bytes {
                lines[file.path] = known
            } else {
                lines[file.path] = LineTable(file.bytes)
            }
        }
        if let configuration { lines[configuration.file.path] = LineTable(configuration.file.bytes) }
        self.lines = lines
        let flows = result.flows
        let tables = lines
        indexBox = LazyIndex { SymbolIndex(flows: flows, texts: tables.mapValues(\.bytes)) }
        var byPath: [String: FlowDefinition] = [:]
        for flow in result.flows where byPath[flow.file] == nil { byPath[flow.file] = flow }
        flowsByPath = byPath
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

/// A ``SymbolIndex`` built on first use, once.
private final class LazyIndex: @unchecked Sendable {
    // @unchecked Sendable: `built` is touched only while `lock` is held, and `make` is immutable.
    private let lock = NSLock()
    private var built: SymbolIndex?
    private let make: @Sendable () -> SymbolIndex

    init(_ make: @escaping @Sendable () -> SymbolIndex) { self.make = make }

    var index: SymbolIndex {
        lock.withLock {
            if let built { return built }
            let index = make()
            built = index
            return index
        }
    }
}
