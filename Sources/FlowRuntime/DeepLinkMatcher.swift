import Foundation
import FlowModel

/// Matches a URL against a flow's declared deep links.
enum DeepLinkMatcher {
    /// The `/`-separated, percent-decoded path segments of `url`: a full URL (`app://host/books/7?x=1`)
    /// or a bare path (`/books/7`). Scheme, authority, query and fragment are ignored; empty segments dropped.
    static func segments(of url: String) -> [String] {
        var rest = Substring(url)
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        return rest.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
    }

    /// The link of `graph` that matches `url` and its typed placeholder values. Among matches the one with
    /// the most literal segments wins (`/posts/new` over `/posts/{id}`), then declaration order.
    static func match(_ url: String, in graph: FlowGraph) -> (link: LinkNode, values: [String: Value])? {
        let parts = segments(of: url)
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
    static func nearMiss(_ url: String, in graph: FlowGraph) -> FlowRuntimeError? {
        let parts = segments(of: url)
        for link in graph.links where link.segments.count == parts.count {
            var literalsMatch = true
            var failure: FlowRuntimeError?
            for (segment, part) in zip(link.segments, parts) {
                switch segment {
                case .literal(let text):
                    literalsMatch = literalsMatch && text == part
                case .placeholder(let name, let type):
                    if failure == nil, type.parse(part) == nil {
                        failure = .linkPlaceholderInvalid(url: url, pattern: link.pattern, name: name, text: part, type: type)
                    }
                }
            }
            if literalsMatch, let failure { return failure }
        }
        return nil
    }
}
