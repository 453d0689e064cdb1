extension YAMLNode {
    /// The byte ranges (offsets from 0 into the loaded bytes, end exclusive) of the text of every
    /// scalar written in the document, sorted and disjoint: what a `#` inside is part of a value or key,
    /// not a comment. Content copied by aliases is skipped (its text is written once, at the anchor).
    ///
    /// A block scalar (`|`, `>`) starts on the line after its indicator: a comment after the indicator
    /// (`text: |  # note`) is a real comment. `bytes` are the bytes the document was loaded from.
    /// Iterative (an explicit stack); linear in the number of nodes.
    public func scalarSpans(in bytes: [UInt8]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var pending: [YAMLNode] = [self]
        while let node = pending.popLast() {
            guard node.alias == nil else { continue }
            switch node.content {
            case .scalar(_, let style):
                if let span = YAMLDocument.span(start: node.start.offset, end: node.end.offset, style: style, in: bytes)
                {
                    spans.append(span)
                }
            case .sequence(let items):
                pending.append(contentsOf: items)
            case .mapping(let entries):
                for entry in entries {
                    pending.append(entry.key)
                    pending.append(entry.value)
                }
            }
        }
        spans.sort { $0.lowerBound < $1.lowerBound }
        return spans
    }
}
