import FlowRuntime
import Foundation

/// One parsed line of a `flowc run` script. See docs/RUNNING.md for the language.
package enum ScriptCommand: Hashable, Sendable {
    case start
    case event(name: String, token: RouteToken?, arguments: [String: String])
    case back(Int)
    case backTo(Int)
    case confirm
    case keep
    case open(String)
    case snapshot
    case restore(String?)
    case condition(String, Bool)
    case check(name: String, value: String, answer: Bool)
    case finish(instance: FlowInstanceID, outcome: String, arguments: [String: String])
    case stop
    /// `back N #ID`: interactive back on the stack instance ID begins.
    case backOnStack(Int, stack: FlowInstanceID)
    /// `select TAB [#ID]`: the person selects a tab.
    case select(tab: String, tabSet: FlowInstanceID?)
    /// `dismiss [#ID]`: the person dismisses a presented layer.
    case dismiss(FlowInstanceID?)

    /// Parses one line; nil for a blank line or a `#` comment.
    /// - Throws: ``ScriptSyntaxError`` for an unknown command or malformed operands.
    package static func parse(_ line: String) throws(ScriptSyntaxError) -> ScriptCommand? {
        // `restore JSON` takes the rest of the line as it is: JSON's quotes and escapes are not script words.
        let trimmed = line.drop(while: \.isWhitespace)
        if trimmed.hasPrefix("restore"), trimmed.dropFirst("restore".count).first?.isWhitespace ?? true {
            let json = ScriptText.trimmed(trimmed.dropFirst("restore".count))
            if json.hasPrefix("#") {
                // `restore # note`: a comment; `restore #x`: a mistyped operand, not a comment.
                guard json.unicodeScalars.dropFirst().first.map(ScriptText.isWhitespace) ?? true else {
                    throw misplacedHash(String(json.prefix { !$0.isWhitespace }), verb: "restore")
                }
                return .restore(nil)
            }
            return .restore(json.isEmpty ? nil : json)
        }
        let words = try split(line)
        guard let verb = words.first else { return nil }
        let operands = Array(words.dropFirst())
        func count(_ range: ClosedRange<Int>, _ usage: String) throws(ScriptSyntaxError) {
            guard range.contains(operands.count) else { throw ScriptSyntaxError(message: "usage: \(usage)") }
        }
        switch verb {
        case "start":
            try count(0...0, "start")
            return .start
        case "confirm":
            try count(0...0, "confirm")
            return .confirm
        case "keep":
            try count(0...0, "keep")
            return .keep
        case "snapshot":
            try count(0...0, "snapshot")
            return .snapshot
        case "stop":
            try count(0...0, "stop")
            return .stop
        case "back":
            try count(0...2, "back [N] [#STACK]")
            var rest = operands[...]
            var stack: FlowInstanceID?
            if let last = rest.last, last.hasPrefix("#") {
                stack = try instance(last, usage: "back names a stack as #ID, such as 'back 1 #3'")
                rest = rest.dropLast()
            }
            guard rest.count <= 1, let number = rest.isEmpty ? 1 : natural(rest[rest.startIndex]) else {
                if let written = rest.first, isDigits(written) {
                    throw ScriptSyntaxError(
                        message: "back's route count \(written) is out of range; it is at most \(Int.max)")
                }
                throw ScriptSyntaxError(message: "back takes a route count, such as 'back 2'")
            }
            if let stack { return .backOnStack(number, stack: stack) }
            return .back(number)
        case "select":
            try count(1...2, "select TAB [#TABSET]")
            let tabSet =
                try operands.count == 2
                ? instance(operands[1], usage: "select names a tab set as #ID, such as 'select search #1'") : nil
            return .select(tab: operands[0], tabSet: tabSet)
        case "dismiss":
            try count(0...1, "dismiss [#LAYER]")
            guard let operand = operands.first else { return .dismiss(nil) }
            return .dismiss(try instance(operand, usage: "dismiss names a layer as #ID, such as 'dismiss #4'"))
        case "backto":
            try count(1...1, "backto LENGTH")
            guard let length = natural(operands[0]) else {
                if isDigits(operands[0]) {
                    throw ScriptSyntaxError(
                        message: "backto's path length \(operands[0]) is out of range; it is at most \(Int.max)")
                }
                throw ScriptSyntaxError(message: "backto takes a path length, such as 'backto 1'")
            }
            return .backTo(length)
        case "open":
            try count(1...1, "open URL")
            return .open(operands[0])
        case "condition":
            try count(2...2, "condition NAME true|false")
            return .condition(operands[0], try boolean(operands[1]))
        case "check":
            try count(3...3, "check NAME VALUE true|false")
            return .check(name: operands[0], value: operands[1], answer: try boolean(operands[2]))
        case "finish":
            guard operands.count >= 2, !operands[1].utf8.contains(UInt8(ascii: "=")) else {
                throw ScriptSyntaxError(message: "usage: finish #INSTANCE OUTCOME [key=value …]")
            }
            guard operands[0].hasPrefix("#"), let id = natural(operands[0].dropFirst()) else {
                throw ScriptSyntaxError(message: "finish names an instance as #ID, such as 'finish #2 saved'")
            }
            return .finish(
                instance: FlowInstanceID(id), outcome: operands[1],
                arguments: try keyValues(operands.dropFirst(2), of: "finish"))
        case "event":
            var rest = operands[...]
            var token: RouteToken?
            if let first = rest.first, first.hasPrefix("@") {
                guard let number = natural(first.dropFirst()) else {
                    throw ScriptSyntaxError(message: "a route token is written @N, such as '@3'")
                }
                token = RouteToken(number)
                rest = rest.dropFirst()
            }
            guard let name = rest.first, !name.utf8.contains(UInt8(ascii: "=")) else {
                throw ScriptSyntaxError(message: "usage: event [@TOKEN] NAME [key=value …]")
            }
            return .event(name: name, token: token, arguments: try keyValues(rest.dropFirst(), of: "event"))
        default:
            throw ScriptSyntaxError(message: "unknown command '\(verb)'")
        }
    }

    /// `key=value` words (of `event` and `finish`), each key once.
    private static func keyValues(_ pairs: ArraySlice<String>, of verb: String) throws(ScriptSyntaxError) -> [String:
        String]
    {
        var arguments: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ScriptSyntaxError(message: "\(verb) arguments are written key=value, not '\(pair)'")
            }
            let key = String(pair[..<equals])
            guard arguments.updateValue(String(pair[pair.index(after: equals)...]), forKey: key) == nil else {
                throw ScriptSyntaxError(message: "argument '\(key)' is given twice")
            }
        }
        return arguments
    }

    /// `#ID`: an instance id.
    private static func instance(_ text: String, usage: String) throws(ScriptSyntaxError) -> FlowInstanceID {
        guard text.hasPrefix("#"), let id = natural(text.dropFirst()) else { throw ScriptSyntaxError(message: usage) }
        return FlowInstanceID(id)
    }

    /// The verbs that take `#ID` operands.
    private static let instanceVerbs: Set<String> = ["finish", "back", "select", "dismiss"]

    /// The error for a word that begins with `#` but is no operand of `verb` (`dismiss #x`, `back 2 #oops`):
    /// a comment after a command begins with a `#` standing alone, so a mistyped id never silently
    /// becomes a comment that changes what the command does.
    private static func misplacedHash(_ word: String, verb: String) -> ScriptSyntaxError {
        let shown = TraceEcho.bounded(word)
        if instanceVerbs.contains(verb) {
            return ScriptSyntaxError(
                message:
                    "'\(shown)' is not a flow instance id: write #N, such as '#4'; a comment after a command starts with '# ' (a '#' and a blank)"
            )
        }
        return ScriptSyntaxError(
            message:
                "'\(shown)' is not an operand of '\(verb)'; a comment after a command starts with '# ' (a '#' and a blank)"
        )
    }

    /// A count or an id: ASCII digits only (no sign, no spaces), fitting in `Int`.
    private static func natural(_ text: some StringProtocol) -> Int? {
        guard isDigits(text) else { return nil }
        return Int(text)
    }

    /// Whether `text` is one or more decimal digits (a count, in range or not).
    private static func isDigits(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    private static func boolean(_ text: String) throws(ScriptSyntaxError) -> Bool {
        switch text {
        case "true": return true
        case "false": return false
        default: throw ScriptSyntaxError(message: "expected true or false, not '\(text)'")
        }
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// Splits at blanks; `"…"` groups words (`title="Hello world"`); inside quotes `\"`, `\\`, `\n` and `\r`
    /// stand for a double quote, a backslash, a line feed and a carriage return (any other `\` is text, as it
    /// always was). A comment is a line whose first
    /// non-blank character is `#`, or the rest of a line from a `#` standing alone (followed by a blank or
    /// the line's end: `back 2 # to the list`). Any other word beginning with `#` must be `#ID` after
    /// `finish`, `back`, `select` or `dismiss`, and is an error elsewhere (`dismiss #x`).
    ///
    /// One pass over the line's scalars.
    private static func split(_ line: String) throws(ScriptSyntaxError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quoted = false
        // Whether the current word began with an unquoted `#`.
        var hashWord = false
        let scalars = line.unicodeScalars
        // The scalars from `runStart` up to the current one belong to `current` and are not yet copied.
        var runStart = scalars.startIndex
        // Where the open quote began, for the error when the line ends inside it.
        var openingQuote = scalars.startIndex
        var index = scalars.startIndex
        // The scalar a `\` at `index` inside quotes stands for with the scalar after it; nil when that pair
        // is no escape (the `\` is then text, as it always was).
        func escape(after index: String.UnicodeScalarView.Index) -> Unicode.Scalar? {
            let next = scalars.index(after: index)
            guard next != scalars.endIndex else { return nil }
            switch scalars[next] {
            case "\"": return "\""
            case "\\": return "\\"
            case "n": return "\n"
            case "r": return "\r"
            default: return nil
            }
        }
        func endWord(_ word: String) throws(ScriptSyntaxError) {
            if hashWord {
                let verb = words.first ?? ""
                guard instanceVerbs.contains(verb), natural(word.dropFirst()) != nil else {
                    throw misplacedHash(word, verb: verb)
                }
            }
            words.append(word)
            hashWord = false
        }
        while index != scalars.endIndex {
            let scalar = scalars[index]
            if quoted {
                if scalar == "\"" {
                    current += Substring(scalars[runStart..<index])
                    quoted = false
                    runStart = scalars.index(after: index)
                } else if scalar == "\\", let escaped = escape(after: index) {
                    // `\"`, `\\`, `\n`, `\r` inside quotes: what `quoted(_:)` writes for these.
                    current += Substring(scalars[runStart..<index])
                    current.unicodeScalars.append(escaped)
                    index = scalars.index(index, offsetBy: 2)
                    runStart = index
                    continue
                }
            } else if scalar == "\"" {
                current += Substring(scalars[runStart..<index])
                quoted = true
                openingQuote = index
                inWord = true
                runStart = scalars.index(after: index)
            } else if ScriptText.isWhitespace(scalar) {
                if inWord {
                    current += Substring(scalars[runStart..<index])
                    try endWord(current)
                }
                current = ""
                inWord = false
                runStart = scalars.index(after: index)
            } else if scalar == "#", !inWord {
                let after = scalars.index(after: index)
                if words.isEmpty || after == scalars.endIndex || ScriptText.isWhitespace(scalars[after]) { break }
                hashWord = true
                inWord = true
            } else {
                inWord = true
            }
            index = scalars.index(after: index)
        }
        if inWord, !quoted { current += Substring(scalars[runStart..<index]) }
        if quoted {
            let column = scalars.distance(from: scalars.startIndex, to: openingQuote) + 1
            throw ScriptSyntaxError(
                message: "unterminated quote: the '\"' at column \(column) opens a value that the line does not "
                    + "close; add a closing '\"' (inside quotes '\\\"' is a quote and '\\\\' a backslash)")
        }
        if inWord { try endWord(current) }
        return words
    }
}

/// A script line that is not a valid command.
package struct ScriptSyntaxError: Error, Equatable {
    package var message: String
}
