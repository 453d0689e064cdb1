import CYaml

// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// Builds a ``YAMLDocument`` from libyaml events with an explicit stack of open
/// collections, checking every rule of `YAMLLoader` as events arrive.
///
/// Each node is one record appended in document order (a collection's record is reserved when it
/// opens and completed when it closes). Finished children of all open collections wait on one shared
/// stack of record indices (`pending`); a frame remembers where its children start there, and
/// closing it moves those indices into the document's `children` array. Scalar text is appended to
/// one byte buffer. Nothing is allocated per node, and building is linear in the number of events.
struct DocumentBuilder: ~Copyable {
    /// Owns the libyaml parser and the input bytes `lineIndex` reads.
    private let events: EventParser
    private var lineIndex: LineIndex
    private let limits: YAMLLimits

    private var records: [YAMLDocument.Record] = []
    private var children: [UInt32] = []
    private var text: [UInt8] = []
    private var aliasUses: [YAMLAliasUse] = []
    private var wideEnds: [UInt32: YAMLDocument.Mark32] = [:]
    /// Finished children of every open collection (a mapping's as key, value, key, …), as record indices.
    private var pending: [UInt32] = []
    private var frames: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var nodeCount = 0
    private var aliasCount = 0
    private var sawDocument = false
    private var root: UInt32?
    /// The top-level mapping handed out in batches, if any (``YAMLSectionStream``).
    private let section: YAMLSectionStream?
    /// `section`'s mapping while it is open (it is always `frames[1]`). Kept here, not in `Frame`: a larger
    /// frame cost 11 M instructions of copies at 10k screens. Speed: PERFORMANCE.md, "Shapes kept for speed".
    private var streaming: Streaming?

    /// The state of `section`'s open mapping.
    private struct Streaming {
        /// A batch was handed out: the keys of the entries handed out are only in the frame's `keySet`.
        var streamed = false
        /// Where the next batch starts in `records`, `children` and `text`.
        var batchStart: (records: Int, children: Int, text: Int)
    }

    /// The index of `section`'s mapping in `frames` while it is open.
    private static let sectionFrame = 1

    /// A node that carries an anchor, with what an alias to it costs.
    private struct Anchored {
        var record: UInt32
        /// Nodes in the subtree, aliases inside it expanded.
        var size: Int
        /// Collection nesting inside the node (0 for a scalar, 1 for a flat collection).
        var height: Int
    }

    /// An open sequence or mapping.
    private struct Frame {
        var isMapping: Bool
        /// Its record, reserved when it opened.
        var record: UInt32
        var anchor: String?
        /// Where this frame's children start in `pending`.
        var childStart: Int
        /// `nodeCount` before this collection was counted, to compute its size.
        var countBefore: Int
        /// Largest `height` among finished children.
        var childHeight = 0
        /// True when the mapping's latest key (on `pending`) waits for its value.
        var awaitingValue = false
        /// The keys seen so far, created once a mapping grows past `linearKeyLimit`
        /// entries (small mappings compare keys directly), or once it has handed out a batch.
        var keySet: KeySet?
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

    init(events: EventParser, limits: YAMLLimits, section: YAMLSectionStream? = nil) {
        self.events = events
        self.lineIndex = events.makeLineIndex()
        self.limits = limits
        self.section = section
    }

    /// Converts a libyaml mark (0-based line/column, character index) into a `YAMLMark`.
    @inline(__always)
    private mutating func mark(_ mark: yaml_mark_t) -> YAMLMark {
        YAMLMark(
            line: Int(mark.line) + 1, column: Int(mark.column) + 1,
            offset: lineIndex.byteOffset(ofCharacter: Int(mark.index)))
    }

    /// Reads events until the end of the stream and returns the document.
    consuming func build() throws(YAMLError) -> YAMLDocument {
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        let events = self.events
        while true {
            let finished = try events.next { (event: borrowing yaml_event_t) throws(YAMLError) -> Bool in
                try handle(event)
            }
            if finished { break }
        }
        return try document()
    }

