import FlowDefinitions
import FlowModel
import FlowYAML

/// A flow's `screens` decoded batch by batch while the file is still being parsed: the document builder
/// hands each batch of finished screen entries out as a small document of its own (``YAMLSectionStream``),
/// which is decoded at once on the building thread and then freed, so no whole-file document holds the
/// screens. ``FlowDecoder/readScreens(_:)`` then takes what was decoded, in document order.
///
/// The result is the one decoder reading the whole mapping would give: the same screens, diagnostics
/// (output is sorted by location), damage and unreadable parameters. Each batch is read by a fresh decoder,
/// like a chunk (``FlowDecoder/readScreens(_:)``); the entry before a batch is carried over by name and
/// whether its value is empty (for ``FlowDecoder/slippedOut(_:of:keys:as:in:)``), and a screen slipped out of
/// the one before damages the whole mapping, recorded once the mapping's end is known.
/// Used on one thread only (the one building the document). Speed: PERFORMANCE.md, "Shapes kept for speed".
final class StreamedScreens {
    /// Screens per batch: small enough that a batch's document stays small (about 20 records a screen),
    /// large enough that a batch's fixed costs do not count.
    static let batchSize = 512

    /// What the batches decoded, in document order.
    struct Decoded: Sendable {
        /// Each batch's screens: joined once, exactly sized, when read (an array grown batch by batch kept up
        /// to twice its size: 4 MB more at the peak of 100k screens in 10 files).
        var parts: [[ScreenDefinition]] = []
        var diagnostics: [Diagnostic] = []
        var damaged: [Range<Int>] = []
        var unreadableParameters: Set<UnreadableParameter> = []
        /// A screen slipped out of the one before it: the whole mapping is damaged.
        var slippedOut = false
        /// The last screen entry handed out with a valid name, and whether its value is empty.
        var previous: (name: Located<String>, isEmpty: Bool)?
        /// Where the mapping handed out starts (its batches' roots carry its start), once a batch came.
        var mappingOffset: Int?
    }

    private let file: SourceFile
    private let source: [UInt8]
    /// What the batches so far decoded.
    private(set) var decoded = Decoded()

    init(file: SourceFile, source: [UInt8]) {
        self.file = file
        self.source = source
    }

    /// The stream that feeds this: the top-level `screens` mapping, `batchSize` entries at a time.
    func stream(batchSize: Int = StreamedScreens.batchSize) -> YAMLSectionStream {
        YAMLSectionStream(key: FlowKeys.screens.rawValue, batchSize: batchSize) { [self] batch in decode(batch) }
    }

    /// Decodes one batch (its root is a mapping of screen entries) and keeps the result.
    func decode(_ batch: YAMLDocument) {
        var decoder = FlowDecoder(file: file, source: source, document: batch, screensPerChunk: .max)
        let node = batch.root
        decoded.mappingOffset = batch.startOffset(of: node)
        let named = decoder.namedEntries(node, as: "screens", entryName: "screen name")
        decoded.parts.append(decoder.readScreens(named, in: named.indices, of: nil, after: decoded.previous))
        decoded.diagnostics += decoder.diagnostics.diagnostics
        decoded.damaged += decoder.damaged
        decoded.unreadableParameters.formUnion(decoder.unreadableParameters)
        decoded.slippedOut = decoded.slippedOut || decoder.slippedOutOfUnendedMapping
        if let last = named.last { decoded.previous = (last.0, decoder.isEmpty(last.1)) }
    }

    /// Hands what was decoded over (it is not kept here after).
    func take() -> Decoded {
        defer { decoded = Decoded() }
        return decoded
    }
}

extension FlowDecoder {
    /// The `screens` mapping at `node` whose entries were handed out and decoded as they were read
    /// (`streamed`), then those entries the builder kept (after an anchor or alias stopped the batches), read
    /// here after them.
    mutating func readScreens(_ node: YAMLNodeRef, streamed: consuming StreamedScreens.Decoded) -> [ScreenDefinition] {
        var screens: [ScreenDefinition] = []
        // Exactly sized, each part freed once copied. Speed: PERFORMANCE.md, "Shapes kept for speed".
        screens.reserveCapacity(streamed.parts.reduce(0) { $0 + $1.count })
        for index in streamed.parts.indices {
            screens += streamed.parts[index]
            streamed.parts[index] = []
        }
        // Decoded without aliases (batches stop at the first one), so nothing to fold; appended in order.
        for diagnostic in streamed.diagnostics { diagnostics.append(diagnostic) }
        damaged += streamed.damaged
        unreadableParameters.formUnion(streamed.unreadableParameters)
        if streamed.slippedOut { damaged.append(startOffset(node)..<max(endOffset(node), startOffset(node) + 1)) }
        let named = namedEntries(node, as: "screens", entryName: "screen name")
        if !named.isEmpty { screens += readScreens(named, in: named.indices, of: node, after: streamed.previous) }
        return screens
    }
}
