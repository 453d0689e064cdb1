/// A parsed pattern (see ``LinearPattern``).
indirect enum PatternNode: Sendable {
    case empty
    case set(PatternCharacterSet)
    case sequence([PatternNode])
    case alternation([PatternNode])
    case repetition(PatternNode, minimum: Int, maximum: Int?)
}

/// Parses the subset of regular-expression syntax ``LinearPattern`` supports. Recursion follows group
/// nesting only, bounded by ``LinearPattern/maximumGroupDepth``; unsupported syntax is refused with
/// what to write instead.
struct PatternParser {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func fail(_ message: String, at offset: Int) -> PatternProblem {
        PatternProblem(message: message, offset: offset)
    }

    mutating func parse() throws(PatternProblem) -> PatternNode {
        let tree = try parseAlternation(depth: 0)
        if index < scalars.count {
            throw fail("')' closes no group; write \\) for a literal parenthesis", at: index)
        }
        return tree
    }

    private mutating func parseAlternation(depth: Int) throws(PatternProblem) -> PatternNode {
        var branches = [try parseSequence(depth: depth)]
        while peek == "|" {
            index += 1
            branches.append(try parseSequence(depth: depth))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence(depth: Int) throws(PatternProblem) -> PatternNode {
        var items: [PatternNode] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
            let start = index
            var atom = try parseAtom(depth: depth)
            if let (minimum, maximum) = try parseQuantifier() {
                if case .empty = atom {
                    throw fail("an anchor cannot be repeated; remove the quantifier", at: start)
                }
                atom = .repetition(atom, minimum: minimum, maximum: maximum)
                if peek == "?" { index += 1 }  // lazy: the same set of whole-value matches
                if peek == "+" {
                    throw fail("possessive quantifiers such as '*+' are not supported; remove the '+'", at: index)
                }
                if let next = peek, next == "*" || next == "?" || next == "{" {
                    throw fail(
                        "a quantifier cannot follow another; group the repeated part with (?: ) first", at: index)
                }
            }
            items.append(atom)
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    /// `* + ? {m} {m,} {m,n}` at the current position, or nil.
    private mutating func parseQuantifier() throws(PatternProblem) -> (Int, Int?)? {
        switch peek {
        case "*":
            index += 1
            return (0, nil)
        case "+":
            index += 1
            return (1, nil)
        case "?":
            index += 1
            return (0, 1)
        case "{":
            let start = index
            index += 1
            let bound = "'{' must start a bound such as {2}, {2,} or {2,5}; write \\{ for a literal brace"
            guard let minimum = try parseCount(start: start) else { throw fail(bound, at: start) }
            var maximum: Int? = minimum
            if peek == "," {
                index += 1
                maximum = try parseCount(start: start)
            }
            guard peek == "}" else { throw fail(bound, at: start) }
            index += 1
            if let maximum, maximum < minimum {
                throw fail(
                    "the bound {\(minimum),\(maximum)} has its maximum below its minimum; write {\(maximum),\(minimum)}",
                    at: start)
            }
            return (minimum, maximum)
        default: return nil
        }
    }

    private mutating func parseCount(start: Int) throws(PatternProblem) -> Int? {
        var value: Int?
        while let scalar = peek,
            let digit = scalar.properties.numericType == .decimal && scalar.isASCII ? Int(scalar.value) - 48 : nil
        {
            value = (value ?? 0) * 10 + digit
            if value! > LinearPattern.maximumRepetitionCount {
                throw fail("a bound may count at most \(LinearPattern.maximumRepetitionCount) repetitions", at: start)
            }
            index += 1
        }
        return value
    }

    private mutating func parseAtom(depth: Int) throws(PatternProblem) -> PatternNode {
        let start = index
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "(":
            if depth >= LinearPattern.maximumGroupDepth {
                throw fail(
                    "groups are nested more than \(LinearPattern.maximumGroupDepth) deep; flatten the pattern",
                    at: start)
            }
            if peek == "?" {
                let rest = String(String.UnicodeScalarView(scalars[index..<min(index + 3, scalars.count)]))
                if rest.hasPrefix("?:") {
                    index += 2
                } else if rest.hasPrefix("?=") || rest.hasPrefix("?!") || rest.hasPrefix("?<=") || rest.hasPrefix("?<!")
                {
                    throw fail(
                        "lookaround such as '(\(rest.hasPrefix("?<") ? rest : String(rest.prefix(2)))' is not supported; describe the whole value with the pattern instead",
                        at: start)
                } else {
                    throw fail("only '(?:' groups are supported after '(?'; write (?: ) or ( )", at: start)
                }
            }
            let inner = try parseAlternation(depth: depth + 1)
            guard peek == ")" else {
                throw fail("'(' is not closed; add ')' or write \\( for a literal parenthesis", at: start)
            }
            index += 1
            return inner
        case "[": return .set(try parseClass(start: start))
        case ".": return .set(PatternCharacterSet(items: [.anyButNewline]))
        case "\\": return .set(try parseEscape(start: start, inClass: false))
        case "^":
            guard start == 0 else {
                throw fail(
                    "'^' is supported only first in the pattern (the whole value always has to match); write \\^ for a literal caret",
                    at: start)
            }
            return .empty
        case "$":
            guard start == scalars.count - 1 else {
                throw fail(
                    "'$' is supported only last in the pattern (the whole value always has to match); write \\$ for a literal dollar sign",
                    at: start)
            }
            return .empty
        case "*", "+", "?", "{":
            throw fail("'\(scalar)' has nothing to repeat; write \\\(scalar) for a literal '\(scalar)'", at: start)
        default:
            return .set(PatternCharacterSet(items: [.range(scalar.value, scalar.value)]))
        }
    }

    /// The escape starting at `start` (the backslash), inside a class or not.
    private mutating func parseEscape(start: Int, inClass: Bool) throws(PatternProblem) -> PatternCharacterSet {
        guard let scalar = peek else {
            throw fail("the pattern ends with '\\'; write \\\\ for a literal backslash", at: start)
        }
        index += 1
        func literal(_ value: Unicode.Scalar) -> PatternCharacterSet {
            PatternCharacterSet(items: [.range(value.value, value.value)])
        }
        switch scalar {
        case "d", "D": return PatternCharacterSet(items: [.digit(negated: scalar == "D")])
        case "w", "W": return PatternCharacterSet(items: [.word(negated: scalar == "W")])
        case "s", "S": return PatternCharacterSet(items: [.space(negated: scalar == "S")])
        case "n": return literal("\n")
        case "t": return literal("\t")
        case "r": return literal("\r")
        case "1"..."9", "k":
            throw fail(
                "backreferences such as '\\\(scalar)' are not supported; repeat the group's pattern instead", at: start)
        case "b", "B", "A", "z", "Z", "G":
            throw fail(
                "anchors such as '\\\(scalar)' are not supported; the pattern always matches the whole value", at: start
            )
        default:
            if scalar.isASCII, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                throw fail(
                    "the escape '\\\(scalar)' is not supported; use \\d, \\w, \\s, \\D, \\W, \\S, \\n, \\t, \\r or escape punctuation only",
                    at: start)
            }
            return literal(scalar)
        }
    }

    /// A class `[…]` or `[^…]`; `start` is the position of `[`.
    private mutating func parseClass(start: Int) throws(PatternProblem) -> PatternCharacterSet {
        var set = PatternCharacterSet(items: [])
        if peek == "^" {
            set.negated = true
            index += 1
        }
        var first = true
        while true {
            guard let scalar = peek else {
                throw fail("'[' is not closed; add ']' or write \\[ for a literal bracket", at: start)
            }
            if scalar == "]", !first {
                index += 1
                return set
            }
            first = false
            let itemStart = index
            let low = try parseClassMember()
            if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                let highStart = index
                let high = try parseClassMember()
                guard case .range(let lowValue, _) = low.items.first, low.items.count == 1,
                    case .range(let highValue, _) = high.items.first, high.items.count == 1
                else {
                    throw fail(
                        "a range in a class must join two characters; write \\- for a literal '-'", at: itemStart)
                }
                guard lowValue <= highValue else {
                    throw fail("the range is reversed; write its lower character first", at: highStart)
                }
                set.items.append(.range(lowValue, highValue))
            } else {
                set.items.append(contentsOf: low.items)
            }
        }
    }

