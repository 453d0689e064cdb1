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
            """
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
            """
        ]
    )

    init() {}

    /// A trie node: children by literal text and by placeholder type, and the links ending here
    /// (in declaration order).
    private struct Node {
        var literals: [String: Int] = [:]
        var placeholders: [ParameterType: Int] = [:]
        var links: [Int] = []
        /// For each placeholder type, the literal children whose text that type accepts
        /// (filled once the trie is complete).
        var literalsAccepted: [ParameterType: [Int]] = [:]
    }

    /// All links of a flow go into one trie; then pairs of trie nodes at the same depth that can
    /// match the same URL prefix are walked from the root pair with an explicit work list (no
    /// recursion, so a link of any number of segments is safe). Each compatible pair is visited
    /// once, and a pair costs time proportional to its shorter literal table plus the compatible
    /// pairs it yields, so flows whose patterns share few compatible prefixes are checked in
    /// near-linear time. For every link, the earliest other link it overlaps is the first link
    /// at the cheapest partner node, kept as a running minimum per node.
    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows where flow.links.count > 1 {
            let segments = flow.links.map { $0.segments.map(\.kind) }
            let earliest = Self.earliestOverlaps(segments)
            for (index, link) in flow.links.enumerated() {
                guard let other = earliest[index] else { continue }
                let earlier = flow.links[other]
                let url = Self.sampleURL(segments[index], segments[other])
                diagnostics.append(
                    Self.diagnostic(
                        "link \(MessageText.name(link.pattern.value)) overlaps \(MessageText.name(earlier.pattern.value)): both match \(MessageText.name(url)); make one of them more specific",
                        at: link.pattern.location,
                        notes: [
                            DiagnosticNote(
                                "link \(MessageText.name(earlier.pattern.value)) declared here",
                                at: earlier.pattern.location)
                        ]))
            }
        }
    }

    /// For each pattern, the index of the earliest pattern before it that can match the same URL, or nil.
    static func earliestOverlaps(_ patterns: [[LinkPatternSegment]]) -> [Int?] {
        let nodes = trie(of: patterns)
        // The smallest first link among the other nodes whose URLs a node's URLs overlap.
        var partner = [Int](repeating: Int.max, count: nodes.count)
        walkCompatiblePairs(nodes) { a, b in
            guard a != b, let first = nodes[b].links.first, let other = nodes[a].links.first else { return }
            partner[a] = min(partner[a], first)
            partner[b] = min(partner[b], other)
        }
        var earliest = [Int?](repeating: nil, count: patterns.count)
        for (index, node) in nodes.enumerated() where !node.links.isEmpty {
            for link in node.links {
                var candidate = partner[index] < link ? partner[index] : Int.max
                if link != node.links[0] { candidate = min(candidate, node.links[0]) }
                if candidate != Int.max { earliest[link] = candidate }
            }
        }
        return earliest
    }

    /// How many pairs of trie nodes the overlap check compares for `patterns` (the measure of its
    /// work, which tests keep near-linear).
    static func compatiblePairCount(_ patterns: [[LinkPatternSegment]]) -> Int {
        var count = 0
        walkCompatiblePairs(trie(of: patterns)) { _, _ in count += 1 }
        return count
    }

    /// The trie of `patterns`: node 0 is the root; a node's `links` are the patterns ending there.
    private static func trie(of patterns: [[LinkPatternSegment]]) -> [Node] {
        var nodes = [Node()]
        for (link, segments) in patterns.enumerated() {
            var current = 0
            for segment in segments {
                let existing: Int? =
                    switch segment {
                    case .literal(let text): nodes[current].literals[text]
                    case .placeholder(_, let type): nodes[current].placeholders[type]
                    }
                if let existing {
                    current = existing
                    continue
                }
                nodes.append(Node())
                switch segment {
                case .literal(let text): nodes[current].literals[text] = nodes.count - 1
                case .placeholder(_, let type): nodes[current].placeholders[type] = nodes.count - 1
                }
                current = nodes.count - 1
            }
            nodes[current].links.append(link)
        }
        for index in nodes.indices where !nodes[index].literals.isEmpty {
            for type in ParameterType.allCases {
                nodes[index].literalsAccepted[type] = nodes[index].literals
                    .filter { type.parse($0.key) != nil }.map(\.value)
            }
        }
        return nodes
    }

    /// Calls `visit(a, b)` (with `a <= b`) once for every pair of trie nodes at the same depth whose
    /// paths from the root can match the same URL prefix, including each node paired with itself.
    private static func walkCompatiblePairs(_ nodes: [Node], _ visit: (Int, Int) -> Void) {
        var work: [(Int, Int)] = [(0, 0)]
        func pair(_ x: Int, _ y: Int) { work.append(x <= y ? (x, y) : (y, x)) }
        while let (a, b) = work.popLast() {
            visit(a, b)
            let left = nodes[a]
            let right = nodes[b]
            if a == b {
                for child in left.literals.values { pair(child, child) }
                for (type, child) in left.placeholders {
                    for literal in left.literalsAccepted[type] ?? [] { pair(literal, child) }
                }
                let types = Array(left.placeholders)
                for i in types.indices {
                    for j in i..<types.count where overlaps(types[i].key, types[j].key) {
                        pair(types[i].value, types[j].value)
                    }
                }
                continue
            }
            let (small, large) = left.literals.count <= right.literals.count ? (left, right) : (right, left)
            for (text, child) in small.literals {
                if let match = large.literals[text] { pair(child, match) }
            }
            for (type, child) in right.placeholders {
                for literal in left.literalsAccepted[type] ?? [] { pair(literal, child) }
            }
            for (type, child) in left.placeholders {
                for literal in right.literalsAccepted[type] ?? [] { pair(literal, child) }
            }
            for (leftType, leftChild) in left.placeholders {
                for (rightType, rightChild) in right.placeholders where overlaps(leftType, rightType) {
                    pair(leftChild, rightChild)
                }
            }
        }
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
