extension LinearPattern {
    /// The most `minimumLength` ``example(minimumLength:maximumLength:)`` searches for: past it, nil.
    package static let maximumExampleLength = 256

    /// A shortest text that the whole pattern matches, with at least `minimumLength` and at most
    /// `maximumLength` Unicode scalars, or nil when there is none (or `minimumLength` is past
    /// ``maximumExampleLength``). Each scalar is the first of `a`, `0`, `A`, `@`, `.`, `-`, `_`, `x`,
    /// `1` that the pattern accepts there, else the low end of one of its ranges (never a blank, `#`, `"`
    /// or a control character, so the text is one `flowc run` script word). What a tool that explores
    /// flows passes as an argument a `pattern` constrains (FlowExplorer's witnesses).
    ///
    /// Breadth first over (pattern state, length so far up to `minimumLength`): O(program size ×
    /// `minimumLength`) time and memory.
    package func example(minimumLength: Int = 0, maximumLength: Int? = nil) -> String? {
        guard minimumLength <= Self.maximumExampleLength else { return nil }
        let floor = max(0, minimumLength)
        struct Step {
            var state: Int
            var parent: Int
            var scalar: Unicode.Scalar?
            var length: Int
        }
        var steps: [Step] = []
        var seen: Set<Int> = []
        func key(_ pc: Int, _ length: Int) -> Int { pc * (floor + 1) + min(length, floor) }
        func enqueue(from pc: Int, parent: Int, scalar: Unicode.Scalar?, length: Int) {
            var stack = [pc]
            var visited: Set<Int> = []
            while let current = stack.popLast() {
                guard visited.insert(current).inserted else { continue }
                switch program[current] {
                case .jump(let target): stack.append(target)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .consume, .match:
                    if seen.insert(key(current, length)).inserted {
                        steps.append(Step(state: current, parent: parent, scalar: scalar, length: length))
                    }
                }
            }
        }
        enqueue(from: 0, parent: -1, scalar: nil, length: 0)
        var next = 0
        while next < steps.count {
            let step = steps[next]
            if let maximumLength, step.length > maximumLength { return nil }
            switch program[step.state] {
            case .match where step.length >= floor:
                var scalars: [Unicode.Scalar] = []
                var position = next
                while position >= 0 {
                    if let scalar = steps[position].scalar { scalars.append(scalar) }
                    position = steps[position].parent
                }
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars.reversed())
                return text
            case .consume(let set):
                if let scalar = set.sample() {
                    enqueue(from: step.state + 1, parent: next, scalar: scalar, length: step.length + 1)
                }
            default: break
            }
            next += 1
        }
        return nil
    }
}

extension PatternCharacterSet {
    /// A scalar of the set that is one script word on its own (see ``LinearPattern/example(minimumLength:maximumLength:)``).
    func sample() -> Unicode.Scalar? {
        let preferred: [Unicode.Scalar] = ["a", "0", "A", "@", ".", "-", "_", "x", "1"]
        if let scalar = preferred.first(where: contains) { return scalar }
        for item in items {
            guard case .range(let low, let high) = item, !negated else { continue }
            for value in low...min(high, low + 64) {
                guard let scalar = Unicode.Scalar(value), value > 0x20, value != 0x7F, scalar != "#", scalar != "\"",
                    !scalar.properties.isWhitespace, contains(scalar)
                else { continue }
                return scalar
            }
        }
        return nil
    }
}
