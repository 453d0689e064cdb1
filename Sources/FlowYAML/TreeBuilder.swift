import CYaml

/// Builds the node tree from libyaml events with an explicit stack of open
/// collections, checking every rule of `YAMLLoader` as events arrive.
///
/// Finished children of all open collections live on two shared move-only
/// stacks (`items` for sequences, `entries` for mappings); a frame remembers
/// where its children start, and closing it moves them into one exactly-sized
/// array. Nodes are moved, never copied, so building is linear in the number of
/// events. The builder is a (non-copyable) struct rather than a class so that
/// its state needs no dynamic exclusivity checks.
struct TreeBuilder: ~Copyable {
    /// Owns the libyaml parser and the input bytes `lineIndex` reads.
    private let events: EventParser
    private var lineIndex: LineIndex
    private let limits: YAMLLimits

    private var frames: [Frame] = []
    private var items = MoveStack<YAMLNode>()
    private var entries = MoveStack<YAMLMapEntry>()
    /// Keys waiting for their values, one per open mapping at most.
    private var keys = MoveStack<YAMLNode>()
    /// The text of every key of every open mapping (finished entries and waiting
    /// keys): duplicate checks compare these strings without touching nodes.
    private var keyTexts = MoveStack<String>()
    private var anchors: [String: Anchored] = [:]
    private var nodeCount = 0
    private var aliasCount = 0
    private var sawDocument = false
    private var root: YAMLNode?

    /// A node that carries an anchor, with what an alias to it costs.
    private struct Anchored {
        var node: YAMLNode
        /// Nodes in the subtree, aliases inside it expanded.
        var size: Int
        /// Collection nesting inside the node (0 for a scalar, 1 for a flat collection).
        var height: Int
    }

    /// An open sequence or mapping.
    private struct Frame {
        var isMapping: Bool
        var start: YAMLMark
        var tag: String?
        var anchor: String?
        /// Where this frame's children start in `items` (sequences) or `entries` (mappings).
        var childStart: Int
        /// Where this mapping's key texts start in `keyTexts`. (It differs from
        /// `childStart` because every enclosing mapping's waiting key is on `keyTexts`.)
        var keyStart: Int
        /// `nodeCount` before this collection was counted, to compute its size.
        var countBefore: Int
        /// Largest `height` among finished children.
        var childHeight = 0
        /// True when the mapping's latest key (on `keys`) waits for its value.
        var awaitingValue = false
        /// Keys seen so far, created once a mapping grows past `linearKeyLimit`
        /// entries (small mappings compare keys directly).
        var keySet: Set<String>?
    }

    /// Mappings up to this many entries check duplicates by comparing with each key.
    private static let linearKeyLimit = 8

    /// Tags accepted on scalars and on collections, in libyaml's resolved form.
    private static let scalarTags: Set<String> = [
        "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
        "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
    ]
    private static let sequenceTag = "tag:yaml.org,2002:seq"
    private static let mappingTag = "tag:yaml.org,2002:map"

    init(events: EventParser, limits: YAMLLimits) {
        self.events = events
        self.lineIndex = events.makeLineIndex()
        self.limits = limits
    }

    /// Converts a libyaml mark (0-based line/column, character index) into a `YAMLMark`.
    @inline(__always)
    private mutating func mark(_ mark: yaml_mark_t) -> YAMLMark {
        YAMLMark(
            line: Int(mark.line) + 1, column: Int(mark.column) + 1,
            offset: lineIndex.byteOffset(ofCharacter: Int(mark.index)))
    }

    /// Reads events until the end of the stream and returns the root node.
    mutating func build() throws(YAMLError) -> YAMLNode {
        // A local reference: reading the stored property inside the loop would retain
        // and release the parser on every event.
        let events = self.events
        while true {
            let finished = try events.next { (event: borrowing yaml_event_t) throws(YAMLError) -> Bool in
                try handle(event)
            }
            if finished { break }
        }
        guard let root else {
            throw YAMLError(
                kind: .emptyDocument,
                message: "file contains no YAML document; add content, such as a top-level mapping",
                mark: .startOfFile)
        }
        return aliasCount > 0 ? root.propagatingAliases() : root
    }

