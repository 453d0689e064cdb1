import FlowModel

/// FC605 `overlapping-links`: two link patterns of one flow can match the same URL.
struct OverlappingLinks: FlowRule {
    static let description = RuleDescription(
        code: "FC605",
        identifier: "overlapping-links",
        severity: .error,
        summary: "two link patterns of one flow can match the same URL",
        explanation: """
            Each URL must open exactly one route list. Two patterns with the same number of segments
            overlap when, at every position, both can match the same text: equal literals, a
            placeholder whose type accepts the other's literal ('{id:int}' accepts '42' but not
            'new'), or two placeholders whose types share values (a string accepts everything, an
            int is also a double). The later pattern is reported, with a note at the earlier one and
            a URL both match. Make one pattern more specific, for example with a literal segment,
            or give the placeholders disjoint types. Patterns are compared through a trie of their
            segments, not pair by pair.
            """,
        triggeringExamples: [
            """
            flow: posts
            start: list
            screens:
              list:
                on:
                  open: { params: { postID: string }, push: detail, with: { postID: $postID } }
              detail: { params: { postID: string } }
            links:
              "/posts/new": [list]
              ↓"/posts/{postID}": [list, { detail: { postID: $postID } }]
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: posts
            start: list
            screens:
              list:
                on:
                  open: { params: { postID: int }, push: detail, with: { postID: $postID } }
              detail: { params: { postID: int } }
            links:
              "/posts/new": [list]
              "/posts/{postID:int}": [list, { detail: { postID: $postID } }]
              "/posts/{postID:int}/comments": [list, { detail: { postID: $postID } }]
            """,
        ]
    )

    init() {}

    /// A trie node: children by literal text and by placeholder type, and the link ending here.
    private struct Node {
        var literals: [String: Int] = [:]
        var placeholders: [ParameterType: Int] = [:]
        var link: Int?
    }

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows where flow.links.count > 1 {
            var nodes = [Node()]
            for (index, link) in flow.links.enumerated() {
                let segments = link.segments.map(\.kind)
                if let other = Self.overlap(segments, from: 0, at: 0, in: nodes) {
                    let earlier = flow.links[other]
                    let url = Self.sampleURL(segments, earlier.segments.map(\.kind))
                    diagnostics.append(Self.diagnostic(
                        "link '\(link.pattern.value)' overlaps '\(earlier.pattern.value)': both match '\(url)'; make one of them more specific",
                        at: link.pattern.location,
                        notes: [DiagnosticNote("link '\(earlier.pattern.value)' declared here", at: earlier.pattern.location)]))
                }
                Self.insert(segments, link: index, into: &nodes)
            }
        }
    }

    private static func insert(_ segments: [LinkPatternSegment], link: Int, into nodes: inout [Node]) {
        var current = 0
        for segment in segments {
            let next: Int?
            switch segment {
            case .literal(let text): next = nodes[current].literals[text]
            case .placeholder(_, let type): next = nodes[current].placeholders[type]
            }
            if let next {
                current = next
                continue
            }
            nodes.append(Node())
            switch segment {
            case .literal(let text): nodes[current].literals[text] = nodes.count - 1
            case .placeholder(_, let type): nodes[current].placeholders[type] = nodes.count - 1
            }
            current = nodes.count - 1
        }
        if nodes[current].link == nil { nodes[current].link = link }
    }

    /// The index of an inserted link that matches a URL `segments` (from `position`, at trie node `node`)
    /// also matches; each trie node is visited at most once per query.
    private static func overlap(_ segments: [LinkPatternSegment], from position: Int, at node: Int, in nodes: [Node]) -> Int? {
        guard position < segments.count else { return nodes[node].link }
        let current = nodes[node]
        var next: [Int] = []
        switch segments[position] {
        case .literal(let text):
            if let child = current.literals[text] { next.append(child) }
            for (type, child) in current.placeholders where type.parse(text) != nil { next.append(child) }
        case .placeholder(_, let type):
            for (text, child) in current.literals where type.parse(text) != nil { next.append(child) }
            for (other, child) in current.placeholders where overlaps(type, other) { next.append(child) }
        }
        var found: Int?
        for child in next {
            if let link = overlap(segments, from: position + 1, at: child, in: nodes) {
                found = min(found ?? link, link)
            }
        }
        return found
    }

    private static func overlaps(_ lhs: ParameterType, _ rhs: ParameterType) -> Bool {
        lhs == rhs || lhs == .string || rhs == .string || Set([lhs, rhs]) == [.int, .double]
    }

    /// A URL both patterns match (they have the same length and overlap at every position).
    private static func sampleURL(_ lhs: [LinkPatternSegment], _ rhs: [LinkPatternSegment]) -> String {
        let parts = zip(lhs, rhs).map { pair -> String in
            switch pair {
            case (.literal(let text), _), (_, .literal(let text)): return text
            case (.placeholder(_, let a), .placeholder(_, let b)):
                let types: Set<ParameterType> = [a, b]
                if types.contains(.bool) { return "true" }
                if types.contains(.int) || types.contains(.double) { return "1" }
                return "x"
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