    /// `build()`, with libyaml's parse on a second thread (``EventPipe``) feeding this one batches of its
    /// events: the same document or the same first error, for a large file on a spare core.
    /// Builds on this thread alone when no thread can be started.
    consuming func buildOverlapped() throws(YAMLError) -> YAMLDocument {
        guard let pipe = EventPipe(parser: events) else { return try build() }
        defer { pipe.finish() }
        while true {
            let batch = pipe.take()
            // Taken out of the batch, held here alone: read by the same `handle(_:)` as in `build()`, then
            // deleted whatever happens.
            var contents = EventBatch.Contents()
            swap(&contents, &batch.contents)
            defer { pipe.recycle(batch, contents: &contents) }
            var finished = false
            for index in contents.events.indices {
                finished = try handle(contents.events[index])
                if finished { break }
            }
            if finished { break }
            if let error = contents.error { throw error }
        }
        return try document()
    }

    /// The document once the stream has ended.
    private func document() throws(YAMLError) -> YAMLDocument {
        guard let root else {
            throw YAMLError(
                kind: .emptyDocument,
                message: "file contains no YAML document; add content, such as a top-level mapping",
                mark: .startOfFile)
        }
        return YAMLDocument(
            records: records, children: children, text: text, aliasUses: aliasUses, wideEnds: wideEnds, root: root)
    }

    /// Handles one event; returns true at the end of the stream.
    private mutating func handle(_ event: borrowing yaml_event_t) throws(YAMLError) -> Bool {
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let start = mark(event.start_mark)
            let tag = try checkTag(scalar.tag, kind: "scalar", at: start)
            try count(1, at: start)
            let textStart = UInt32(truncatingIfNeeded: text.count)
            if let value = scalar.value, scalar.length > 0 {
                text.append(contentsOf: UnsafeBufferPointer(start: value, count: Int(scalar.length)))
            }
            let end = mark(event.end_mark)
            let index = UInt32(truncatingIfNeeded: records.count)
            var record = YAMLDocument.Record(
                start: .init(start), first: textStart, count: UInt32(truncatingIfNeeded: scalar.length),
                kind: .scalar, style: Self.style(scalar.style), tag: tag)
            if !record.setEnd(.init(end)) { wideEnds[index] = .init(end) }
            records.append(record)
            if let anchor = scalar.anchor { anchors[Self.string(anchor)] = Anchored(record: index, size: 1, height: 0) }
            try add(index, height: 0)
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
                    message:
                        "file contains a second YAML document; put each flow in its own file, or remove the '---' line",
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
        let index = UInt32(truncatingIfNeeded: records.count)
        // Reserved now (document order); its end and children are filled in when it closes.
        records.append(
            YAMLDocument.Record(
                start: .init(start), first: 0, count: 0, kind: isMapping ? .mapping : .sequence, style: 0, tag: tag))
        if frames.count == Self.sectionFrame, isMapping, anchor == nil, isSectionKey() {
            streaming = Streaming(batchStart: (records.count, children.count, text.count))
        }
        frames.append(
            Frame(
                isMapping: isMapping, record: index, anchor: anchor.map(Self.string),
                childStart: pending.count, countBefore: countBefore))
    }

    /// Whether the collection opening now is the value of `section`'s key in the top-level mapping.
    private func isSectionKey() -> Bool {
        guard let section, frames[0].isMapping, frames[0].awaitingValue, let key = pending.last
        else { return false }
        let record = content(key)
        guard record.kind == .scalar, Int(record.count) == section.key.count else { return false }
        let range = Int(record.first)..<Int(record.first + record.count)
        return text.withUnsafeBufferPointer { buffer in
            section.key.withUnsafeBufferPointer { $0.elementsEqual(UnsafeBufferPointer(rebasing: buffer[range])) }
        }
    }

