import FlowModel

/// How a scalar was written in the source. Informational only: every scalar's
/// value is a `String` whatever its style.
public enum YAMLScalarStyle: Sendable, Hashable {
    /// Unquoted, e.g. `name: home` (also an empty value, e.g. `name:`).
    case plain
    /// `'single quoted'`.
    case singleQuoted
    /// `"double quoted"`.
    case doubleQuoted
    /// Block literal `|`.
    case literal
    /// Block folded `>`.
    case folded
}

/// One located node of a YAML document.
///
/// Scalars are never resolved: `on`, `no`, `yes`, `true`, `0123`, `~` and
/// `null` are all plain strings, and an empty value (`key:`) is the scalar `""`
/// with style `.plain`. An alias is replaced by a copy of the node it refers
/// to (the copy's `start`/`end` are the alias's own location, its children keep
/// their original locations, and every node of the copy has `alias` set). Merge keys are not supported: the loader rejects a
/// plain `<<` key (`YAMLError.Kind.mergeKey`); a quoted `'<<'` is an ordinary key.
public struct YAMLNode: Sendable, Hashable {
    /// What a node holds.
    public enum Content: Sendable, Hashable {
        /// A scalar's text (escapes and folding already applied) and how it was written.
        case scalar(String, YAMLScalarStyle)
        /// A sequence's items, in source order.
        case sequence([YAMLNode])
        /// A mapping's entries, in source order. Keys are scalars and unique.
        case mapping([YAMLMapEntry])
    }

    /// What the node holds.
    public var content: Content
    /// Where the node's text starts (its anchor or tag, if any, included).
    public var start: YAMLMark
    /// Where the node's text ends (exclusive). For block collections this is
    /// where the next token starts, which may be on a following line.
    public var end: YAMLMark
    /// The explicit tag in resolved form (e.g. `!!str` is
    /// `"tag:yaml.org,2002:str"`), or `nil` when the node has no tag. Only the
    /// core schema tags are accepted; they never change the value.
    public var tag: String?
    /// For a node copied by an alias: the alias's use and the anchor (``YAMLAliasUse``); nil for a
    /// node written where it stands.
    public var alias: YAMLAliasUse? {
        get { aliasBox?.value }
        set { aliasBox = newValue.map(OutOfLine.init) }
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    private var aliasBox: OutOfLine<YAMLAliasUse>?

    /// Creates a node.
    public init(content: Content, start: YAMLMark, end: YAMLMark, tag: String? = nil) {
        self.content = content
        self.start = start
        self.end = end
        self.tag = tag
    }

    public static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool {
        lhs.start == rhs.start && lhs.end == rhs.end && lhs.tag == rhs.tag && lhs.alias == rhs.alias
            && lhs.content == rhs.content
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(content)
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(tag)
        hasher.combine(alias)
    }

    /// The scalar text, or `nil` if the node is a sequence or mapping.
    public var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// The items, or `nil` if the node is not a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The entries in source order, or `nil` if the node is not a mapping.
    public var mapping: [YAMLMapEntry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// The value stored under the scalar key `key`, or `nil` if the node is not
    /// a mapping or has no such key. Linear in the number of entries.
    public func value(forKey key: String) -> YAMLNode? {
        guard case .mapping(let entries) = content else { return nil }
        for entry in entries where entry.key.scalar == key { return entry.value }
        return nil
    }

    /// `"scalar"`, `"sequence"` or `"mapping"`, for diagnostics such as
    /// "expected a mapping, found a sequence".
    public var kindName: String {
        switch content {
        case .scalar: "scalar"
        case .sequence: "sequence"
        case .mapping: "mapping"
        }
    }
}

/// One `key: value` pair of a mapping. The key is always a scalar node.
public struct YAMLMapEntry: Sendable, Hashable {
    /// The key, always a scalar node.
    public var key: YAMLNode
    /// The value.
    public var value: YAMLNode

    /// Creates an entry.
    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
