/// Bounds that keep hostile or accidental input from exhausting time or memory.
/// Each limit, when exceeded, makes `YAMLLoader.load` throw at the offending spot.
public struct YAMLLimits: Sendable, Hashable {
    /// Largest accepted input, in bytes (a byte order mark included). Larger
    /// input throws `.fileTooLarge` before any parsing. Default: 8 MiB (8_388_608).
    public var maxFileBytes: Int
    /// Deepest accepted nesting of sequences and mappings; the root collection is
    /// at depth 1 and scalars add no depth. Deeper nesting throws `.depthLimit`
    /// at the collection (or alias) that goes too deep. Default: 64.
    public var maxDepth: Int
    /// Most nodes a document may have, counting every node an alias copies
    /// (an alias of a 10-node subtree counts 10). More throws `.aliasLimit`
    /// at the node that goes over, which stops "billion laughs" expansion
    /// early. Default: 1_000_000.
    public var maxNodes: Int
    /// Most aliases (`*name`) a document may use. More throws `.aliasLimit`
    /// at the first alias over the limit. Default: 10_000.
    public var maxAliases: Int

    /// Creates limits; each argument defaults to the value in `.default`.
    public init(
        maxFileBytes: Int = 8 * 1024 * 1024,
        maxDepth: Int = 64,
        maxNodes: Int = 1_000_000,
        maxAliases: Int = 10_000
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.maxAliases = maxAliases
    }

    /// 8 MiB of input, depth 64, 1_000_000 nodes (aliases expanded), 10_000 aliases.
    public static let `default` = YAMLLimits()
}
