import FlowDefinitions
import FlowYAML
import Foundation

/// The navigation indexes of the last validation of a workspace, kept for the next one (the language
/// server validates the same workspace after every edit): a flow read from the very bytes (under the same
/// limits) its index was built from, with the same long-lived children, gets that index again instead of
/// a new one. ``NavigationIndex`` is a function of the flow, its long-lived children and whether its link
/// fallback can be shown (``FlowCatalog``'s `showsFallback`) only, and decoding
/// is a function of the path, bytes and limits, so a kept index is the one that would be built.
///
/// Held by ``FileReadCache`` (one per workspace); each validation replaces what is kept with its own
/// indexes, so only the current flows' are held. Thread-safe (one lock).
// Speed: PERFORMANCE.md, "Shapes kept for speed".
final class NavigationMemo: @unchecked Sendable {
    struct Kept {
        let bytes: [UInt8]
        let limits: YAMLLimits
        let longLivedChildren: Set<String>
        /// Whether the flow's `linkFallback` can be shown (it depends on the flows below it).
        let fallbackShown: Bool
        let index: NavigationIndex
    }

    /// One flow's index as a validation built it, with what it was built from.
    typealias Built = (
        flow: FlowDefinition, longLivedChildren: Set<String>, fallbackShown: Bool, index: NavigationIndex
    )

    /// The files of one validation and the memo they may reuse from: what ``FlowCatalog`` is given.
    struct Reuse: Sendable {
        let memo: NavigationMemo
        /// The bytes each flow file was read from, by path (empty for a file whose bytes were dropped).
        let bytes: [String: [UInt8]]
        let limits: YAMLLimits

        /// The index kept for `flow` when it was built from the same bytes, limits, long-lived
        /// children and fallback reach; nil otherwise.
        func index(of flow: FlowDefinition, longLivedChildren: Set<String>, fallbackShown: Bool) -> NavigationIndex? {
            guard let bytes = bytes[flow.file], !bytes.isEmpty else { return nil }
            return memo.index(
                Key(file: flow.file, name: flow.name.value), bytes: bytes, limits: limits,
                longLivedChildren: longLivedChildren, fallbackShown: fallbackShown)
        }

        /// Keeps `built` (each distinct flow with its long-lived children, fallback reach and index) for
        /// the next validation, in place of everything kept before.
        func keep(_ built: [Built]) {
            var kept: [Key: Kept] = [:]
            kept.reserveCapacity(built.count)
            for (flow, longLived, fallbackShown, index) in built {
                guard let bytes = bytes[flow.file], !bytes.isEmpty else { continue }
                kept[Key(file: flow.file, name: flow.name.value)] = Kept(
                    bytes: bytes, limits: limits, longLivedChildren: longLived, fallbackShown: fallbackShown,
                    index: index)
            }
            memo.replace(with: kept)
        }
    }

    struct Key: Hashable {
        let file: String
        let name: String
    }

    // @unchecked Sendable: `entries`, `reused` and `built` are touched only while `lock` is held.
    private let lock = NSLock()
    private var entries: [Key: Kept] = [:]
    private var reused = 0
    private var built = 0

    init() {}

    /// How many indexes were reused and how many had to be built, since the memo was made.
    var counts: (reused: Int, built: Int) { lock.withLock { (reused, built) } }

    func index(
        _ key: Key, bytes: [UInt8], limits: YAMLLimits, longLivedChildren: Set<String>, fallbackShown: Bool
    ) -> NavigationIndex? {
        lock.withLock {
            guard let kept = entries[key], kept.limits == limits, kept.longLivedChildren == longLivedChildren,
                kept.fallbackShown == fallbackShown, kept.bytes == bytes
            else {
                built += 1
                return nil
            }
            reused += 1
            return kept.index
        }
    }

    func replace(with kept: [Key: Kept]) { lock.withLock { entries = kept } }

    /// What is kept, by flow (``RuleResultMemo``'s fingerprints of the current flows, after a validation's
    /// catalog kept its indexes).
    var keptEntries: [Key: Kept] { lock.withLock { entries } }
}
