import FlowModel
import FlowRuntime

/// The host's answers in one explored state: each host condition the explorer turns (false unless set),
/// and each argument check it answers both ways for one value (true unless set). Part of the state's key:
/// the same navigation state with other answers is another state.
struct HostAnswers: Hashable {
    /// Aligned with ``ExplorationHost/conditionNames``.
    var conditions: [Bool]
    /// Aligned with ``ExplorationHost/checks``.
    var checks: [Bool]

    /// Whether every check answers true, as a host that knows every value does.
    var everyCheckPasses: Bool { !checks.contains(false) }

    /// The answers as bits: bit `i` of `conditions` is `conditions[i]`, of `checks` is `checks[i]` (the first
    /// 64 of each: ``ExplorationHost/tracksEveryAnswer``).
    var bits: (conditions: UInt64, checks: UInt64) {
        (Self.bits(of: conditions), Self.bits(of: checks))
    }

    private static func bits(of answers: [Bool]) -> UInt64 {
        var bits: UInt64 = 0
        for (index, answer) in answers.prefix(64).enumerated() where answer { bits |= 1 << UInt64(index) }
        return bits
    }
}

/// The host of the explored coordinator: it answers from ``answers``, which the explorer sets to each
/// state's before running a step from it, as a `flowc run` script's `condition` and `check` lines set
/// them (a check's value is matched by its text, as `flowc run` matches it).
@MainActor
final class ExplorationHost {
    /// Every host condition the root flow and the flows it can run as children (at any depth) declare:
    /// the others cannot change what this coordinator does.
    let conditionNames: [String]
    /// The argument checks answered both ways: each check a parameter of those flows names, with each
    /// value the explorer can pass it (a witness of the parameter, its default, a deep link's placeholder
    /// witness, a value an event or outcome passes on: ``ActionWitnesses/checkedValues``), as the value's text.
    let checks: [(name: String, value: String)]
    var answers: HostAnswers
    private let conditionIndex: [String: Int]
    private let checkIndex: [String: [String: Int]]

    /// The host of an exploration of root flow `root`: the flows it can run (``ExplorationActions/reachableFlows(of:in:)``)
    /// and the values `witnesses` passes on.
    init(bundle: FlowBundle, root: Int, witnesses: ActionWitnesses) {
        let flows = ExplorationActions.reachableFlows(of: root, in: bundle)
        let linkWitnesses: [Value] = [.int(1), .double(1), .bool(true), .string("a")]
        conditionNames = Array(Set(flows.flatMap { bundle.flows[$0].conditions })).sorted()
        var values = witnesses.checkedValues
        func add(_ parameter: ParameterNode) {
            guard let check = parameter.constraints.check else { return }
            var candidates = [ArgumentWitness.valid(parameter)].compactMap { parameter.type.parse($0) }
            if let value = parameter.defaultValue { candidates.append(value) }
            candidates += linkWitnesses.filter { $0.type == parameter.type }
            for value in candidates { values[check, default: []].insert(value.description) }
        }
        for flow in flows.sorted() {
            let graph = bundle.flows[flow]
            graph.parameters.forEach(add)
            for screen in graph.screens {
                screen.parameters.forEach(add)
                for event in screen.events { event.parameters.forEach(add) }
            }
            for outcome in graph.outcomes.indices { graph.parameters(ofOutcome: outcome).forEach(add) }
        }
        checks = values.keys.sorted().flatMap { name in values[name]!.sorted().map { (name, $0) } }
        answers = HostAnswers(
            conditions: Array(repeating: false, count: conditionNames.count),
            checks: Array(repeating: true, count: checks.count))
        conditionIndex = Dictionary(uniqueKeysWithValues: conditionNames.enumerated().map { ($1, $0) })
        var byName: [String: [String: Int]] = [:]
        for (index, check) in checks.enumerated() { byName[check.name, default: [:]][check.value] = index }
        checkIndex = byName
    }

    /// The answers the coordinator asked for since ``startReading()``: bit `i` of `conditions` is set when
    /// it asked condition `conditionNames[i]`, of `checks` when it asked `checks[i]` (the first 64 of each;
    /// ``tracksEveryAnswer`` says whether that is all). What ``UnreadAnswerSteps`` keys a step's reuse on.
    private(set) var read: (conditions: UInt64, checks: UInt64) = (0, 0)
    /// Whether ``read`` can name every answer: at most 64 conditions and 64 checks.
    var tracksEveryAnswer: Bool { conditionNames.count <= 64 && checks.count <= 64 }

    /// Forgets the answers read so far: ``read`` then names those the coordinator asks for from here on.
    func startReading() { read = (0, 0) }

    /// The coordinator's host: it reads ``answers`` at the moment the coordinator asks, and notes which it
    /// asked for (``read``).
    var host: FlowHost {
        FlowHost(
            condition: { [unowned self] name in
                guard let index = conditionIndex[name] else { return false }
                if index < 64 { read.conditions |= 1 << UInt64(index) }
                return answers.conditions[index]
            },
            check: { [unowned self] name, value in
                guard let index = checkIndex[name]?[value.description] else { return true }
                if index < 64 { read.checks |= 1 << UInt64(index) }
                return answers.checks[index]
            })
    }

    /// Sets condition `name` or check `name` for `value` in `answers`; false when the explorer does not turn it.
    func set(_ command: (name: String, value: String?, answer: Bool), in answers: inout HostAnswers) -> Bool {
        if let value = command.value {
            guard let index = checkIndex[command.name]?[value] else { return false }
            answers.checks[index] = command.answer
        } else {
            guard let index = conditionIndex[command.name] else { return false }
            answers.conditions[index] = command.answer
        }
        return true
    }
}
