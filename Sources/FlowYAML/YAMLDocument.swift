/// A loaded YAML document stored flat: one small record per node, in document order, with
/// collections' children as index ranges into one shared array and every scalar's text in one byte
/// buffer. Nodes are read through ``YAMLNodeRef`` values (two 32-bit indices), so reading a document
/// allocates nothing per node and the whole document is freed at once.
///
/// It holds what a ``YAMLNode`` tree holds (``node(_:)`` builds that tree): kinds, scalar text and
/// style, tags, start and end marks, and aliases. An alias is stored once, as a record that points at
/// the anchored node; reading through it gives the anchored content with the alias's own marks, and
/// every node reached through it reports the alias's use (``alias(of:)``, the outermost alias wins),
/// exactly as in the copy a ``YAMLNode`` tree makes.
public final class YAMLDocument: Sendable {
    /// A position in 32 bits per field (inputs are at most 2 GiB; `YAMLLoader.loadDocument` checks).
    struct Mark32: Sendable {
        var offset: UInt32
        var line: UInt32
        var column: UInt32

        init(_ mark: YAMLMark) {
            offset = UInt32(truncatingIfNeeded: mark.offset)
            line = UInt32(truncatingIfNeeded: mark.line)
            column = UInt32(truncatingIfNeeded: mark.column)
        }

        var mark: YAMLMark { YAMLMark(line: Int(line), column: Int(column), offset: Int(offset)) }
    }

    /// What a record is.
    enum RecordKind: UInt8, Sendable {
        case scalar, sequence, mapping, alias
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// One node, 28 bytes. `first` and `count` mean: for a scalar, its text in `text`; for a collection, its
    /// children in `children` (a mapping's entries are key, value pairs, `count` entries); for an alias,
    /// the anchored node's record (`first`) and the alias's use in `aliasUses` (`count`).
    struct Record: Sendable {
        var start: Mark32
        /// The end's byte offset; its line and column are in `packed`, or in the document's `wideEnds`.
        var endOffset: UInt32
        var first: UInt32
        var count: UInt32
        /// From the low bits: kind (2 bits), style (3), tag (3), the end's line after the start's (8), the end's
        /// column (16; 0 when the end's line and column did not fit and are in `wideEnds`).
        private var packed: UInt32

        /// A record whose end is its start (a collection's, until it closes).
        init(start: Mark32, first: UInt32, count: UInt32, kind: RecordKind, style: UInt8, tag: UInt8) {
            self.start = start
            self.first = first
            self.count = count
            endOffset = start.offset
            packed = UInt32(kind.rawValue) | UInt32(style) << 2 | UInt32(tag) << 5
            _ = setEnd(start)
        }

        /// What the record is.
        @inline(__always)
        var kind: RecordKind { RecordKind(rawValue: UInt8(truncatingIfNeeded: packed & 3)).unsafelyUnwrapped }
        /// A scalar's style (`YAMLDocument.styles` index).
        @inline(__always)
        var style: UInt8 { UInt8(truncatingIfNeeded: packed >> 2 & 7) }
        /// 0 for no tag, else 1 + the index in `YAMLDocument.tags`.
        @inline(__always)
        var tag: UInt8 { UInt8(truncatingIfNeeded: packed >> 5 & 7) }

        /// Sets the end; false when its line and column do not fit here (the caller keeps them in `wideEnds`).
        mutating func setEnd(_ end: Mark32) -> Bool {
            endOffset = end.offset
            packed &= 0xFF
            let lines = end.line &- start.line
            guard end.line >= start.line, lines < 256, end.column > 0, end.column <= 0xFFFF else { return false }
            packed |= lines << 8 | end.column << 16
            return true
        }

        /// The end, when its line and column fit in the record (see `setEnd(_:)`); nil when they are in `wideEnds`.
        @inline(__always)
        var packedEnd: YAMLMark? {
            let column = packed >> 16
            guard column != 0 else { return nil }
            return YAMLMark(line: Int(start.line + (packed >> 8 & 0xFF)), column: Int(column), offset: Int(endOffset))
        }
    }

    /// The core tags, in the resolved form libyaml reports (the only tags the loader accepts).
    static let tags = [
        "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
        "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map",
    ]
    static let styles: [YAMLScalarStyle] = [.plain, .singleQuoted, .doubleQuoted, .literal, .folded]

    let records: [Record]
    let children: [UInt32]
    let text: [UInt8]
    let aliasUses: [YAMLAliasUse]
    /// The end marks that do not fit in their records (`Record.setEnd(_:)`), by record: collections that end
    /// 256 lines or more after they start, nodes that end past column 65,535.
    let wideEnds: [UInt32: Mark32]

    /// The document's root node.
    public let root: YAMLNodeRef

