/// Builds Swift source text line by line with four-space indentation, the way the generated file reads.
package struct SwiftSourceWriter {
    package private(set) var text = ""
    private var depth = 0

    package init() {}

    /// Appends one line at the current indentation (an empty line has no trailing spaces).
    package mutating func line(_ content: String = "") {
        if !content.isEmpty { text += String(repeating: "    ", count: depth) + content }
        text += "\n"
    }

    /// Appends doc-comment lines (``SwiftDocComment``) at the current indentation.
    mutating func doc(_ comment: SwiftDocComment) {
        for content in comment.lines { line(content) }
    }

    /// Appends `opening` (which ends with `{`), the lines `body` writes one level deeper, and `}`.
    package mutating func block(_ opening: String, closing: String = "}", _ body: (inout SwiftSourceWriter) -> Void) {
        line(opening)
        depth += 1
        body(&self)
        depth -= 1
        line(closing)
    }

    /// Appends `switch subject {`, the cases `body` writes at the same indentation (as Swift style puts
    /// them), and `}`.
    package mutating func switchBlock(_ subject: String, _ body: (inout SwiftSourceWriter) -> Void) {
        line("switch \(subject) {")
        body(&self)
        line("}")
    }

    /// The longest line ``call(_:_:_:)`` writes on one line, indentation included.
    package static let lineWidth = 120

    /// Appends `head(arguments…)tail` on one line when it fits in ``lineWidth``, otherwise `head(`, one
    /// argument per line one level deeper, and `)tail`, the way a person wraps a long call or declaration.
    package mutating func call(_ head: String, _ arguments: [String], _ tail: String = "") {
        let single = head + "(" + arguments.joined(separator: ", ") + ")" + tail
        if arguments.isEmpty || depth * 4 + single.count <= Self.lineWidth {
            line(single)
            return
        }
        line(head + "(")
        depth += 1
        for (index, argument) in arguments.enumerated() { line(argument + (index == arguments.count - 1 ? "" : ",")) }
        depth -= 1
        line(")" + tail)
    }

    /// Runs `body` one level deeper (the statements of a `case`).
    package mutating func indented(_ body: (inout SwiftSourceWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }
}
