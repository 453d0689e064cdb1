import FlowDefinitions
import FlowModel
import FlowYAML

/// Decoding a flow's `screens` in chunks, in parallel, when there are many.
extension FlowDecoder {
    mutating func readScreens(_ node: YAMLNodeRef) -> [ScreenDefinition] {
        if let streamed = streamedScreens, streamed.mappingOffset == startOffset(node) {
            streamedScreens = nil
            return readScreens(node, streamed: streamed)
        }
        let named = namedEntries(node, as: "screens", entryName: "screen name")
        let chunks = Self.chunks(of: named.count, size: screensPerChunk)
        guard chunks.count > 1 else { return readScreens(named, in: 0..<named.count, of: node) }
        // A large flow's screens are decoded in chunks on all cores (one big file would otherwise keep one
        // core busy alone), each chunk by a fresh decoder; the parts are joined in document order, so the
        // screens, diagnostics, damage and unreadable parameters are exactly those of one decoder.
        let fresh = FlowDecoder(file: file, source: source, document: document, screensPerChunk: screensPerChunk)
        let parts = ParallelMap.map(count: chunks.count) { index in
            var decoder = fresh
            let screens = decoder.readScreens(named, in: chunks[index], of: node)
            return (screens, decoder.diagnostics.diagnostics, decoder.damaged, decoder.unreadableParameters)
        }
        var screens: [ScreenDefinition] = []
        // Exactly sized. Speed: PERFORMANCE.md, "Shapes kept for speed".
        screens.reserveCapacity(parts.reduce(0) { $0 + $1.0.count })
        for (partScreens, partDiagnostics, partDamage, partUnreadable) in parts {
            screens += partScreens
            // Each part was folded on its own (``AliasFold``); appending its kept findings folds across parts.
            for diagnostic in partDiagnostics { diagnostics.append(diagnostic) }
            damaged += partDamage
            unreadableParameters.formUnion(partUnreadable)
        }
        return screens
    }

    /// `0..<count` cut into consecutive ranges of at least `size` entries (one range when `count` is
    /// under twice that), at most 8.
    static func chunks(of count: Int, size: Int) -> [Range<Int>] {
        let pieces = min(count / max(size, 1), 8)
        guard pieces > 1 else { return [0..<count] }
        return (0..<pieces).map { piece in (count * piece / pieces)..<(count * (piece + 1) / pieces) }
    }
}