    init(
        records: [Record], children: [UInt32], text: [UInt8], aliasUses: [YAMLAliasUse], wideEnds: [UInt32: Mark32],
        root: UInt32
    ) {
        self.records = records
        self.wideEnds = wideEnds
        self.children = children
        self.text = text
        self.aliasUses = aliasUses
        self.root = YAMLNodeRef(index: root, aliasUse: YAMLNodeRef.none)
    }

    /// Number of node records (an alias counts one, whatever it copies).
    public var recordCount: Int { records.count }

    // MARK: - Reading a node

    /// The record holding `node`'s content: the anchored node's for an alias.
    @inline(__always)
    private func content(_ node: YAMLNodeRef) -> Record {
        let record = records[Int(node.index)]
        return record.kind == .alias ? records[Int(record.first)] : record
    }

    /// The alias use children of `node` inherit: `node`'s own (inherited, or its alias's).
    @inline(__always)
    private func aliasUseIndex(_ node: YAMLNodeRef) -> UInt32 {
        if node.aliasUse != YAMLNodeRef.none { return node.aliasUse }
        let record = records[Int(node.index)]
        return record.kind == .alias ? record.count : YAMLNodeRef.none
    }

    /// Whether `node` is a scalar, a sequence or a mapping.
    @inline(__always)
    public func kind(of node: YAMLNodeRef) -> YAMLNodeKind {
        switch content(node).kind {
        case .scalar, .alias: .scalar
        case .sequence: .sequence
        case .mapping: .mapping
        }
    }

    /// A scalar's style, or nil for a sequence or mapping.
    public func style(of node: YAMLNodeRef) -> YAMLScalarStyle? {
        let record = content(node)
        return record.kind == .scalar ? Self.styles[Int(record.style)] : nil
    }

    /// The explicit tag in resolved form, or nil (see ``YAMLNode/tag``).
    public func tag(of node: YAMLNodeRef) -> String? {
        let tag = content(node).tag
        return tag == 0 ? nil : Self.tags[Int(tag) - 1]
    }

    /// Where the node's text starts (for an alias: where the alias starts).
    @inline(__always)
    public func start(of node: YAMLNodeRef) -> YAMLMark { records[Int(node.index)].start.mark }

    /// Where the node's text ends, exclusive (for an alias: where the alias ends).
    @inline(__always)
    public func end(of node: YAMLNodeRef) -> YAMLMark {
        records[Int(node.index)].packedEnd ?? wideEnds[node.index]?.mark ?? start(of: node)
    }

    /// Byte offset of the node's start (``start(of:)``'s offset, without building a mark).
    @inline(__always)
    public func startOffset(of node: YAMLNodeRef) -> Int { Int(records[Int(node.index)].start.offset) }

    /// Byte offset of the node's end (``end(of:)``'s offset, without building a mark).
    @inline(__always)
    public func endOffset(of node: YAMLNodeRef) -> Int { Int(records[Int(node.index)].endOffset) }

    /// For a node reached through an alias: that alias's use (the outermost one); nil otherwise.
    public func alias(of node: YAMLNodeRef) -> YAMLAliasUse? {
        let use = aliasUseIndex(node)
        return use == YAMLNodeRef.none ? nil : aliasUses[Int(use)]
    }

    /// Whether the node was reached through an alias (``alias(of:)`` is not nil).
    @inline(__always)
    public func isAliased(_ node: YAMLNodeRef) -> Bool { aliasUseIndex(node) != YAMLNodeRef.none }

    /// The number of items of a sequence or entries of a mapping; 0 for a scalar.
    @inline(__always)
    public func count(of node: YAMLNodeRef) -> Int {
        let record = content(node)
        return record.kind == .scalar ? 0 : Int(record.count)
    }

    /// The item at `index` of a sequence (`index < count(of:)`).
    @inline(__always)
    public func item(_ index: Int, of node: YAMLNodeRef) -> YAMLNodeRef {
        YAMLNodeRef(index: children[Int(content(node).first) + index], aliasUse: aliasUseIndex(node))
    }

    /// The key of the entry at `index` of a mapping (`index < count(of:)`).
    @inline(__always)
    public func key(_ index: Int, of node: YAMLNodeRef) -> YAMLNodeRef {
        YAMLNodeRef(index: children[Int(content(node).first) + 2 * index], aliasUse: aliasUseIndex(node))
    }

    /// The value of the entry at `index` of a mapping (`index < count(of:)`).
    @inline(__always)
    public func value(_ index: Int, of node: YAMLNodeRef) -> YAMLNodeRef {
        YAMLNodeRef(index: children[Int(content(node).first) + 2 * index + 1], aliasUse: aliasUseIndex(node))
    }

    /// The items of a sequence (empty for a scalar or mapping).
    public func items(of node: YAMLNodeRef) -> YAMLItems {
        YAMLItems(document: self, node: node, count: kind(of: node) == .sequence ? count(of: node) : 0)
    }

