import FlowModel

/// One conditional choice on the way to a step: the host's answer to condition `condition` (an index into
/// the flow's `conditions`) that takes the branch.
struct StepChoice: Hashable, Sendable {
    var condition: Int
    var answer: Bool
}

/// One thing an action can do, with the conditional choices (`if`s) on the way to it: a `push`, a
/// `start`, a `replaceRoot`, a `show`, a `select`, a `finish`, a `pop`, a `popTo` or `stay` (never a
/// conditional). An action without `if`s has one leaf; one with N nested `if`s has one leaf per branch end.
struct StepLeaf: Hashable, Sendable {
    /// The action this leaf runs, never `.conditional`.
    var action: ActionNode
    /// The answers that lead to it, outermost `if` first; empty without `if`s.
    var choices: [StepChoice]

    /// The screen a `push` adds, or the child a `start` starts: what the step puts on top.
    var pushed: TargetNode? {
        switch action {
        case .push(let screen, _): .screen(screen)
        case .startChild(let child, _): .child(child)
        default: nil
        }
    }

    /// What a `replaceRoot` shows as the instance's first route.
    var replaced: TargetNode? {
        if case .replaceRoot(let target, _) = action { target } else { nil }
    }

    /// What a `show` (in a `start`) shows as the instance's first route.
    var shown: TargetNode? {
        if case .show(let target, _) = action { target } else { nil }
    }

    /// The arguments the leaf passes to what it pushes, starts or shows (empty for other kinds).
    var arguments: [ArgumentNode] {
        switch action {
        case .push(_, let arguments), .startChild(_, let arguments), .replaceRoot(_, let arguments),
            .show(_, let arguments):
            arguments
        default: []
        }
    }

    /// Whether the answers `answer` gives (by condition index) lead to this leaf.
    func isChosen(by answer: (Int) -> Bool) -> Bool { choices.allSatisfy { answer($0.condition) == $0.answer } }

    /// The position in ``choices`` of the first `if` whose answer now (`answer`) skips this leaf; nil when
    /// the answers lead to it.
    func firstSkippingChoice(_ answer: (Int) -> Bool) -> Int? {
        choices.firstIndex { answer($0.condition) != $0.answer }
    }
}

/// One place where an action is written — a flow's `start`, an event of a screen, an outcome handler of a
/// child declaration — as the leaves it can end in, in the order the action is written (`then` before
/// `else`), with the names its `$name` arguments may take from what the person or the child gave.
struct StepSite: Hashable, Sendable {
    var leaves: [StepLeaf]
    /// The parameters an event's parameters (for an event) or an outcome's values (for a handler) fill, by
    /// name: a `$name` among them may be any value that parameter takes. Empty for a `start`.
    var given: [String: ParameterNode]

    /// The leaves of `action`, `then` before `else`. An explicit stack, not recursion: a decoded bundle's
    /// nesting of conditionals is not trusted.
    init(_ action: ActionNode, given: [ParameterNode] = []) {
        var leaves: [StepLeaf] = []
        var pending: [(ActionNode, [StepChoice])] = [(action, [])]
        while let (current, choices) = pending.popLast() {
            if case .conditional(let condition, let then, let otherwise) = current {
                pending.append((otherwise, choices + [StepChoice(condition: condition, answer: false)]))
                pending.append((then, choices + [StepChoice(condition: condition, answer: true)]))
            } else {
                leaves.append(StepLeaf(action: current, choices: choices))
            }
        }
        self.leaves = leaves
        // Of two parameters with one name the last wins, as when arguments are bound.
        self.given = Dictionary(given.map { ($0.name, $0) }, uniquingKeysWith: { $1 })
    }

    /// The leaf the answers `answer` lead to (exactly one for a well-formed action).
    func chosen(by answer: (Int) -> Bool) -> StepLeaf? { leaves.first { $0.isChosen(by: answer) } }
}

extension StepLeaf {
    /// What the leaf shows: the target of a `push`, `start`, `replaceRoot` or `show`.
    var destination: TargetNode? { pushed ?? replaced ?? shown }
}
