/// Loads YAML text into a located `YAMLNode` tree, or a flat `YAMLDocument` read through node references.
///
/// Rules, all enforced while libyaml's events stream in (linear time, no
/// recursion, so hostile input fails fast and cleanly):
/// - exactly one document (`.emptyDocument`, `.multipleDocuments`);
/// - every scalar stays a `String`; no YAML 1.1 resolution of `on`/`no`/`yes`/`~`/`0123`…;
/// - mapping keys are scalars (`.nonScalarKey`) and unique per mapping (`.duplicateKey`);
/// - anchors and aliases work; an alias is a copy of the anchored node.
///   Merge keys are *not* supported: a plain `<<` key throws `.mergeKey` (a quoted `'<<'` is an ordinary key);
/// - only core schema tags are accepted (`.unsupportedTag`), and they never change values;
/// - `YAMLLimits` bound input size, nesting depth, node count (aliases expanded)
///   and alias count;
/// - UTF-8 only, with or without a byte order mark; LF, CR LF and CR line ends.
public enum YAMLLoader {
    /// Parses exactly one YAML document from `bytes` into a located node tree.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text, optionally starting with a byte order mark.
    ///   - limits: bounds on size, depth, node count and aliases; `.default` unless given.
    /// - Returns: the document's root node.
    /// - Throws: `YAMLError`, with a mark (line and column from 1, column in
    ///   Unicode scalars, byte offset from 0) and a message saying what is wrong
    ///   and what to do. See `YAMLError.Kind` for every case.
    public static func load(_ bytes: [UInt8], limits: YAMLLimits = .default) throws(YAMLError) -> YAMLNode {
        let document = try loadDocument(bytes, limits: limits)
        return document.node(document.root)
    }

    /// Parses exactly one YAML document from `bytes` into a flat ``YAMLDocument``: the same checks,
    /// marks and errors as `load(_:limits:)`, without a node tree (nothing allocated per node).
    ///
    /// - Throws: `YAMLError`; see `load(_:limits:)`. Input over 2 GiB throws `.fileTooLarge` whatever
    ///   `limits` say: the document stores 32-bit offsets, and scalar text can grow to 1.5 times its source
    ///   (the escape `\L` is 2 bytes written, 3 bytes of text).
    ///
    /// - Parameter overlapped: parse on a second thread while this one builds the document (the same
    ///   document, or the same first error): for a large file when a core would otherwise idle.
    /// - Parameter streaming: a top-level mapping to hand out in batches as it is read, instead of keeping it
    ///   in the document (``YAMLSectionStream``).
    public static func loadDocument(
        _ bytes: [UInt8], limits: YAMLLimits = .default, overlapped: Bool = false,
        streaming: YAMLSectionStream? = nil
    ) throws(YAMLError) -> YAMLDocument {
        let limit = min(limits.maxFileBytes, Int(UInt32.max / 2))
        guard bytes.count <= limit else {
            throw YAMLError(
                kind: .fileTooLarge,
                message:
                    "file is \(bytes.count) bytes, more than the limit of \(limit) bytes; split it into smaller files",
                mark: .startOfFile)
        }
        // A byte order mark names the encoding; UTF-32's little-endian mark begins with UTF-16's, so it is tested first.
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            throw YAMLError(
                kind: .invalidEncoding, message: "file is encoded as UTF-32; save it as UTF-8",
                mark: .startOfFile)
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw YAMLError(
                kind: .invalidEncoding, message: "file is encoded as UTF-16; save it as UTF-8",
                mark: .startOfFile)
        }
        let builder = DocumentBuilder(events: try EventParser(bytes: bytes), limits: limits, section: streaming)
        return overlapped ? try builder.buildOverlapped() : try builder.build()
    }

    /// Parses exactly one YAML document from `text`; same as `load(_:limits:)` on
    /// `Array(text.utf8)`, so marks' offsets are UTF-8 byte offsets into `text`.
    ///
    /// - Throws: `YAMLError`; see `load(_:limits:)` for `[UInt8]`.
    public static func load(_ text: String, limits: YAMLLimits = .default) throws(YAMLError) -> YAMLNode {
        try load(Array(text.utf8), limits: limits)
    }

    /// `loadDocument(_:limits:)` on `Array(text.utf8)`.
    ///
    /// - Throws: `YAMLError`; see `load(_:limits:)` for `[UInt8]`.
    public static func loadDocument(_ text: String, limits: YAMLLimits = .default) throws(YAMLError) -> YAMLDocument {
        try loadDocument(Array(text.utf8), limits: limits)
    }
}
