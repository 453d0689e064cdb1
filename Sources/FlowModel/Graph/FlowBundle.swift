/// A compiled set of flow graphs: what `flowc compile` writes and what a host's coordinator runs.
///
/// Flows are sorted by name; every reference between flows is an index into `flows`, so a
/// coordinator never searches the bundle while it runs. See docs/BUNDLE.md.
public struct FlowBundle: Hashable, Sendable, Codable {
    /// The bundle format version this build of flowc writes (and reads).
    public static let currentFormatVersion = 5
    /// The oldest bundle format version this build of flowc still reads: version 4 differs from 5 only by
    /// lacking ``FlowGraph/renames`` and the format 1.2 fields (``FlowGraph/backAtTabRoot``, ``ScreenNode/confirmCondition``, ``LinkNode/tabs``) (docs/BUNDLE.md, "Versioning").
    public static let oldestReadableFormatVersion = 4

    /// The format version of this bundle (``currentFormatVersion`` when built by this flowc).
    public var formatVersion: Int
    /// The ``ContentHash`` of the canonical encoding of `flows`, as 16 lowercase hex digits.
    /// A corruption check, not a security hash.
    public var contentHash: String
    /// The compiled flows, sorted by name.
    public var flows: [FlowGraph]

    /// Builds a bundle of the current format version and computes its content hash.
    public init(flows: [FlowGraph]) {
        self.formatVersion = Self.currentFormatVersion
        self.flows = flows
        self.contentHash = ContentHash.of(flows: flows)
    }

    /// Builds a bundle with the given fields as they are, unchecked (used by the codec and by tests).
    public init(formatVersion: Int, contentHash: String, flows: [FlowGraph]) {
        self.formatVersion = formatVersion
        self.contentHash = contentHash
        self.flows = flows
    }

    /// The index of the flow named `name`, found by binary search over the sorted names, then by a
    /// linear search (a bundle built with ``init(formatVersion:contentHash:flows:)`` or ``init(flows:)``
    /// may hold unsorted flows); nil when the bundle has no such flow. Hosts call it once, to pick the root flow.
    public func flowIndex(named name: String) -> Int? {
        var low = 0
        var high = flows.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let candidate = flows[middle].name
            if candidate == name { return middle }
            if candidate < name { low = middle + 1 } else { high = middle - 1 }
        }
        return flows.firstIndex { $0.name == name }
    }
}
