/// How flow names (identifiers: ASCII letters, digits and `_`, not starting with a digit) become Swift
/// names in generated code. The one place that decides spelling and escaping.
package enum SwiftNames {
    /// Words Swift reserves (declarations, statements, expressions and types), which generated code writes
    /// between backticks wherever it uses them as names: `case \`default\``, `.\`in\``.
    package static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "switch", "throw", "where", "while", "Any", "as", "await", "false", "is",
        "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol", "_",
    ]

    /// `name` as a Swift identifier (a case, a label, a member or a local name): itself, or between
    /// backticks when Swift reserves it.
    package static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `name` as an argument label at a call site (`.default(self: 1)`): Swift accepts every keyword there
    /// except `inout` and `_`, and warns about backticks around the others ("keyword 'self' does not need to
    /// be escaped in argument list"), so only those two are escaped. Declarations use ``identifier(_:)``.
    package static func argumentLabel(_ name: String) -> String {
        name == "inout" || name == "_" ? "`\(name)`" : name
    }

    /// `name` with its first letter upper-cased, then `suffix`: `reading` + `Flow` is `ReadingFlow`.
    package static func typeName(_ name: String, suffix: String) -> String {
        guard let first = name.first else { return suffix }
        return first.uppercased() + name.dropFirst() + suffix
    }

    /// `base`, or `base` followed by as many `_` as needed to differ from every name in `taken`.
    package static func unique(_ base: String, avoiding taken: Set<String>) -> String {
        var name = base
        while taken.contains(name) { name += "_" }
        return name
    }

    /// `text` as a Swift string literal: printable ASCII as it is, `"` and `\` escaped, everything else as
    /// `\u{…}`, so no character of a flow file changes how the generated source reads.
    package static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case " "..."~": literal.unicodeScalars.append(scalar)
            default: literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return literal + "\""
    }
}
