import FlowModel

/// The deep links a coordinator matched, by URL: each URL's path segments read (``DeepLinkURL/segments(of:)``)
/// and matched against the root flow's links (``DeepLinkMatcher``), or why it cannot be, kept so that opening
/// the same URL again (an explorer opens each of a few URLs from every state; a host may open one often)
/// neither reads nor matches it again. Both are functions of the URL and the root flow alone (no condition,
/// check or state is read), so a kept result is the one reading again would give.
///
/// Bounded: at most ``capacity`` URLs; when full, every entry is dropped before a new one is kept, so
/// a host that opens ever new URLs keeps at most that many.
// Speed: PERFORMANCE.md, "Shapes kept for speed".
struct MatchedLinks {
    // Speed: PERFORMANCE.md, "Round 17, rtopen": a reference, so that a kept match is read without copying
    // the link's fields.
    /// A URL matched: the root flow's link and the typed values of its placeholders.
    final class Match: Sendable {
        let link: LinkNode
        let values: [String: Value]

        init(link: LinkNode, values: [String: Value]) {
            self.link = link
            self.values = values
        }
    }

    /// At most this many URLs are kept.
    static let capacity = 64

    private var entries: [String: Result<Match, FlowRuntimeError>] = [:]

    /// How many URLs are kept.
    var count: Int { entries.count }

    /// `url` read and matched against `graph`'s links (the root flow's: the same on every call for one
    /// coordinator), or why it cannot be: the URL's error, the near miss of a placeholder's type, or
    /// ``FlowRuntimeError/noMatchingLink(_:)``.
    // Speed: PERFORMANCE.md, "Round 17, rtopen": the graph is read (copied) only for a URL not kept.
    mutating func match(_ url: String, in graph: @autoclosure () -> FlowGraph) -> Result<Match, FlowRuntimeError> {
        if let known = entries[url] { return known }
        let result = Self.read(url, in: graph())
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[url] = result
        return result
    }

    private static func read(_ url: String, in graph: FlowGraph) -> Result<Match, FlowRuntimeError> {
        let parts: [String]
        do throws(FlowRuntimeError) {
            parts = try DeepLinkURL.segments(of: url)
        } catch {
            return .failure(error)
        }
        guard let (link, values) = DeepLinkMatcher.match(parts, in: graph) else {
            return .failure(DeepLinkMatcher.nearMiss(url, parts: parts, in: graph) ?? .noMatchingLink(url))
        }
        return .success(Match(link: link, values: values))
    }
}
