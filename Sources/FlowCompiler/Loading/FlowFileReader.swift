import FlowDefinitions
import FlowModel
import FlowYAML

/// One flow file: its bytes, and what decoding them produced.
public struct FlowSourceFile: Sendable {
    /// The path as the user wrote it.
    public let path: String
    /// The file's bytes, kept to show source lines under diagnostics. Empty when the validation kept only
    /// the files its diagnostics point into (``SourceRetention/diagnosed``) and none points into this one.
    public internal(set) var bytes: [UInt8]
    /// The flow, when the file was readable far enough to name it and its start.
    public let flow: FlowDefinition?
    /// Loader and schema diagnostics for this file.
    public let diagnostics: [Diagnostic]
    /// The byte ranges of declarations whose decoding reported an error (`FlowDecoder.damaged`).
    var damaged: [Range<Int>] = []
    /// The byte ranges of the file's scalars (`YAMLNode.scalarSpans(in:)`): a `#` inside one is text,
    /// not a comment, so it cannot start a suppression. Empty when the file did not load or holds no
    /// `flowc:disable` at all.
    var scalars: [Range<Int>] = []
    /// Whether the bytes contain `flowc:disable` at all (`SuppressionScanner.mayHoldSuppression`), decided
    /// once when the file is read.
    var mayHoldSuppression = false
    /// The dropped bytes' size and hash (``SourceRetention/diagnosed``), to check a later re-read against
    /// them; nil while the bytes are kept.
    var dropped: SourceDigest?

    /// Drops the bytes, remembering their digest so a re-read can be checked to be the same bytes.
    mutating func dropBytes() {
        dropped = SourceDigest(bytes)
        bytes = []
    }
}

/// The size and FNV-1a hash (``ContentHash/fnv1a64(_:)``, the bundles' hash) of a file's bytes: a file read
/// again for a snippet shows it only when its bytes are still those validated.
struct SourceDigest: Equatable, Sendable {
    let count: Int
    let hash: UInt64

    init(_ bytes: [UInt8]) {
        (count, hash) = (bytes.count, ContentHash.fnv1a64(bytes))
    }
}

/// Reads one flow file: YAML loading (FlowYAML) then decoding into a `FlowDefinition`.
enum FlowFileReader {
    /// - Parameter overlapped: parse the YAML on a second thread while this one builds the document
    ///   (`YAMLLoader.loadDocument(_:limits:overlapped:)`): the same result, for a large file when a core
    ///   would otherwise idle.
    /// - Parameter screensPerBatch: the flow's screens are decoded in batches of this many as the YAML is read
    ///   (``StreamedScreens``), so no whole-file document holds them; the result does not depend on it.
    static func read(
        path: String, bytes: [UInt8], limits: YAMLLimits = .default, overlapped: Bool = false,
        screensPerBatch: Int = StreamedScreens.batchSize
    ) -> FlowSourceFile {
        let mayHoldSuppression = SuppressionScanner.mayHoldSuppression(bytes)
        // The suppression scan reads every scalar's span from the whole document: such a file keeps its screens there.
        let (decoded, document) = readFlow(
            path: path, bytes: bytes, limits: limits, overlapped: overlapped,
            screensPerBatch: mayHoldSuppression ? nil : screensPerBatch)
        var file = decoded
        file.mayHoldSuppression = mayHoldSuppression
        // Scalar spans only serve the suppression scan: skipped (time and memory) for a file without the marker.
        if file.mayHoldSuppression, let document { file.scalars = document.scalarSpans(in: bytes) }
        return file
    }

    /// The file decoded, and its document when it loaded. The document is freed by the caller's return:
    /// the file's definitions keep nothing of it. With `screensPerBatch`, the screens are decoded as they are
    /// read and the document holds none of them (``StreamedScreens``).
    private static func readFlow(
        path: String, bytes: [UInt8], limits: YAMLLimits, overlapped: Bool, screensPerBatch: Int?
    ) -> (FlowSourceFile, YAMLDocument?) {
        let sourceFile = SourceFile(path: path)
        let streamed = screensPerBatch.map { _ in StreamedScreens(file: sourceFile, source: bytes) }
        // The flat document, not a node tree: the decoder reads it through node references.
        let document: YAMLDocument
        do {
            document = try YAMLLoader.loadDocument(
                bytes, limits: limits, overlapped: overlapped,
                streaming: streamed.map { $0.stream(batchSize: screensPerBatch ?? StreamedScreens.batchSize) })
        } catch {
            return (
                FlowSourceFile(path: path, bytes: bytes, flow: nil, diagnostics: [diagnostic(for: error, in: path)]),
                nil
            )
        }
        let root = document.root
        if document.style(of: root) == .plain, document.scalar(of: root, is: "") {
            // A document with no content (`---` alone) defines nothing, like an empty file.
            let diagnostic = EmptyFile.diagnostic(
                "file contains an empty YAML document; write a flow in it, starting with 'flow: NAME'",
                at: SourceLocation(file: path, line: 1, column: 1, offset: 0))
            return (FlowSourceFile(path: path, bytes: bytes, flow: nil, diagnostics: [diagnostic]), document)
        }
        var decoder = FlowDecoder(
            file: sourceFile, source: bytes, document: document, screensPerChunk: FlowDecoder.defaultScreensPerChunk)
        decoder.streamedScreens = streamed?.take()
        let flow = decoder.decodeFlow(root)
        var file = FlowSourceFile(path: path, bytes: bytes, flow: flow, diagnostics: decoder.diagnostics.diagnostics)
        file.damaged = decoder.damaged
        return (file, document)
    }

    /// A file over the size limit, which was not read past the limit: FC005 at its start.
    static func tooLarge(path: String, size: Int?, limit: Int) -> FlowSourceFile {
        let message =
            if let size {
                "file is \(size) bytes, more than the limit of \(limit) bytes; split it into smaller files"
            } else {
                "input is more than the limit of \(limit) bytes (reading stopped there); split it into smaller files"
            }
        let diagnostic = FileTooLarge.diagnostic(message, at: SourceLocation(file: path, line: 1, column: 1, offset: 0))
        return FlowSourceFile(path: path, bytes: [], flow: nil, diagnostics: [diagnostic])
    }

    /// The diagnostic for a loader error, under the rule for its kind.
    static func diagnostic(for error: YAMLError, in path: String) -> Diagnostic {
        func at(_ mark: YAMLMark) -> SourceLocation {
            SourceLocation(file: path, line: mark.line, column: mark.column, offset: mark.offset)
        }
        let rule: any DiagnosticRule.Type =
            switch error.kind {
            case .syntax: YAMLSyntaxError.self
            case .duplicateKey: DuplicateKey.self
            case .nonScalarKey: NonScalarKey.self
            case .aliasLimit: AliasLimit.self
            case .depthLimit: DepthLimit.self
            case .fileTooLarge: FileTooLarge.self
            case .unsupportedTag: UnsupportedTag.self
            case .multipleDocuments: MultipleDocuments.self
            case .emptyDocument: EmptyFile.self
            case .invalidEncoding: InvalidEncoding.self
            case .unknownAnchor: UnknownAnchor.self
            case .mergeKey: MergeKey.self
            }
        return rule.diagnostic(
            error.message, at: at(error.mark), notes: error.notes.map { DiagnosticNote($0.message, at: at($0.mark)) })
    }
}
