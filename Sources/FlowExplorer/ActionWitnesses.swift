import FlowModel

/// The valid arguments the explorer passes for each event and each outcome of a bundle (docs/RUNNING.md,
/// "Checking flows"): for each parameter, a value that meets its own constraints and, when one exists, those
/// of every parameter the value is passed to on the way — the screen or child the action pushes, shows or
/// starts, the routes of a `select`, the outcome it finishes with, and from there what each parent's handler
/// of that outcome passes the value to (a `select` with `routes` into another tab, a push), through every
/// handler that finishes in turn, up the containers. So `open(n: 1…9)` that pushes `item(n: 5…9)` is sent
/// with `n=5`, not with `n=1`, which the push refuses: the explorer would count the event refused in every
/// state (FC807) and the outcome carrying the value going nowhere (FC810) though they run for `n` from 5 to 9.
/// Where no value meets them all, the parameter's own witness is passed (``ArgumentWitness/valid(_:)``), and
/// a refusal is then what every valid value would meet. Built once per exploration.
struct ActionWitnesses {
    /// Event operands (`name` → value text) that differ from the parameters' own witnesses, by flow, screen and
    /// event index; only those are kept (most apps pass no value on to a narrower parameter: none).
    private let events: [Int: [Int: [Int: [String: String]]]]
    /// The same for outcomes, by flow and outcome index: what finishing an instance through a kept handle passes.
    private let outcomes: [Int: [Int: [String: String]]]
    /// The values passed for parameters that name a host `check`, where they differ from the parameters' own
    /// witnesses: by check name, each value's text. The explorer answers those checks both ways for them too
    /// (``ExplorationHost``), as it does for the own witnesses.
    let checkedValues: [String: Set<String>]

    init(bundle: FlowBundle) {
        // The handlers that run when a flow finishes with an outcome: by child flow and outcome, each with the
        // flow that runs it (every declaration of the flow as a child, tabs and items included).
        var handlers: [Int: [Int: [(flow: Int, action: ActionNode)]]] = [:]
        for (parent, graph) in bundle.flows.enumerated() {
            for child in graph.children {
                for (outcome, action) in child.handlers.enumerated() {
                    handlers[child.flow, default: [:]][outcome, default: []].append((parent, action))
                }
            }
        }
        var checked: [String: Set<String>] = [:]
        /// The operands that differ from the parameters' own witnesses.
        func operands(_ parameters: [ParameterNode], runs actions: [(flow: Int, action: ActionNode)]) -> [String:
            String]
        {
            guard !parameters.isEmpty else { return [:] }
            let fed = Self.fed(by: actions, names: parameters.map(\.name), bundle: bundle, handlers: handlers)
            var chosen: [String: String] = [:]
            for parameter in parameters {
                let value = ArgumentWitness.valid(parameter, feeding: fed[parameter.name] ?? [])
                guard value != ArgumentWitness.valid(parameter) else { continue }
                chosen[parameter.name] = value
                if let check = parameter.constraints.check, let parsed = parameter.type.parse(value) {
                    checked[check, default: []].insert(parsed.description)
                }
            }
            return chosen
        }
        var events: [Int: [Int: [Int: [String: String]]]] = [:]
        var outcomes: [Int: [Int: [String: String]]] = [:]
        for (flow, graph) in bundle.flows.enumerated() {
            for (screen, node) in graph.screens.enumerated() {
                for (event, declared) in node.events.enumerated() {
                    let chosen = operands(declared.parameters, runs: [(flow, declared.action)])
                    if !chosen.isEmpty { events[flow, default: [:]][screen, default: [:]][event] = chosen }
                }
            }
            for outcome in graph.outcomes.indices {
                let chosen = operands(graph.parameters(ofOutcome: outcome), runs: handlers[flow]?[outcome] ?? [])
                if !chosen.isEmpty { outcomes[flow, default: [:]][outcome] = chosen }
            }
        }
        self.events = events
        self.outcomes = outcomes
        checkedValues = checked
    }

    /// The valid operands of event `event` of screen `screen` of flow `flow` that differ from the own witnesses.
    func event(_ event: Int, of screen: Int, in flow: Int) -> [String: String] {
        events[flow]?[screen]?[event] ?? [:]
    }

    /// The valid operands of outcome `outcome` of flow `flow` that differ from the own witnesses.
    func outcome(_ outcome: Int, of flow: Int) -> [String: String] {
        outcomes[flow]?[outcome] ?? [:]
    }

    /// The parameters each of `names` is passed to when `actions` run with the names in scope: what each
    /// action passes them to directly (``ArgumentWitness/passed(by:in:bundle:)``), then, for each `finish`
    /// that passes one on as an outcome's parameter, what the handlers of that outcome pass it to, and so on
    /// up. A list of actions still to read, not recursion (nesting is as deep as the files make it); each
    /// outcome parameter carries each name once, so the walk ends.
    private static func fed(
        by actions: [(flow: Int, action: ActionNode)], names: [String], bundle: FlowBundle,
        handlers: [Int: [Int: [(flow: Int, action: ActionNode)]]]
    ) -> [String: [ParameterNode]] {
        var fed: [String: [ParameterNode]] = [:]
        // Each action with its scope: the name it reads (`$name`) → the names it carries. Lists in the files'
        // order, not sets, so the walk does the same in every run (a set's order changes from run to run).
        var scope: [String: [String]] = [:]
        for name in names where scope[name] == nil { scope[name] = [name] }
        var pending = actions.map { (flow: $0.flow, action: $0.action, scope: scope) }
        var carried: Set<String> = []
        while let next = pending.popLast() {
            for (name, parameter) in ArgumentWitness.passed(by: next.action, in: next.flow, bundle: bundle) {
                for original in next.scope[name] ?? [] { fed[original, default: []].append(parameter) }
            }
            for (outcome, arguments) in ArgumentWitness.finished(by: next.action) {
                // In the parents' handlers `$name` reads the outcome's parameters first.
                var passedOn: [String: [String]] = [:]
                for argument in arguments {
                    guard case .parameter(let name) = argument.source else { continue }
                    for original in next.scope[name] ?? []
                    where carried.insert("\(next.flow) \(outcome) \(argument.name) \(original)").inserted {
                        passedOn[argument.name, default: []].append(original)
                    }
                }
                guard !passedOn.isEmpty else { continue }
                for handler in handlers[next.flow]?[outcome] ?? [] {
                    pending.append((handler.flow, handler.action, passedOn))
                }
            }
        }
        return fed
    }
}
