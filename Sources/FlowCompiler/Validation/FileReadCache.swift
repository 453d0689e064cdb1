import FlowDefinitions
import FlowModel
import FlowYAML
import Foundation

/// What reading one flow file produced, kept between validations so that an edit re-reads only the
/// files whose bytes changed: the file (loaded and decoded), its reading diagnostics and its suppressions.
///
/// Used by the language server (`flowc lsp`), which validates the same workspace after every edit: the
/// flows of files whose bytes did not change keep their navigation indexes too (``NavigationMemo``), and the
/// rules that check each flow alone keep their findings about the flows whose inputs did not change
/// (``RuleResultMemo``); the other rules run over the whole set again
/// (`FlowValidation.validate(contents:limits:configuration:cache:)`).
/// Thread-safe: the files of one validation are read in parallel, each looked up and stored under one lock.
public final class FileReadCache: @unchecked Sendable {
    struct Entry {
        let bytes: [UInt8]
        let limits: YAMLLimits
        let file: FlowSourceFile
        let diagnostics: [Diagnostic]
        let suppressions: [Suppression]
    }

    // @unchecked Sendable: `entries`, `hits` and `misses` are touched only while `lock` is held.
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var hits = 0
    private var misses = 0
    /// The navigation indexes of the last validation that used this cache, reused by the next for the flows
    /// of files whose bytes did not change.
    let navigations = NavigationMemo()
    /// The findings of the rules that check each flow alone, per flow, of the last validation that used
    /// this cache: reused by the next for the flows whose inputs did not change.
    let ruleResults = RuleResultMemo()

    public init() {}

    /// How many reads were answered from the cache and how many read their file, since the cache was made.
    public var counts: (hits: Int, misses: Int) { lock.withLock { (hits, misses) } }

    /// Forgets every path not in `paths` (files closed or deleted), so the cache holds only the current set.
    public func keep(only paths: Set<String>) {
        lock.withLock { entries = entries.filter { paths.contains($0.key) } }
    }

    /// The entry for `path` when it was read from exactly `bytes` under `limits`, else nil.
    func entry(path: String, bytes: [UInt8], limits: YAMLLimits) -> Entry? {
        lock.withLock {
            guard let entry = entries[path], entry.limits == limits, entry.bytes == bytes else {
                misses += 1
                return nil
            }
            hits += 1
            return entry
        }
    }

    func store(_ entry: Entry, path: String) { lock.withLock { entries[path] = entry } }
}
