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
    /// The configuration files nearer some flows (``FlowConfiguration/nearer``) that have problems.
    public var nearerConfigurationFiles: [FlowSourceFile] = []

    /// The inline suppressions of the files read, by path: what the later findings of `flowc check` and
    /// `flowc diff` are settled with (``settling(_:reportedBy:configuration:judgingUnused:)``).
    public var suppressions: [String: [Suppression]] = [:]

    /// The bytes of every file read (and of the configuration file), by path, for source snippets: under
    /// ``SourceRetention/diagnosed``, of the files the diagnostics point into.
    public var sourcesByPath: [String: [UInt8]] {
        let all = files + (configurationFile.map { [$0] } ?? []) + nearerConfigurationFiles
        return Dictionary(all.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Which files' bytes a validation keeps in its result (``FlowSourceFile/bytes``,
/// ``ValidationResult/sourcesByPath``).
public enum SourceRetention: Sendable {
    /// Every file's: for callers that show source lines of diagnostics found later (`flowc check`) or read
    /// the files' text (the language server).
    case all
    /// Only those of the files the validation's diagnostics and their notes point into. A file's bytes are
    /// dropped once it is decoded and its suppressions read, unless it has a diagnostic already; a file a
    /// cross-file rule reports in is read again at the end, and its bytes kept only when they are still the
    /// ones validated (size and hash), else it has no snippet. Standard input and inputs the caller read
    /// (`alreadyRead`) are always kept: they cannot be read again.
    case diagnosed
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
    ///   read again — a pipe or standard input can be read only once (only regular files are read again).
    /// - Parameter retention: which files' bytes the result keeps for source snippets (all by default).
    public static func validate(
        paths: [String], limits: YAMLLimits = .default, configuration: LoadedConfiguration? = nil,
        alreadyRead: [String: FlowFileContents] = [:], keeping retention: SourceRetention = .all
    ) throws(FlowInputError) -> ValidationResult {
        let settings = configuration?.configuration
        let paths = try sourcePaths(at: paths, configuration: configuration)
        var inputs: [(path: String, contents: FlowFileContents)] = []
        var rereadable: [Bool] = []
        for path in paths {
            let isStandardInput = path == FlowSourceCollector.standardInputPath
            let shown = isStandardInput ? standardInputName : path
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
            // Only a regular file is read again for a later finding's snippet: a FIFO, a device or a process
            // substitution would block or give nothing the second time.
            rereadable.append(!isStandardInput && alreadyRead[path] == nil && InputFile.isRegularFile(path))
        }
        var result = validate(
            inputs: &inputs, limits: limits, configuration: settings,
            dropping: retention == .diagnosed ? rereadable : nil)
        if let configuration, !configuration.file.diagnostics.isEmpty {
            result.configurationFile = configuration.file
            result.diagnostics = (result.diagnostics + configuration.file.diagnostics).sortedForOutput()
        }
        if let nearer = configuration?.nearerFiles.filter({ !$0.diagnostics.isEmpty }), !nearer.isEmpty {
            result.nearerConfigurationFiles = nearer
            result.diagnostics = (result.diagnostics + nearer.flatMap(\.diagnostics)).sortedForOutput()
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
        let configurationIdentity = configuration.flatMap {
            $0.file.path.isEmpty ? nil : FlowSourceFiles.identity(of: $0.file.path)
        }
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
        var inputs = sources.map { (path: $0.path, contents: FlowFileContents.bytes($0.bytes)) }
        return validate(inputs: &inputs, limits: limits)
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
        var inputs = contents.map { input -> (path: String, contents: FlowFileContents) in
            if case .bytes(let bytes) = input.contents, bytes.count > limits.maxFileBytes {
                return (input.path, .tooLarge(size: bytes.count, limit: limits.maxFileBytes))
            }
            return input
        }
        return validate(inputs: &inputs, limits: limits, configuration: configuration, cache: cache)
    }

    /// `found` (graph rules' diagnostics) without those inside a declaration whose decoding already
    /// reported an error (`FlowSourceFile.damaged`): a declaration that failed to decode is missing or
    /// partial in the graph, so what the rules say about it is a knock-on, and the cause comes first alone.
    /// Reachability depends on every action of the flow, so in a file with a damaged declaration what is
    /// unreachable is a knock-on too (`push:details` that did not decode leaves `details` unreachable), and
    /// so are the other findings that some action of the flow would answer: a condition no `if` tests
    /// (`if: ready` whose `else: stay` did not decode), an outcome no `finish` produces.
    static func withoutKnockOns(_ found: [Diagnostic], of files: [FlowSourceFile]) -> [Diagnostic] {
        var damaged: [String: [Range<Int>]] = [:]
        for file in files where !file.damaged.isEmpty { damaged[file.path, default: []] += file.damaged }
        guard !damaged.isEmpty else { return found }
        return found.filter { diagnostic in
            guard let ranges = damaged[diagnostic.location.file] else { return true }
            if wholeFlowCodes.contains(diagnostic.code) { return false }
            return !ranges.contains { $0.contains(diagnostic.location.offset) }
        }
    }

    /// The codes of findings about what no action of a flow does (breaker r15: FC505 beside the FC103 of an
    /// `if`'s branch); in a file with a damaged declaration they are knock-ons wherever they point.
    static let wholeFlowCodes: Set<String> = [
        UnreachableDeclaration.description.code, UnusedCondition.description.code,
        OutcomeNeverProduced.description.code,
    ]

    /// The size from which a file larger than all others together is parsed on a thread of its own while its
    /// document is built: below it, starting a thread and copying events out cost more than they save.
    static let overlappedParseBytes = 256 << 10

    /// - Parameter inputs: emptied: each file's bytes are released by the worker that reads it.
    /// - Parameter dropping: per input, whether its bytes may be dropped once decoded
    ///   (``SourceRetention/diagnosed``: it can be read again for a snippet); nil keeps every file's.
    static func validate(
        inputs: inout [(path: String, contents: FlowFileContents)], limits: YAMLLimits,
        configuration: FlowConfiguration? = nil, cache: FileReadCache? = nil, dropping: [Bool]? = nil
    ) -> ValidationResult {
        // Each worker takes its input out, so a file's bytes live only while it is read (and after, only
        // in its `FlowSourceFile` when kept).
        let sizes = inputs.map(\.contents.byteCount)
        let slots = InputSlots(taking: &inputs)
        defer { slots.release() }
        // Each file is loaded and decoded on its own, in parallel; each worker returns its file, with its
        // suppressions (the rules' findings are folded per suppression, below). Largest first.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        // A large file that holds more than all the others together would keep one core busy alone while it is
        // parsed and built: it is parsed on a thread of its own, feeding the builder
        // (`YAMLLoader.loadDocument(_:limits:overlapped:)`). Speed: PERFORMANCE.md, "Shapes kept for speed".
        let totalBytes = sizes.reduce(0, +)
        let overlapFrom =
            ProcessInfo.processInfo.activeProcessorCount > 1
            ? max(Self.overlappedParseBytes, totalBytes / 2 + 1) : Int.max
        let read = ParallelMap.map(count: sizes.count, largestFirst: { sizes[$0] }) { index in
            let (path, contents) = slots.take(index)
            if let cache, case .bytes(let bytes) = contents,
                let entry = cache.entry(path: path, bytes: bytes, limits: limits)
            {
                return (file: entry.file, diagnostics: entry.diagnostics, suppressions: entry.suppressions)
            }
            var file =
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
            if dropping?[index] == true, diagnostics.isEmpty, !file.bytes.isEmpty {
                // Only a cross-file rule's finding in the file needs them again (`restoringSources`).
                file.dropBytes()
                file.scalars = []
            }
            return (file: file, diagnostics: diagnostics, suppressions: suppressions)
        }
        let files = read.map(\.file)
        let flows = files.compactMap(\.flow)
        var diagnostics = read.flatMap(\.diagnostics)
        let suppressions = read.reduce(into: [String: [Suppression]]()) { byFile, file in
            if !file.suppressions.isEmpty { byFile[file.file.path, default: []] += file.suppressions }
        }
        let reuse = cache.map { cache in
            NavigationMemo.Reuse(
                memo: cache.navigations,
                bytes: Dictionary(files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first }),
                limits: limits)
        }
        diagnostics = checked(
            flows, of: files, reusing: reuse, results: cache?.ruleResults, diagnostics: diagnostics,
            suppressions: suppressions)
        // A suppression of a code `flowc check` or `flowc diff` reports waits for them (`settling`).
        diagnostics = SuppressionFilter.apply(suppressions, to: diagnostics) { code in
            RuleRegistry.rule(code: code)?.reporter.isValidation ?? true
        }
        if let configuration { diagnostics = configuration.applySeverities(to: diagnostics) }
        diagnostics = diagnostics.sortedForOutput()
        let kept = dropping == nil ? files : restoringSources(of: files, for: diagnostics, limits: limits)
        return ValidationResult(files: kept, flows: flows, diagnostics: diagnostics, suppressions: suppressions)
    }

    /// `diagnostics` (the files' own), noted where they concern flows other files start, and the graph rules'
    /// findings over `flows` indexed together. The index (``FlowCatalog``: every flow's navigation graph and
    /// argument passings) lives only inside this call: it is gone before `restoringSources` reads files again.
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    private static func checked(
        _ flows: [FlowDefinition], of files: [FlowSourceFile], reusing reuse: NavigationMemo.Reuse?,
        results: RuleResultMemo?, diagnostics: [Diagnostic], suppressions: [String: [Suppression]]
    ) -> [Diagnostic] {
        var built = FlowCatalog(flows, reusing: reuse, results: results)
        built.unloaded = UnloadedFlows(files, diagnostics: diagnostics)
        let catalog = built
        var diagnostics = catalog.unloaded.noting(diagnostics, catalog: catalog)
        // The rules only read the catalog, so they run on all cores; their findings are joined in
        // registry order, as a sequential run lists them, before the sort. Each rule's findings through
        // YAML aliases are folded at once (``AliasFold``), apart where different suppressions cover them.
        // With the workspace's memo (the language server), a rule that checks each flow alone reruns only
        // over the flows whose inputs changed (``RuleResultMemo``). Speed: PERFORMANCE.md, "Shapes kept for speed".
        let rules = RuleRegistry.flowRules
        let run = RuleResultMemo.Run(catalog: catalog, rules: rules)
        let found = ParallelMap.map(count: rules.count) { index in
            let kept = run?.findings(ofRule: index)
            var found: [Diagnostic] = kept?.findings ?? []
            if kept == nil { rules[index].init().check(catalog, into: &found) }
            let folded = AliasFold.folding(withoutKnockOns(found, of: files)) { diagnostic in
                SuppressionFilter.covering(diagnostic, in: suppressions).map { $0 + 1 } ?? 0
            }
            return (folded, kept)
        }
        if let results, let run { results.keep(found.map(\.1), of: run) }
        diagnostics += found.flatMap(\.0)
        return diagnostics
    }

    /// `files`, with the dropped bytes of each file a diagnostic or note points into read again, when they
    /// are still the bytes validated (``SourceRetention/diagnosed``).
    static func restoringSources(of files: [FlowSourceFile], for diagnostics: [Diagnostic], limits: YAMLLimits)
        -> [FlowSourceFile]
    {
        guard !diagnostics.isEmpty, files.contains(where: { $0.dropped != nil }) else { return files }
        var shown = Set<String>()
        for diagnostic in diagnostics {
            shown.insert(diagnostic.location.file)
            for note in diagnostic.notes { shown.insert(note.location.file) }
        }
        return files.map { file in
            guard let digest = file.dropped, shown.contains(file.path),
                case .bytes(let bytes)? = try? InputFile.read(file.path, limit: limits.maxFileBytes),
                SourceDigest(bytes) == digest
            else { return file }
            var restored = file
            restored.bytes = bytes
            restored.dropped = nil
            return restored
        }
    }
}

/// The inputs of one validation, each taken once by the worker that reads it.
// Speed: PERFORMANCE.md, "Shapes kept for speed".
private final class InputSlots: @unchecked Sendable {
    // @unchecked Sendable: each index is taken by exactly one worker (`ParallelMap` hands every index out
    // once), and the buffer is released only after every worker has finished.
    private let base: UnsafeMutableBufferPointer<(path: String, contents: FlowFileContents)?>

    init(taking inputs: inout [(path: String, contents: FlowFileContents)]) {
        base = .allocate(capacity: inputs.count)
        _ = base.initialize(from: inputs.lazy.map { $0 })
        inputs = []
    }

    func take(_ index: Int) -> (path: String, contents: FlowFileContents) {
        defer { base[index] = nil }
        return base[index]!
    }

    func release() {
        base.deinitialize()
        base.deallocate()
    }
}
