import FlowDefinitions
import FlowModel
import FlowYAML
import Foundation

/// The result of validating a set of flow files together.
public struct ValidationResult: Sendable {
    /// The files read, in the order they were named (folders expanded in sorted order).
    public var files: [FlowSourceFile]
    /// Every decoded flow, in file order.
    public var flows: [FlowDefinition]
    /// Every diagnostic from every file and rule, sorted by file, line and column.
    public var diagnostics: [Diagnostic]

    /// Whether any diagnostic is an error (the flows must not be compiled or run).
    public var hasErrors: Bool { diagnostics.containsErrors }

    /// The configuration file, when it has problems (its diagnostics are in `diagnostics`).
    public var configurationFile: FlowSourceFile?

    /// The bytes of every file read (and of the configuration file), by path, for source snippets.
    public var sourcesByPath: [String: [UInt8]] {
        let all = files + (configurationFile.map { [$0] } ?? [])
        return Dictionary(all.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Validates flow files as one set, so references cross files.
///
/// Pipeline: collect files → load YAML and decode each file (in parallel, on all cores) →
/// index the decoded flows (`FlowCatalog`) → run every graph rule over the index (the rules in
/// parallel) → sort diagnostics. Output order never
/// depends on scheduling.
public enum FlowValidation {
    /// Validates the flow files at `paths` (files, or folders searched for `*.yaml`/`*.yml`; `-`
    /// reads standard input, reported as `<stdin>`). A file over `limits.maxFileBytes` is reported
    /// (FC005) without being read past the limit.
    /// - Throws: `FlowInputError` when a path does not exist, a file cannot be read, or a flow file in
    ///   a folder cannot be checked (see `FlowSourceCollector`).
    /// - Parameter configuration: a configuration file read (`.flowc.yml`): its include and exclude
    ///   globs choose the files read from folders (the configuration file itself is never one of them),
    ///   its rule settings change severities, and its own problems are reported with the flows'.
    /// - Parameter alreadyRead: the contents of paths the caller has read already (with
    ///   ``InputFile``, under `limits.maxFileBytes` or a larger limit), by path as named: they are not
    ///   read again — a pipe or standard input can be read only once.
    public static func validate(
        paths: [String], limits: YAMLLimits = .default, configuration: LoadedConfiguration? = nil,
        alreadyRead: [String: FlowFileContents] = [:]
    ) throws(FlowInputError) -> ValidationResult {
        let settings = configuration?.configuration
        let paths = try sourcePaths(at: paths, configuration: configuration)
        var inputs: [(String, FlowFileContents)] = []
        for path in paths {
            let shown = path == FlowSourceCollector.standardInputPath ? standardInputName : path
            var contents: FlowFileContents
            if let read = alreadyRead[path] {
                contents = read
            } else {
                contents = try InputFile.read(path, limit: limits.maxFileBytes)
            }
            if case .bytes(let bytes) = contents, bytes.count > limits.maxFileBytes {
                contents = .tooLarge(size: bytes.count, limit: limits.maxFileBytes)
            }
            inputs.append((shown, contents))
        }
        var result = validate(inputs: inputs, limits: limits, configuration: settings)
        if let configuration, !configuration.file.diagnostics.isEmpty {
            result.configurationFile = configuration.file
            result.diagnostics = (result.diagnostics + configuration.file.diagnostics).sortedForOutput()
        }
        return result
    }

    /// The flow files `validate(paths:limits:configuration:alreadyRead:)` reads for `paths`: files as
    /// named, folders searched (see `FlowSourceCollector`), those a folder holds chosen by the
    /// configuration's include and exclude globs, never the configuration file itself.
    /// - Throws: `FlowInputError`, as `validate(paths:limits:configuration:alreadyRead:)`.
    public static func sourcePaths(at paths: [String], configuration: LoadedConfiguration?) throws(FlowInputError)
        -> [String]
    {
        let settings = configuration?.configuration
        // The configuration file in use is never read as a flow, wherever it lies (`--config flowc.yml .`).
        let configurationIdentity = configuration.map { FlowSourceFiles.identity(of: $0.file.path) }
        let admitting = settings.map { settings in
            { (path: String) in
                settings.admits(URL(fileURLWithPath: path).standardizedFileURL.path)
                    && FlowSourceFiles.identity(of: path) != configurationIdentity
            }
        }
        return try FlowSourceCollector.files(at: paths, admitting: admitting)
    }

    /// The name standard input (`-`) has in diagnostics.
    public static let standardInputName = "<stdin>"

    /// Validates in-memory sources, each a (path, bytes) pair; the paths are used only in locations.
    public static func validate(sources: [(path: String, bytes: [UInt8])], limits: YAMLLimits = .default)
        -> ValidationResult
    {
        validate(inputs: sources.map { ($0.path, .bytes($0.bytes)) }, limits: limits)
    }

    /// Validates texts held in memory as one set, as ``validate(paths:limits:configuration:alreadyRead:)``
    /// validates files (the same diagnostics for the same bytes): each a path, used only in locations,
    /// and its contents; a text over `limits.maxFileBytes` is reported (FC005).
    /// - Parameter configuration: rule settings applied to the findings (its include and exclude globs
    ///   are the caller's to apply: every text given is validated).
    /// - Parameter cache: files read by earlier calls; a text whose path and bytes equal a cached one is
    ///   not read again (only the cross-file rules run over it again), and each file read is stored.
    ///   The language server keeps one per workspace.
    public static func validate(
        contents: [(path: String, contents: FlowFileContents)], limits: YAMLLimits = .default,
        configuration: FlowConfiguration?, cache: FileReadCache?
    ) -> ValidationResult {
        let inputs = contents.map { input -> (path: String, contents: FlowFileContents) in
            if case .bytes(let bytes) = input.contents, bytes.count > limits.maxFileBytes {
                return (input.path, .tooLarge(size: bytes.count, limit: limits.maxFileBytes))
            }
            return input
        }
        return validate(inputs: inputs, limits: limits, configuration: configuration, cache: cache)
    }

    /// `found` (graph rules' diagnostics) without those inside a declaration whose decoding already
    /// reported an error (`FlowSourceFile.damaged`): a declaration that failed to decode is missing or
    /// partial in the graph, so what the rules say about it is a knock-on, and the cause comes first alone.
    static func withoutKnockOns(_ found: [Diagnostic], of files: [FlowSourceFile]) -> [Diagnostic] {
        var damaged: [String: [Range<Int>]] = [:]
        for file in files where !file.damaged.isEmpty { damaged[file.path, default: []] += file.damaged }
        guard !damaged.isEmpty else { return found }
        return found.filter { diagnostic in
            guard let ranges = damaged[diagnostic.location.file] else { return true }
            return !ranges.contains { $0.contains(diagnostic.location.offset) }
        }
    }

    /// The size from which a file larger than all others together is parsed on a thread of its own while its
    /// document is built: below it, starting a thread and copying events out cost more than they save.
    static let overlappedParseBytes = 256 << 10

    static func validate(
        inputs: [(path: String, contents: FlowFileContents)], limits: YAMLLimits,
        configuration: FlowConfiguration? = nil, cache: FileReadCache? = nil
    ) -> ValidationResult {
        // Each file is loaded and decoded on its own, in parallel; each worker returns its file, with its
        // suppressions (the rules' findings are folded per suppression, below). Largest first.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        // A large file that holds more than all the others together would keep one core busy alone while it is
        // parsed and built: it is parsed on a thread of its own, feeding the builder
        // (`YAMLLoader.loadDocument(_:limits:overlapped:)`). Speed: PERFORMANCE.md, "Shapes kept for speed".
        let totalBytes = inputs.reduce(0) { $0 + $1.contents.byteCount }
        let overlapFrom =
            ProcessInfo.processInfo.activeProcessorCount > 1
            ? max(Self.overlappedParseBytes, totalBytes / 2 + 1) : Int.max
        let read = ParallelMap.map(count: inputs.count, largestFirst: { inputs[$0].contents.byteCount }) { index in
            let (path, contents) = inputs[index]
            if let cache, case .bytes(let bytes) = contents,
                let entry = cache.entry(path: path, bytes: bytes, limits: limits)
            {
                return (file: entry.file, diagnostics: entry.diagnostics, suppressions: entry.suppressions)
            }
            let file =
                switch contents {
                case .bytes(let bytes):
                    FlowFileReader.read(
                        path: path, bytes: bytes, limits: limits, overlapped: bytes.count >= overlapFrom)
                case .tooLarge(let size, let limit): FlowFileReader.tooLarge(path: path, size: size, limit: limit)
                }
            var diagnostics = file.diagnostics
            let suppressions = SuppressionScanner.scan(
                file.bytes, path: file.path, scalars: file.scalars, mayHoldSuppression: file.mayHoldSuppression,
                into: &diagnostics)
            if let cache, case .bytes(let bytes) = contents {
                cache.store(
                    .init(
                        bytes: bytes, limits: limits, file: file, diagnostics: diagnostics, suppressions: suppressions),
                    path: path)
            }
            return (file: file, diagnostics: diagnostics, suppressions: suppressions)
        }
        let files = read.map(\.file)
        let flows = files.compactMap(\.flow)
        var diagnostics = read.flatMap(\.diagnostics)
        let suppressions = read.reduce(into: [String: [Suppression]]()) { byFile, file in
            if !file.suppressions.isEmpty { byFile[file.file.path, default: []] += file.suppressions }
        }
        let catalog = FlowCatalog(flows)
        // The rules only read the catalog, so they run on all cores; their findings are joined in
        // registry order, as a sequential run lists them, before the sort. Each rule's findings through
        // YAML aliases are folded at once (``AliasFold``), apart where different suppressions cover them.
        let rules = RuleRegistry.flowRules
        let found = ParallelMap.map(count: rules.count) { index in
            var found: [Diagnostic] = []
            rules[index].init().check(catalog, into: &found)
            return AliasFold.folding(withoutKnockOns(found, of: files)) { diagnostic in
                SuppressionFilter.covering(diagnostic, in: suppressions).map { $0 + 1 } ?? 0
            }
        }.flatMap { $0 }
        diagnostics += found
        diagnostics = SuppressionFilter.apply(suppressions, to: diagnostics)
        if let configuration { diagnostics = configuration.applySeverities(to: diagnostics) }
        return ValidationResult(files: files, flows: flows, diagnostics: diagnostics.sortedForOutput())
    }
}