    private mutating func close(end: YAMLMark) throws(YAMLError) {
        // The last entries of a mapping that handed out batches go out as one more.
        if frames.count == Self.sectionFrame + 1, let state = streaming {
            if state.streamed, pending.count > frames[Self.sectionFrame].childStart { handOut() }
            streaming = nil
        }
        let frame = frames.removeLast()
        let moved = pending.count - frame.childStart
        let index = Int(frame.record)
        if !records[index].setEnd(.init(end)) { wideEnds[frame.record] = .init(end) }
        records[index].first = UInt32(truncatingIfNeeded: children.count)
        records[index].count = UInt32(truncatingIfNeeded: frame.isMapping ? moved / 2 : moved)
        // Moved as a buffer and dropped from the end: the slice and `removeSubrange` took generic paths.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        pending.withUnsafeBufferPointer {
            children.append(contentsOf: UnsafeBufferPointer(rebasing: $0[frame.childStart...]))
        }
        pending.removeLast(moved)
        let height = frame.childHeight + 1
        if let anchor = frame.anchor {
            anchors[anchor] = Anchored(record: frame.record, size: nodeCount - frame.countBefore, height: height)
        }
        try add(frame.record, height: height)
    }

    /// The record holding the content of record `index`: the anchored node's for an alias.
    @inline(__always)
    private func content(_ index: UInt32) -> YAMLDocument.Record {
        let record = records[Int(index)]
        return record.kind == .alias ? records[Int(record.first)] : record
    }

    /// Attaches a finished node to the open collection (or makes it the root).
    private mutating func add(_ index: UInt32, height: Int) throws(YAMLError) {
        let top = frames.count - 1
        guard top >= 0 else {
            root = index
            return
        }
        if frames[top].childHeight < height { frames[top].childHeight = height }
        guard frames[top].isMapping, !frames[top].awaitingValue else {
            frames[top].awaitingValue = false
            pending.append(index)
            if top == Self.sectionFrame, streaming != nil, let section,
                (pending.count - frames[top].childStart) / 2 >= section.batchSize
            {
                handOut()
            }
            return
        }
        let key = content(index)
        let start = records[Int(index)].start.mark
        guard key.kind == .scalar else {
            throw Self.nonScalarKeyError(kindName: key.kind == .mapping ? "mapping" : "sequence", at: start)
        }
        if key.style == 0, key.tag == 0, key.count == 2, text[Int(key.first)] == UInt8(ascii: "<"),
            text[Int(key.first) + 1] == UInt8(ascii: "<")
        {
            throw YAMLError(
                kind: .mergeKey,
                message:
                    "merge keys ('<<') are not supported: flowc does not combine mappings; write the entries out in this mapping (an alias can still stand for a whole value, as in 'b: *base'), or quote '<<' if it is a name",
                mark: start)
        }
        try checkDuplicate(index, at: start, in: top)
        pending.append(index)
        frames[top].awaitingValue = true
    }

