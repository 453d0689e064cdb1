import FlowYAML
import Testing

/// Shorthand for a mark: line, column (both from 1), byte offset (from 0).
func mark(_ line: Int, _ column: Int, _ offset: Int) -> YAMLMark {
    YAMLMark(line: line, column: column, offset: offset)
}

/// The error `load` throws for `text`, or nil if it loads.
func loadError(_ text: String, limits: YAMLLimits = .default) -> YAMLError? {
    loadError(Array(text.utf8), limits: limits)
}

/// The error `load` throws for `bytes`, or nil if it loads. Every input is also loaded with the parse on
/// a second thread (`overlapped`), which must give the same error or the same tree.
func loadError(_ bytes: [UInt8], limits: YAMLLimits = .default) -> YAMLError? {
    let sequential = loadResult(bytes, limits: limits, overlapped: false)
    let overlapped = loadResult(bytes, limits: limits, overlapped: true)
    #expect(sequential == overlapped)
    if case .failure(let error) = sequential { return error }
    return nil
}

/// The tree `loadDocument` builds for `bytes` (on one thread, or with the parse on another), or its error.
func loadResult(_ bytes: [UInt8], limits: YAMLLimits = .default, overlapped: Bool) -> Result<YAMLNode, YAMLError> {
    do {
        let document = try YAMLLoader.loadDocument(bytes, limits: limits, overlapped: overlapped)
        return .success(document.node(document.root))
    } catch {
        return .failure(error)
    }
}

/// A compact, exact rendering of a node's content: plain scalars bare, quoted
/// ones with their quotes, block scalars prefixed by `|` or `>`, flow-style
/// brackets for collections, and `!tag` prefixes for tagged nodes.
func shape(_ node: YAMLNode) -> String {
    let tag = node.tag.map { "!<\($0)> " } ?? ""
    switch node.content {
    case .scalar(let text, let style):
        switch style {
        case .plain: return tag + text
        case .singleQuoted: return tag + "'\(text)'"
        case .doubleQuoted: return tag + "\"\(text)\""
        case .literal: return tag + "|\(text)"
        case .folded: return tag + ">\(text)"
        }
    case .sequence(let items):
        return tag + "[" + items.map(shape).joined(separator: ", ") + "]"
    case .mapping(let entries):
        return tag + "{" + entries.map { shape($0.key) + ": " + shape($0.value) }.joined(separator: ", ") + "}"
    }
}
