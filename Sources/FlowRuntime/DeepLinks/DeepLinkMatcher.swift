import FlowModel

/// Matches a URL against a flow's declared deep links.
enum DeepLinkMatcher {
    /// The link of `graph` that matches `url` and its typed placeholder values. Among matches the one with
    /// the most literal segments wins (`/posts/new` over `/posts/{id}`), then declaration order.
    /// - Parameter parts: the URL's path segments (``DeepLinkURL/segments(of:)``).
    static func match(_ parts: [String], in graph: FlowGraph) -> (link: LinkNode, values: [String: Value])? {
        var best: (link: LinkNode, values: [String: Value], literals: Int)?
        for link in graph.links where link.segments.count == parts.count {
            var values: [String: Value] = [:]
            var literals = 0
            var matches = true
            for (segment, part) in zip(link.segments, parts) {
                switch segment {
                case .literal(let text):
                    if text == part { literals += 1 } else { matches = false }
                case .placeholder(let name, let type):
                    if let value = type.parse(part) { values[name] = value } else { matches = false }
                }
                if !matches { break }
            }
            if matches, best.map({ literals > $0.literals }) ?? true { best = (link, values, literals) }
        }
        return best.map { ($0.link, $0.values) }
    }

    /// Why no link matched a URL whose segments fit a link's literals but not one of its placeholders'
    /// types (`/books/abc` for `/books/{bookID:int}`): the first such link, placeholder and text.
    static func nearMiss(_ url: String, parts: [String], in graph: FlowGraph) -> FlowRuntimeError? {
        for link in graph.links where link.segments.count == parts.count {
            var literalsMatch = true
            var failure: FlowRuntimeError?
            for (segment, part) in zip(link.segments, parts) {
                switch segment {
                case .literal(let text):
                    literalsMatch = literalsMatch && text == part
                case .placeholder(let name, let type):
                    if failure == nil, type.parse(part) == nil {
                        failure = .linkPlaceholderInvalid(
                            url: url, pattern: link.pattern, name: name, text: part, type: type)
                    }
                }
            }
            if literalsMatch, let failure { return failure }
        }
        return nil
    }
}