    /// Whether the scalars `lhs` and `rhs` have the same text.
    @inline(__always)
    private func sameText(_ lhs: YAMLDocument.Record, _ rhs: YAMLDocument.Record) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.first == rhs.first { return true }
        return text.withUnsafeBufferPointer { buffer in
            let left = buffer.baseAddress! + Int(lhs.first)
            let right = buffer.baseAddress! + Int(rhs.first)
            for offset in 0..<Int(lhs.count) where left[offset] != right[offset] { return false }
            return true
        }
    }

    /// Throws `.duplicateKey` if the mapping at `frameIndex` already has the text of key `index` as a key.
    private mutating func checkDuplicate(_ index: UInt32, at start: YAMLMark, in frameIndex: Int) throws(YAMLError) {
        let key = content(index)
        let first = frames[frameIndex].childStart
        let keyCount = (pending.count - first) / 2
        var duplicate: UInt32?
        if keyCount < Self.linearKeyLimit, frameIndex != Self.sectionFrame || streaming?.streamed != true {
            for entry in 0..<keyCount where sameText(content(pending[first + 2 * entry]), key) {
                duplicate = pending[first + 2 * entry]
                break
            }
        } else {
            var keySet = frames[frameIndex].keySet.take() ?? KeySet()
            if keySet.isEmpty {
                for entry in 0..<keyCount {
                    let sibling = pending[first + 2 * entry]
                    let siblingKey = content(sibling)
                    _ = keySet.insert(sibling, hash: hash(siblingKey)) { sameText(content($0), siblingKey) }
                }
            }
            duplicate = keySet.insert(index, hash: hash(key)) { sameText(content($0), key) }
            frames[frameIndex].keySet = keySet
        }
        guard let duplicate else { return }
        let shown = Self.quoted(string(of: key))
        throw YAMLError(
            kind: .duplicateKey,
            message: "duplicate key \(shown) in mapping; each key may appear once",
            mark: start,
            notes: [
                YAMLNote(message: "previous definition of \(shown) is here", mark: records[Int(duplicate)].start.mark)
            ])
    }

    // MARK: - Batches of a section

    /// Hands the finished entries of `section`'s open mapping to `section` as a document of their
    /// own and drops them from this one, keeping their keys (records outside any collection) in `keySet` for
    /// the duplicate check. Does nothing once the document has an anchor or an alias (``YAMLSectionStream``).
    private mutating func handOut() {
        guard let section, let state = streaming, anchors.isEmpty, aliasCount == 0 else { return }
        let frameIndex = Self.sectionFrame
        let start = state.batchStart
        let first = frames[frameIndex].childStart
        let entries = (pending.count - first) / 2
        let recordBase = UInt32(truncatingIfNeeded: start.records)
        let childBase = UInt32(truncatingIfNeeded: start.children)
        let textBase = UInt32(truncatingIfNeeded: start.text)
        // The batch: its records with their children and text positions made relative to it.
        var batchRecords = Array(records[start.records...])
        for index in batchRecords.indices {
            switch batchRecords[index].kind {
            case .scalar: batchRecords[index].first -= textBase
            case .sequence, .mapping: batchRecords[index].first -= childBase
            case .alias: break  // None: batches are cut only while the document has no alias.
            }
        }
        var batchChildren = children[start.children...].map { $0 - recordBase }
        let rootFirst = UInt32(truncatingIfNeeded: batchChildren.count)
        batchChildren.append(contentsOf: pending[first...].map { $0 - recordBase })
        let mapping = records[Int(frames[frameIndex].record)]
        let root = UInt32(truncatingIfNeeded: batchRecords.count)
        batchRecords.append(
            YAMLDocument.Record(
                start: mapping.start, first: rootFirst, count: UInt32(truncatingIfNeeded: entries), kind: .mapping,
                style: 0, tag: mapping.tag))
        var batchWideEnds: [UInt32: YAMLDocument.Mark32] = [:]
        for (record, end) in wideEnds where record >= recordBase {
            batchWideEnds[record - recordBase] = end
        }
        for record in batchWideEnds.keys { wideEnds[record + recordBase] = nil }
        let batchText = Array(text[start.text...])
        // The keys handed out stay here, for a later duplicate.
        var keySet = frames[frameIndex].keySet.take() ?? KeySet()
        if keySet.isEmpty {
            for entry in 0..<entries {
                let key = pending[first + 2 * entry]
                let keyRecord = content(key)
                _ = keySet.insert(key, hash: hash(keyRecord)) { _ in false }
            }
        }
        records.removeLast(records.count - start.records)
        children.removeLast(children.count - start.children)
        text.removeLast(text.count - start.text)
        for entry in 0..<entries {
            let old = pending[first + 2 * entry]
            var key = batchRecords[Int(old - recordBase)]
            let keyText = Int(key.first)..<Int(key.first + key.count)
            key.first = UInt32(truncatingIfNeeded: text.count)
            text.append(contentsOf: batchText[keyText])
            let index = UInt32(truncatingIfNeeded: records.count)
            records.append(key)
            if let end = batchWideEnds[old - recordBase] { wideEnds[index] = end }
            keySet.replace(old, with: index, hash: hash(key))
        }
        pending.removeLast(2 * entries)
        frames[frameIndex].keySet = keySet
        streaming = Streaming(streamed: true, batchStart: (records.count, children.count, text.count))
        section.receive(
            YAMLDocument(
                records: batchRecords, children: batchChildren, text: batchText, aliasUses: [],
                wideEnds: batchWideEnds, root: root))
    }

    /// A scalar record's text.
    private func string(of record: YAMLDocument.Record) -> String {
        text.withUnsafeBufferPointer { buffer in
            YAMLDocument.string(
                UnsafeBufferPointer(rebasing: buffer[Int(record.first)..<Int(record.first + record.count)]))
        }
    }

    /// A seeded hash of a scalar's text (hostile keys cannot be chosen to collide).
    private func hash(_ record: YAMLDocument.Record) -> Int {
        text.withUnsafeBytes { buffer in
            var hasher = Hasher()
            hasher.combine(
                bytes: UnsafeRawBufferPointer(rebasing: buffer[Int(record.first)..<Int(record.first + record.count)]))
            return hasher.finalize()
        }
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
                message:
                    "document uses more than \(limits.maxAliases) aliases; repeat the content instead of using so many aliases",
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
        // The alias is one record pointing at the anchored node: its content is read from there, never copied.
        let index = UInt32(truncatingIfNeeded: records.count)
        var record = YAMLDocument.Record(
            start: .init(start), first: anchored.record, count: UInt32(truncatingIfNeeded: aliasUses.count),
            kind: .alias, style: 0, tag: 0)
        if !record.setEnd(.init(end)) { wideEnds[index] = .init(end) }
        records.append(record)
        aliasUses.append(
            YAMLAliasUse(
                anchor: name, start: start, end: end, anchorStart: records[Int(anchored.record)].start.mark))
        try add(index, height: anchored.height)
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

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// Returns 0 for an untagged node, else
    /// 1 + the tag's index in `YAMLDocument.tags` if it is a core tag fitting `kind`;
    /// throws `.unsupportedTag` otherwise.
    @inline(__always)
    private func checkTag(
        _ raw: UnsafeMutablePointer<yaml_char_t>?, kind: String, at mark: YAMLMark
    ) throws(YAMLError) -> UInt8 {
        guard let raw else { return 0 }
        return try checkPresentTag(raw, kind: kind, at: mark)
    }

    /// `checkTag` for a node that has a tag.
    private func checkPresentTag(
        _ raw: UnsafeMutablePointer<yaml_char_t>, kind: String, at mark: YAMLMark
    ) throws(YAMLError) -> UInt8 {
        let tag = Self.string(raw)
        let fits: Bool =
            switch kind {
            case "scalar": Self.scalarTags.contains(tag)
            case "sequence": tag == Self.sequenceTag
            default: tag == Self.mappingTag
            }
        if fits, let index = YAMLDocument.tags.firstIndex(of: tag) { return UInt8(index + 1) }
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

    @inline(__always)
    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>) -> String {
        String(cString: UnsafePointer(pointer))
    }

    /// The index of a libyaml scalar style in `YAMLDocument.styles`.
    @inline(__always)
    private static func style(_ style: yaml_scalar_style_t) -> UInt8 {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: 1
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: 2
        case YAML_LITERAL_SCALAR_STYLE: 3
        case YAML_FOLDED_SCALAR_STYLE: 4
        default: 0
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

/// The keys of one large mapping, for duplicate checks in constant time: an open-addressing table of
/// key records by the hash of their text.
struct KeySet {
    /// Record index + 1 per slot; 0 is empty.
    private var slots: [UInt32] = []
    private var hashes: [Int] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Inserts key record `index` unless a key with the same text (`sameText`) is present: returns that one.
    mutating func insert(_ index: UInt32, hash: Int, sameText: (UInt32) -> Bool) -> UInt32? {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            if hashes[slot] == hash, sameText(slots[slot] - 1) { return slots[slot] - 1 }
            slot = (slot + 1) & mask
        }
        slots[slot] = index + 1
        hashes[slot] = hash
        count += 1
        return nil
    }

    /// Moves key record `old` (present, with this `hash`) to record index `new`.
    mutating func replace(_ old: UInt32, with new: UInt32, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            if slots[slot] == old + 1 {
                slots[slot] = new + 1
                return
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        let old = (slots, hashes)
        let capacity = max(16, slots.count * 2)
        slots = Array(repeating: 0, count: capacity)
        hashes = Array(repeating: 0, count: capacity)
        for (slot, hash) in zip(old.0, old.1) where slot != 0 {
            var index = hash & (capacity - 1)
            while slots[index] != 0 { index = (index + 1) & (capacity - 1) }
            slots[index] = slot
            hashes[index] = hash
        }
    }
}