    /// The entries of a mapping (empty for a scalar or sequence).
    public func entries(of node: YAMLNodeRef) -> YAMLEntries {
        YAMLEntries(document: self, node: node, count: kind(of: node) == .mapping ? count(of: node) : 0)
    }

    /// A scalar's text, or nil for a sequence or mapping.
    public func scalar(of node: YAMLNodeRef) -> String? {
        let record = content(node)
        guard record.kind == .scalar else { return nil }
        return text.withUnsafeBufferPointer { buffer in
            Self.string(UnsafeBufferPointer(rebasing: buffer[Int(record.first)..<Int(record.first + record.count)]))
        }
    }

    /// Calls `body` with a scalar's text as UTF-8 bytes (valid only inside `body`); nil for a collection.
    @inline(__always)
    public func withScalarBytes<Result>(
        of node: YAMLNodeRef, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result? {
        let record = content(node)
        guard record.kind == .scalar else { return nil }
        return text.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[Int(record.first)..<Int(record.first + record.count)]))
        }
    }

    /// Whether the node is a scalar whose text is `expected` (compared as bytes, no `String` made).
    public func scalar(of node: YAMLNodeRef, is expected: StaticString) -> Bool {
        withScalarBytes(of: node) { bytes in
            bytes.count == expected.utf8CodeUnitCount
                && (bytes.isEmpty || memoryEquals(bytes.baseAddress!, expected.utf8Start, bytes.count))
        } ?? false
    }

    /// `String(decoding:as:)` for short ASCII text (most keys and values) without a separate validation pass.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            buffer.baseAddress!.initialize(from: base, count: bytes.count)
            return bytes.count
        }
    }

    // MARK: - Spans

    /// The byte ranges of every scalar written in the document, as ``YAMLNode/scalarSpans(in:)``
    /// describes them (sorted, disjoint; content reached through aliases is written once, at the anchor).
    /// `bytes` are the bytes the document was loaded from. Linear in the number of records, plus a sort.
    public func scalarSpans(in bytes: [UInt8]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        for record in records where record.kind == .scalar {
            let style = Self.styles[Int(record.style)]
            if let span = Self.span(
                start: Int(record.start.offset), end: Int(record.endOffset), style: style, in: bytes)
            {
                spans.append(span)
            }
        }
        // Records are in document order already; the sort only guards that assumption.
        spans.sort { $0.lowerBound < $1.lowerBound }
        return spans
    }

    /// A scalar's text span: from its start, or for a block scalar (`|`, `>`) from the line after its
    /// indicator, to its end; nil when empty.
    static func span(start: Int, end: Int, style: YAMLScalarStyle, in bytes: [UInt8]) -> Range<Int>? {
        var start = start
        let end = min(bytes.count, max(start, end))
        if style == .literal || style == .folded {
            while start < end, bytes[start] != UInt8(ascii: "\n"), bytes[start] != UInt8(ascii: "\r") { start += 1 }
            if start < end { start += 1 }
        }
        return start < end ? start..<end : nil
    }
}

/// Compares `count` bytes (`memcmp` without importing the C library).
@inline(__always)
private func memoryEquals(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for index in 0..<count where lhs[index] != rhs[index] { return false }
    return true
}

/// A node of a ``YAMLDocument``: its record, and the alias use it was reached through (if any).
/// Only meaningful with the document it came from.
public struct YAMLNodeRef: Sendable, Hashable {
    static let none = UInt32.max
    let index: UInt32
    /// Index in the document's alias uses of the alias this node was reached through, or `none`.
    let aliasUse: UInt32
}

/// The three kinds of node.
public enum YAMLNodeKind: Sendable, Hashable {
    case scalar, sequence, mapping

    /// `"scalar"`, `"sequence"` or `"mapping"`, for messages such as "expected a mapping, found a sequence".
    public var name: String {
        switch self {
        case .scalar: "scalar"
        case .sequence: "sequence"
        case .mapping: "mapping"
        }
    }
}

/// The items of a sequence node, in source order.
public struct YAMLItems: RandomAccessCollection, Sendable {
    let document: YAMLDocument
    let node: YAMLNodeRef
    public let count: Int
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(index: Int) -> YAMLNodeRef { document.item(index, of: node) }
}

/// One `key: value` entry of a mapping node.
public struct YAMLEntryRef: Sendable, Hashable {
    /// The key, always a scalar.
    public let key: YAMLNodeRef
    /// The value.
    public let value: YAMLNodeRef
}

/// The entries of a mapping node, in source order.
public struct YAMLEntries: RandomAccessCollection, Sendable {
    let document: YAMLDocument
    let node: YAMLNodeRef
    public let count: Int
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(index: Int) -> YAMLEntryRef {
        YAMLEntryRef(key: document.key(index, of: node), value: document.value(index, of: node))
    }
}