    private mutating func parseClassMember() throws(PatternProblem) -> PatternCharacterSet {
        let start = index
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "\\": return try parseEscape(start: start, inClass: true)
        case "[":
            throw fail(
                "nested classes and POSIX classes such as [:alpha:] are not supported; write \\[ for a literal '['",
                at: start)
        default: return PatternCharacterSet(items: [.range(scalar.value, scalar.value)])
        }
    }
}

/// Compiles a ``PatternNode`` into ``PatternInstruction``s (a Thompson NFA), at most
/// ``LinearPattern/maximumProgramSize`` of them.
struct PatternCompiler {
    var program: [PatternInstruction] = []

    private mutating func append(_ instruction: PatternInstruction) throws(PatternProblem) -> Int {
        guard program.count < LinearPattern.maximumProgramSize else {
            throw PatternProblem(
                message:
                    "it compiles to more than \(LinearPattern.maximumProgramSize) steps; use smaller bounds such as {1,50} or fewer nested repetitions",
                offset: nil)
        }
        program.append(instruction)
        return program.count - 1
    }

    mutating func emit(_ node: PatternNode) throws(PatternProblem) {
        switch node {
        case .empty: break
        case .set(let set): _ = try append(.consume(set))
        case .sequence(let items):
            for item in items { try emit(item) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for branch in branches.dropLast() {
                let split = try append(.split(0, 0))
                try emit(branch)
                jumps.append(try append(.jump(0)))
                program[split] = .split(split + 1, program.count)
            }
            try emit(branches[branches.count - 1])
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repetition(let inner, let minimum, let maximum):
            for _ in 0..<minimum { try emit(inner) }
            if let maximum {
                var splits: [Int] = []
                for _ in minimum..<maximum {
                    splits.append(try append(.split(0, 0)))
                    try emit(inner)
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                let split = try append(.split(0, 0))
                try emit(inner)
                _ = try append(.jump(split))
                program[split] = .split(split + 1, program.count)
            }
        }
    }
}
