import FlowModel

/// Writes a flow's `Link` enum: one URL builder per declared deep link, its placeholders typed
/// (`SocialFlow.Link.posts(postID: 5)` is `"/posts/5"`), for `coordinator.open(_:)`, so a link's path is
/// not a string written by hand. Placeholder values go through `DeepLinkPath.segment(_:)`, which writes
/// them as the runtime reads them back.
struct LinkEmitter {
    let context: SwiftGenerationContext
    let index: Int

    private var graph: FlowGraph { context.bundle.flows[index] }

    func write(to out: inout SwiftSourceWriter) {
        out.doc(
            SwiftDocComment(
                "The deep links `\(graph.name)` declares, as URL paths for `coordinator.open(_:)`: one builder per pattern, its placeholders typed."
            ))
        out.block("public enum Link {") { out in
            var taken: Set<String> = []
            for (position, link) in graph.links.enumerated() {
                if position > 0 { out.line() }
                let placeholders = link.segments.compactMap { segment -> (name: String, type: ParameterType)? in
                    guard case .placeholder(let name, let type) = segment else { return nil }
                    return (name, type)
                }
                var name = Self.builderName(link.segments)
                let labels = placeholders.map { "\($0.name):" }.joined()
                while taken.contains("\(name)(\(labels))") { name += "_" }
                taken.insert("\(name)(\(labels))")
                out.doc(SwiftDocComment("`\(link.pattern)`."))
                let parameters = placeholders.enumerated().map { offset, placeholder in
                    "\(SwiftNames.identifier(placeholder.name)) value\(offset): \(SwiftTypeMapping.swiftType(placeholder.type))"
                }
                out.block(
                    "public static func \(SwiftNames.identifier(name))(\(parameters.joined(separator: ", "))) -> String {"
                ) { out in
                    out.line(Self.pathExpression(link.segments))
                }
            }
        }
    }

    /// The builder's name, from the pattern's literal segments: `/search/{query}/posts/{postID:int}` is
    /// `searchPosts`, `/` is `root`, a pattern of placeholders only is `link`.
    static func builderName(_ segments: [LinkPatternSegment]) -> String {
        guard !segments.isEmpty else { return "root" }
        var words: [String] = []
        for segment in segments {
            guard case .literal(let text) = segment else { continue }
            var word = ""
            for scalar in text.unicodeScalars {
                if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    word.unicodeScalars.append(scalar)
                } else if !word.isEmpty {
                    words.append(word)
                    word = ""
                }
            }
            if !word.isEmpty { words.append(word) }
        }
        guard let first = words.first else { return "link" }
        let name =
            first.prefix(1).lowercased() + first.dropFirst()
            + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return name.first.map { ("0"..."9").contains($0) } == true ? "link" + name : name
    }

    /// `"/posts/" + DeepLinkPath.segment(value0)`: literal segments as written (percent-encoded through
    /// `DeepLinkPath` when they hold a character a URL path escapes), placeholders through `DeepLinkPath`.
    static func pathExpression(_ segments: [LinkPatternSegment]) -> String {
        guard !segments.isEmpty else { return "\"/\"" }
        var parts: [String] = []
        var literal = ""
        var placeholder = 0
        for segment in segments {
            switch segment {
            case .literal(let text) where text.unicodeScalars.allSatisfy(isUnreserved):
                literal += "/" + text
            case .literal(let text):
                literal += "/"
                parts.append(SwiftNames.stringLiteral(literal))
                literal = ""
                parts.append("DeepLinkPath.segment(\(SwiftNames.stringLiteral(text)))")
            case .placeholder:
                literal += "/"
                parts.append(SwiftNames.stringLiteral(literal))
                literal = ""
                parts.append("DeepLinkPath.segment(value\(placeholder))")
                placeholder += 1
            }
        }
        if !literal.isEmpty { parts.append(SwiftNames.stringLiteral(literal)) }
        return parts.joined(separator: " + ")
    }

    /// RFC 3986's unreserved characters: what a URL path segment holds unescaped.
    private static func isUnreserved(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "-._~".unicodeScalars.contains(scalar))
    }
}
