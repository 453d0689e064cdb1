/// A `pattern` constraint (string parameters, since format 1.1) compiled once into a program that
/// matches a whole value in time linear in the value's length times the program's size.
///
/// The syntax is a documented subset of regular expressions (docs/FORMAT.md, "Patterns"): literals and
/// escapes, `.`, classes `[a-z]`, `[^…]` with `\d \w \s` (and `\D \W \S`), groups `( )` and `(?: )`,
/// alternation `|`, `* + ?` (a lazy `?` after them is accepted and means the same for a whole-value
/// match), and bounds `{m}`, `{m,}`, `{m,n}`. A `^` first or a `$` last is accepted and changes nothing,
/// since the whole value always has to match. Matching works on Unicode scalars.
///
/// The pattern is parsed with a nesting bound (``maximumGroupDepth``) and compiled to a Thompson NFA,
/// run as a Pike VM with a set of states per input scalar: no backtracking and no recursion whose depth
/// the value controls. Limits: ``maximumPatternLength``, ``maximumRepetitionCount``, ``maximumProgramSize``,
/// and ``maximumMatchSteps`` per matched value.
public struct LinearPattern: Sendable, Hashable, CustomStringConvertible {
    /// The longest pattern accepted, in Unicode scalars.
    public static let maximumPatternLength = 1_000
    /// The largest count in a bound `{m,n}`.
    public static let maximumRepetitionCount = 1_000
    /// The most instructions a compiled pattern may have (bounds expand to copies of what they repeat).
    public static let maximumProgramSize = 10_000
    /// The deepest nesting of groups.
    public static let maximumGroupDepth = 32
    /// The most steps one match may take: the pattern states visited for each Unicode scalar of the
    /// value, summed (``match(_:stepLimit:)``). A value from outside (a deep link, an event argument, a
    /// restored snapshot) costs at most this much, whatever its length; a parameter's `maxLength` is checked
    /// before its pattern, so a value over it costs nothing.
    public static let maximumMatchSteps = 1_000_000

    /// How matching a whole value ended.
    public enum WholeMatch: Sendable, Equatable {
        /// The whole value matches.
        case matches
        /// The value does not match.
        case doesNotMatch
        /// Matching was stopped after `stepLimit` steps without an answer.
        case tooCostly
    }

    /// The pattern as written.
    public let source: String
    let program: [PatternInstruction]

    /// Compiles `source`.
    /// - Throws: ``PatternProblem`` naming the first unsupported or malformed construct and its position.
    public init(_ source: String) throws(PatternProblem) {
        let scalars = Array(source.unicodeScalars)
        if scalars.count > Self.maximumPatternLength {
            throw PatternProblem(message: "it is longer than \(Self.maximumPatternLength) characters", offset: nil)
        }
        var parser = PatternParser(scalars: scalars)
        let tree = try parser.parse()
        var compiler = PatternCompiler()
        try compiler.emit(tree)
        compiler.program.append(.match)
        self.source = source
        self.program = compiler.program
    }

    /// Why `source` is not a usable pattern (`"backreferences such as '\1' are not supported …"`), or nil.
    public static func problem(with source: String) -> String? {
        do {
            _ = try LinearPattern(source)
            return nil
        } catch {
            return error.description
        }
    }

    public var description: String { source }

    public static func == (lhs: LinearPattern, rhs: LinearPattern) -> Bool { lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// Whether the whole of `text` matches, taking O(scalars × program size) time and O(program size) memory,
    /// with no limit on the steps (``match(_:stepLimit:)`` bounds them).
    public func wholeMatch(_ text: String) -> Bool { match(text, stepLimit: .max) == .matches }

    /// Matches the whole of `text`, stopping with ``WholeMatch/tooCostly`` once more than `stepLimit` steps
    /// (pattern states visited, summed over the scalars of `text`) have been taken: O(min(stepLimit,
    /// scalars × program size)) time and O(program size) memory.
    public func match(_ text: String, stepLimit: Int = maximumMatchSteps) -> WholeMatch {
        let count = program.count
        var mark = [Int](repeating: -1, count: count)
        var current: [Int] = []
        var next: [Int] = []
        var stack: [Int] = []
        var generation = 0
        var steps = 0
        addClosure(from: 0, generation: generation, mark: &mark, into: &current, stack: &stack, steps: &steps)
        for scalar in text.unicodeScalars {
            if current.isEmpty { return .doesNotMatch }
            if steps > stepLimit { return .tooCostly }
            generation += 1
            next.removeAll(keepingCapacity: true)
            steps += current.count
            for pc in current {
                if case .consume(let set) = program[pc], set.contains(scalar) {
                    addClosure(
                        from: pc + 1, generation: generation, mark: &mark, into: &next, stack: &stack, steps: &steps)
                }
            }
            swap(&current, &next)
        }
        return current.contains { if case .match = program[$0] { true } else { false } } ? .matches : .doesNotMatch
    }

    /// Adds the states reachable from `start` without consuming input, each at most once per generation,
    /// counting each state visited in `steps`.
    private func addClosure(
        from start: Int, generation: Int, mark: inout [Int], into list: inout [Int], stack: inout [Int],
        steps: inout Int
    ) {
        stack.append(start)
        while let pc = stack.popLast() {
            if mark[pc] == generation { continue }
            mark[pc] = generation
            steps += 1
            switch program[pc] {
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .consume, .match: list.append(pc)
            }
        }
    }
}

/// Why a pattern cannot be compiled: what is wrong and what to write instead.
public struct PatternProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and what to write instead.
    public var message: String
    /// The 0-based position, in Unicode scalars, of the construct at fault (nil for the whole pattern).
    public var offset: Int?

    public var description: String {
        guard let offset else { return message }
        return "\(message) (at character \(offset + 1) of the pattern)"
    }
}

/// One step of a compiled pattern.
enum PatternInstruction: Sendable {
    case consume(PatternCharacterSet)
    case split(Int, Int)
    case jump(Int)
    case match
}

/// The scalars one position of a pattern accepts.
struct PatternCharacterSet: Sendable {
    enum Item: Sendable {
        case range(UInt32, UInt32)
        case digit(negated: Bool)
        case word(negated: Bool)
        case space(negated: Bool)
        case anyButNewline
    }

    var items: [Item]
    var negated = false

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        items.contains { Self.item($0, contains: scalar) } != negated
    }

    private static func item(_ item: Item, contains scalar: Unicode.Scalar) -> Bool {
        switch item {
        case .range(let low, let high): return low <= scalar.value && scalar.value <= high
        case .digit(let negated): return isDigit(scalar) != negated
        case .word(let negated):
            return (scalar == "_" || scalar.properties.isAlphabetic || isDigit(scalar)) != negated
        case .space(let negated): return scalar.properties.isWhitespace != negated
        case .anyButNewline: return scalar != "\n"
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.numericType == .decimal
    }
}
