import FlowModel

/// Matches a URL against a flow's declared deep links.
enum DeepLinkMatcher {
    /// The link of `graph` that matches `url` and its typed placeholder values. Among matches the one with
    /// the most literal segments wins (`/posts/new` over `/posts/{id}`), then declaration order. A URL that
    /// matches no link's pattern is matched against the links' aliases (their former patterns, since format
    /// 1.2), the same way; an alias has its link's placeholders, so the values bind what the routes read.
    /// - Parameter parts: the URL's path segments (``DeepLinkURL/segments(of:)``).
    static func match(_ parts: [String], in graph: FlowGraph) -> (link: LinkNode, values: [String: Value])? {
        if let found = best(parts, among: graph.links.lazy.map { ($0, $0.segments) }) { return found }
        guard let renames = graph.renames else { return nil }
        let aliases = graph.links.indices.lazy.flatMap { index in
            renames.aliases(ofLink: index).lazy.map { (graph.links[index], $0.segments) }
        }
        return best(parts, among: aliases)
    }

    /// The candidate (a link and the segments of its pattern or of one of its aliases) that matches `parts`
    /// with the most literal segments, first among equals.
    private static func best<Candidates: Sequence<(LinkNode, [LinkPatternSegment])>>(
        _ parts: [String], among candidates: Candidates
    ) -> (link: LinkNode, values: [String: Value])? {
        var best: (link: LinkNode, values: [String: Value], literals: Int)?
        for (link, segments) in candidates where segments.count == parts.count {
            var values: [String: Value] = [:]
            var literals = 0
            var matches = true
            for (segment, part) in zip(segments, parts) {
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
