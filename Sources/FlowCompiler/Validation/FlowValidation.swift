import Dispatch
import FlowModel
import FlowYAML
import Synchronization

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

    /// The bytes of every file read, by path, for source snippets.
    public var sourcesByPath: [String: [UInt8]] {
        Dictionary(files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Validates flow files as one set, so references cross files.
///
/// Pipeline: collect files → load YAML and decode each file (in parallel, on all cores) →
/// run every graph rule over the decoded flows → sort diagnostics. Output order never
/// depends on scheduling.
public enum FlowValidation {
    /// Validates the flow files at `paths` (files, or folders searched for `*.yaml`/`*.yml`).
    /// - Throws: `FlowInputError` when a path does not exist or a file cannot be read.
    public static func validate(paths: [String], limits: YAMLLimits = .default) throws(FlowInputError) -> ValidationResult {
        let paths = try FlowSourceCollector.files(at: paths)
        var sources: [(String, [UInt8])] = []
        for path in paths {
            sources.append((path, try FlowSourceCollector.read(path)))
        }
        return validate(sources: sources, limits: limits)
    }

    /// Validates in-memory sources, each a (path, bytes) pair; the paths are used only in locations.
    public static func validate(sources: [(path: String, bytes: [UInt8])], limits: YAMLLimits = .default) -> ValidationResult {
        let slots = Mutex([FlowSourceFile?](repeating: nil, count: sources.count))
        DispatchQueue.concurrentPerform(iterations: sources.count) { index in
            let file = FlowFileReader.read(path: sources[index].path, bytes: sources[index].bytes, limits: limits)
            slots.withLock { $0[index] = file }
        }
        let files = slots.withLock { $0.compactMap { $0 } }
        let flows = files.compactMap(\.flow)
        var diagnostics = files.flatMap(\.diagnostics)
        let catalog = FlowCatalog(flows)
        for rule in RuleRegistry.flowRules {
            rule.init().check(catalog, into: &diagnostics)
        }
        return ValidationResult(files: files, flows: flows, diagnostics: diagnostics.sortedForOutput())
    }
}