    /// Handles one event; returns true at the end of the stream.
    private mutating func handle(_ event: borrowing yaml_event_t) throws(YAMLError) -> Bool {
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let start = mark(event.start_mark)
            let tag = try checkTag(scalar.tag, kind: "scalar", at: start)
            try count(1, at: start)
            let text = Self.string(scalar.value, length: Int(scalar.length))
            let style = Self.style(scalar.style)
            let end = mark(event.end_mark)
            let node = YAMLNode(content: .scalar(text, style), start: start, end: end, tag: tag)
            if let anchor = scalar.anchor { anchors[Self.string(anchor)] = Anchored(node: node, size: 1, height: 0) }
            try add(node, height: 0)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            try open(isMapping: false, tag: data.tag, anchor: data.anchor, at: mark(event.start_mark))
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            try open(isMapping: true, tag: data.tag, anchor: data.anchor, at: mark(event.start_mark))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            try close(end: mark(event.end_mark))
        case YAML_ALIAS_EVENT:
            try alias(event.data.alias.anchor, start: mark(event.start_mark), end: mark(event.end_mark))
        case YAML_DOCUMENT_START_EVENT:
            if sawDocument {
                throw YAMLError(
                    kind: .multipleDocuments,
                    message: "file contains a second YAML document; put each flow in its own file, or remove the '---' line",
                    mark: mark(event.start_mark))
            }
            sawDocument = true
        case YAML_STREAM_END_EVENT:
            return true
        default:  // stream start, document end
            break
        }
        return false
    }

    // MARK: - Collections

    private mutating func open(
        isMapping: Bool, tag rawTag: UnsafeMutablePointer<yaml_char_t>?,
        anchor: UnsafeMutablePointer<yaml_char_t>?, at start: YAMLMark
    ) throws(YAMLError) {
        let kindName = isMapping ? "mapping" : "sequence"
        if let top = frames.indices.last, frames[top].isMapping, !frames[top].awaitingValue {
            throw Self.nonScalarKeyError(kindName: kindName, at: start)
        }
        if frames.count >= limits.maxDepth {
            throw YAMLError(
                kind: .depthLimit,
                message: "nesting is deeper than \(limits.maxDepth) levels; flatten the structure",
                mark: start)
        }
        let tag = try checkTag(rawTag, kind: kindName, at: start)
        let countBefore = nodeCount
        try count(1, at: start)
        frames.append(
            Frame(
                isMapping: isMapping, start: start, tag: tag, anchor: anchor.map(Self.string),
                childStart: isMapping ? entries.count : items.count, keyStart: keyTexts.count,
                countBefore: countBefore))
    }

    private mutating func close(end: YAMLMark) throws(YAMLError) {
        let frame = frames.removeLast()
        let content: YAMLNode.Content
        if frame.isMapping {
            content = .mapping(entries.popArray(from: frame.childStart))
            keyTexts.removeAll(from: frame.keyStart)
        } else {
            content = .sequence(items.popArray(from: frame.childStart))
        }
        let node = YAMLNode(content: content, start: frame.start, end: end, tag: frame.tag)
        let height = frame.childHeight + 1
        if let anchor = frame.anchor {
            anchors[anchor] = Anchored(node: node, size: nodeCount - frame.countBefore, height: height)
        }
        try add(node, height: height)
    }

    /// Attaches a finished node to the open collection (or makes it the root).
    /// A key's text is read from the node only when the node is a key (passing
    /// every scalar's text along cost a retain and a release per scalar).
    private mutating func add(_ node: consuming YAMLNode, height: Int) throws(YAMLError) {
        let top = frames.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        if frames[top].childHeight < height { frames[top].childHeight = height }
        guard frames[top].isMapping else {
            items.push(node)
            return
        }
        if frames[top].awaitingValue {
            frames[top].awaitingValue = false
            entries.push(YAMLMapEntry(key: keys.pop(), value: node))
            return
        }
        guard let text = node.scalar else {
            throw Self.nonScalarKeyError(kindName: node.kindName, at: node.start)
        }
        if text == "<<", case .scalar(_, .plain) = node.content, node.tag == nil {
            throw YAMLError(
                kind: .mergeKey,
                message: "merge keys ('<<') are not supported: flowc does not combine mappings; write the entries out in this mapping (an alias can still stand for a whole value, as in 'b: *base'), or quote '<<' if it is a name",
                mark: node.start)
        }
        try checkDuplicate(text, at: node.start, in: top)
        keyTexts.push(text)
        keys.push(node)
        frames[top].awaitingValue = true
    }

    /// Throws `.duplicateKey` if the mapping at `frameIndex` already has `text` as a key.
    private mutating func checkDuplicate(_ text: String, at start: YAMLMark, in frameIndex: Int) throws(YAMLError) {
        let siblings = keyTexts.elements(from: frames[frameIndex].keyStart)
        var duplicate = false
        if siblings.count < Self.linearKeyLimit {
            for index in siblings.indices where siblings[index] == text {
                duplicate = true
                break
            }
        } else {
            if frames[frameIndex].keySet == nil {
                frames[frameIndex].keySet = Set(siblings)
            }
            duplicate = !frames[frameIndex].keySet!.insert(text).inserted
        }
        guard duplicate else { return }
        let entries = entries.elements(from: frames[frameIndex].childStart)
        let first = entries.first { $0.key.scalar == text }?.key.start ?? start
        let shown = Self.quoted(text)
        throw YAMLError(
            kind: .duplicateKey,
            message: "duplicate key \(shown) in mapping; each key may appear once",
            mark: start,
            notes: [YAMLNote(message: "previous definition of \(shown) is here", mark: first)])
    }

    // MARK: - Aliases and limits

    private mutating func alias(
        _ rawName: UnsafeMutablePointer<yaml_char_t>?, start: YAMLMark, end: YAMLMark
    ) throws(YAMLError) {
        let name = rawName.map(Self.string) ?? ""
        aliasCount += 1
        if aliasCount > limits.maxAliases {
            throw YAMLError(
                kind: .aliasLimit,
                message: "document uses more than \(limits.maxAliases) aliases; repeat the content instead of using so many aliases",
                mark: start)
        }
        guard let anchored = anchors[name] else {
            if frames.contains(where: { $0.anchor == name }) {
                throw YAMLError(
                    kind: .unknownAnchor,
                    message: "alias '*\(name)' refers to a node that contains it; recursive aliases are not supported",
                    mark: start)
            }
            throw YAMLError(
                kind: .unknownAnchor,
                message: "unknown anchor '\(name)'; define it with '&\(name)' before using '*\(name)'",
                mark: start)
        }
        if frames.count + anchored.height > limits.maxDepth {
            throw YAMLError(
                kind: .depthLimit,
                message: "alias '*\(name)' makes nesting deeper than \(limits.maxDepth) levels; flatten the structure",
                mark: start)
        }
        try count(anchored.size, at: start)
        var node = anchored.node
        node.start = start
        node.end = end
        // Only the copy's root is marked here; `propagatingAliases()` marks the rest once the document loads.
        node.alias = YAMLAliasUse(anchor: name, start: start, end: end, anchorStart: anchored.node.start)
        try add(node, height: anchored.height)
    }

    /// Counts `added` more nodes, throwing `.aliasLimit` past `maxNodes`.
    @inline(__always)
    private mutating func count(_ added: Int, at mark: YAMLMark) throws(YAMLError) {
        nodeCount += added
        guard nodeCount > limits.maxNodes else { return }
        let message =
            aliasCount > 0
            ? "document expands to more than \(limits.maxNodes) nodes through aliases; use fewer aliases or split the file"
            : "document has more than \(limits.maxNodes) nodes; split it into smaller files"
        throw YAMLError(kind: .aliasLimit, message: message, mark: mark)
    }

    // MARK: - Tags

    /// Returns nil for an untagged node (almost all of them, checked inline), else
    /// the tag if it is a core tag fitting `kind`; throws `.unsupportedTag` otherwise.
    @inline(__always)
    private func checkTag(
        _ raw: UnsafeMutablePointer<yaml_char_t>?, kind: String, at mark: YAMLMark
    ) throws(YAMLError) -> String? {
        guard let raw else { return nil }
        return try checkPresentTag(raw, kind: kind, at: mark)
    }

    /// `checkTag` for a node that has a tag.
    private func checkPresentTag(
        _ raw: UnsafeMutablePointer<yaml_char_t>, kind: String, at mark: YAMLMark
    ) throws(YAMLError) -> String {
        let tag = Self.string(raw)
        let fits: Bool =
            switch kind {
            case "scalar": Self.scalarTags.contains(tag)
            case "sequence": tag == Self.sequenceTag
            default: tag == Self.mappingTag
            }
        if fits { return tag }
        let shown = Self.shortTag(tag)
        let isCore = Self.scalarTags.contains(tag) || tag == Self.sequenceTag || tag == Self.mappingTag
        let message =
            isCore
            ? "tag '\(shown)' cannot be used on a \(kind); remove the tag"
            : "unsupported tag '\(shown)'; remove it (only !!str, !!int, !!float, !!bool, !!null, !!seq and !!map are allowed, and values stay strings)"
        throw YAMLError(kind: .unsupportedTag, message: message, mark: mark)
    }

    /// "tag:yaml.org,2002:str" → "!!str"; other tags unchanged.
    private static func shortTag(_ tag: String) -> String {
        let prefix = "tag:yaml.org,2002:"
        return tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }

    // MARK: - Helpers

    private static func nonScalarKeyError(kindName: String, at mark: YAMLMark) -> YAMLError {
        YAMLError(
            kind: .nonScalarKey,
            message: "mapping key is a \(kindName); use a plain string as the key",
            mark: mark)
    }

    /// A scalar's text from libyaml's buffer. `String(unsafeUninitializedCapacity:)`
    /// builds short ASCII text (most keys and values) in place as a small string,
    /// without a separate validation pass; other text is validated (and repaired,
    /// like `String(decoding:as:)`) as usual.
    @inline(__always)
    private static func string(_ bytes: UnsafePointer<yaml_char_t>?, length: Int) -> String {
        guard let bytes, length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { buffer in
            buffer.baseAddress!.initialize(from: bytes, count: length)
            return length
        }
    }

    @inline(__always)
    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>) -> String {
        String(cString: UnsafePointer(pointer))
    }

    @inline(__always)
    private static func style(_ style: yaml_scalar_style_t) -> YAMLScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    /// A key for a message: quoted, at most 40 characters, control characters escaped.
    private static func quoted(_ text: String) -> String {
        var shown = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == 40 {
                shown += "…"
                break
            }
            shown += scalar.value < 0x20 || scalar.value == 0x7F ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return "'\(shown)'"
    }
}
