/// The structural checks ``BundleCodec/decode(_:)`` runs after the content hash, so that a bundle the
/// coordinator would crash or loop on is refused when it is read, not when it runs.
///
/// The content hash catches accidental damage only: anyone can edit a bundle and store a matching hash.
/// These checks make every index the runtime follows valid and every step finite, whatever the file says.
extension FlowBundle {
    /// The first structural problem of the bundle, or nil when the coordinator can run it:
    /// - flows are sorted by name with no name twice (``flowIndex(named:)`` searches them);
    /// - every index (flow, screen, child, outcome, condition, redirect, fallback) is in range, and a
    ///   child's handlers are one per outcome of its flow;
    /// - a flow's `start` is only `show` and `conditional` (other actions would act on a half-built
    ///   instance), and no flow's start starts, through children's starts, the same flow again (which
    ///   would start children forever);
    /// - every parameter's constraints can be applied (of a flow, a screen, an event or an outcome): a
    ///   `pattern` compiles (``LinearPattern``; one that does not would refuse every value), and length
    ///   bounds are not negative.
    public func integrityProblem() -> String? {
        for index in flows.indices.dropFirst() where !(flows[index - 1].name < flows[index].name) {
            return
                "flows are not sorted by name with unique names ('\(flows[index - 1].name)' before '\(flows[index].name)')"
        }
        // Each flow is checked on its own (reading the others' outcome counts only), on all cores for a large
        // bundle; the first problem in flow order is reported.
        let screens = flows.reduce(0) { $0 + $1.screens.count }
        let problems = ParallelMap.map(
            count: flows.count, work: screens, parallelFrom: ParallelMap.bundleScreensForParallelWork
        ) {
            index in problem(in: flows[index])
        }
        if let index = problems.firstIndex(where: { $0 != nil }), let problem = problems[index] {
            return "flow '\(flows[index].name)': \(problem)"
        }
        return startCycle()
    }

    private func problem(in graph: FlowGraph) -> String? {
        if let problem = startProblem(graph.start, in: graph) { return "start: \(problem)" }
        if let parameters = graph.outcomeParameters, parameters.count != graph.outcomes.count {
            return "\(parameters.count) outcome parameter lists for \(graph.outcomes.count) outcomes"
        }
        if let problem = Self.parametersProblem(graph.parameters) { return problem }
        for (outcome, parameters) in zip(graph.outcomes, graph.outcomeParameters ?? []) {
            if let problem = Self.parametersProblem(parameters) { return "outcome '\(outcome)': \(problem)" }
        }
        for screen in graph.screens {
            if let problem = Self.parametersProblem(screen.parameters) { return "screen '\(screen.name)': \(problem)" }
            for event in screen.events {
                if let problem = Self.parametersProblem(event.parameters) {
                    return "screen '\(screen.name)', event '\(event.name)': \(problem)"
                }
            }
        }
        for screen in graph.screens {
            if let outcome = screen.confirmOutcome, !graph.outcomes.indices.contains(outcome) {
                return "screen '\(screen.name)': outcome index \(outcome) is out of range"
            }
            if let condition = screen.confirmCondition, !graph.conditions.indices.contains(condition) {
                return "screen '\(screen.name)': confirm condition index \(condition) is out of range"
            }
            for event in screen.events {
                if let problem = actionProblem(event.action, in: graph) {
                    return "screen '\(screen.name)', event '\(event.name)': \(problem)"
                }
            }
        }
        for child in graph.children {
            guard flows.indices.contains(child.flow) else {
                return "child '\(child.name)': flow index \(child.flow) is out of range"
            }
            let outcomes = flows[child.flow].outcomes.count
            guard child.handlers.count == outcomes else {
                return "child '\(child.name)': \(child.handlers.count) handlers for \(outcomes) outcomes"
            }
            for handler in child.handlers {
                if let problem = actionProblem(handler, in: graph) { return "child '\(child.name)': \(problem)" }
            }
        }
        for link in graph.links {
            if let problem = routesProblem(link.routes, in: graph).problem {
                return "link '\(link.pattern)': \(problem)"
            }
            guard let otherwise = link.otherwise else { continue }
            let (problem, guarding) = routesProblem(otherwise.routes, in: graph)
            if let problem { return "link '\(link.pattern)', otherwise: \(problem)" }
            if let outcome = otherwise.continueOn {
                guard let guarding, flows[guarding].outcomes.indices.contains(outcome) else {
                    return
                        "link '\(link.pattern)': continueOn outcome \(outcome) is not an outcome of a child of 'otherwise'"
                }
            }
        }
        var tabChildren = Set<Int>()
        for tab in graph.tabs {
            guard graph.children.indices.contains(tab.child) else {
                return "tab: child index \(tab.child) is out of range"
            }
            guard tabChildren.insert(tab.child).inserted else {
                return "tab '\(graph.children[tab.child].name)' is listed twice"
            }
            // A presented tab is a tab-bar item that presents (format 1.3); the tab selected first has a stack.
        }
        if !graph.tabs.isEmpty, !graph.tabs.indices.contains(where: { !graph.tabPresents($0) }) {
            return "every tab of the tab set is a tab-bar item that presents; one tab at least has a stack"
        }
        if let screen = graph.linkRedirect, !graph.screens.indices.contains(screen) {
            return "linkRedirect: screen index \(screen) is out of range"
        }
        if let screen = graph.linkFallback, !graph.screens.indices.contains(screen) {
            return "linkFallback: screen index \(screen) is out of range"
        }
        if let renames = graph.renames {
            // Checked one by one: a list of the four pairs would be an allocation per flow read.
            if let problem = Self.renamesProblem("screens", renames.screens.count, graph.screens.count)
                ?? Self.renamesProblem("children", renames.children.count, graph.children.count)
                ?? Self.renamesProblem("outcomes", renames.outcomes.count, graph.outcomes.count)
                ?? Self.renamesProblem("links", renames.linkAliases.count, graph.links.count)
            {
                return problem
            }
        }
        return nil
    }

    private static func renamesProblem(_ name: String, _ count: Int, _ expected: Int) -> String? {
        count == expected ? nil : "renames: \(count) lists of former \(name) for \(expected) \(name)"
    }

    /// The first parameter whose constraints cannot be applied: a `pattern` that does not compile, a
    /// negative length bound.
    private static func parametersProblem(_ parameters: [ParameterNode]) -> String? {
        for parameter in parameters {
            let constraints = parameter.constraints
            // Decoding compiled the pattern already (`linearPattern`); it is compiled again only to say why it failed.
            if let pattern = constraints.pattern, constraints.linearPattern == nil,
                let problem = LinearPattern.problem(with: pattern)
            {
                return
                    "parameter '\(parameter.name)': pattern \(ParameterConstraints.quoted(pattern, shortened: true)) does not compile: \(problem)"
            }
            if let bound = constraints.minimumLength, bound < 0 {
                return "parameter '\(parameter.name)': minLength \(bound) is negative"
            }
            if let bound = constraints.maximumLength, bound < 0 {
                return "parameter '\(parameter.name)': maxLength \(bound) is negative"
            }
        }
        return nil
    }

    /// The first problem of a route list, or nil, with the index of the flow of its last child route. Flows
    /// are passed by index: a `FlowGraph` copy retains every one of its arrays.
    private func routesProblem(_ routes: [LinkRouteNode], in graph: FlowGraph) -> (
        problem: String?, lastChildFlow: Int?
    ) {
        var current: Int?
        for route in routes {
            let problem =
                if let current { targetProblem(route.target, in: flows[current]) } else {
                    targetProblem(route.target, in: graph)
                }
            if let problem { return (problem, nil) }
            if case .child(let child) = route.target {
                current = if let current { flows[current].children[child].flow } else { graph.children[child].flow }
            }
        }
        return (nil, current)
    }

    private func startProblem(_ action: ActionNode, in graph: FlowGraph) -> String? {
        switch action {
        case .show(let target, _):
            return targetProblem(target, in: graph)
        case .conditional(let condition, let then, let otherwise):
            guard graph.conditions.indices.contains(condition) else {
                return "condition index \(condition) is out of range"
            }
            return startProblem(then, in: graph) ?? startProblem(otherwise, in: graph)
        default:
            return "only show and conditional may start a flow"
        }
    }

    private func actionProblem(_ action: ActionNode, in graph: FlowGraph) -> String? {
        switch action {
        case .push(let screen, _), .popTo(let screen):
            return targetProblem(.screen(screen), in: graph)
        case .startChild(let child, _):
            return targetProblem(.child(child), in: graph)
        case .replaceRoot(let target, _), .show(let target, _):
            return targetProblem(target, in: graph)
        case .finish(let outcome, _):
            return graph.outcomes.indices.contains(outcome) ? nil : "outcome index \(outcome) is out of range"
        case .conditional(let condition, let then, let otherwise):
            guard graph.conditions.indices.contains(condition) else {
                return "condition index \(condition) is out of range"
            }
            return actionProblem(then, in: graph) ?? actionProblem(otherwise, in: graph)
        case .pop, .stay, .select:
            return nil
        case .selectShowing(let routes):
            if let problem = routesProblem(routes, in: graph).problem { return problem }
            guard case .child(let child)? = routes.first?.target, graph.stackTabIndex(ofChild: child) != nil else {
                return "a select with routes does not begin with a tab of flow '\(graph.name)'"
            }
            return nil
        }
    }

    private func targetProblem(_ target: TargetNode, in graph: FlowGraph) -> String? {
        switch target {
        case .screen(let screen):
            return graph.screens.indices.contains(screen) ? nil : "screen index \(screen) is out of range"
        case .child(let child):
            guard graph.children.indices.contains(child) else { return "child index \(child) is out of range" }
            let flow = graph.children[child].flow
            return flows.indices.contains(flow)
                ? nil : "child '\(graph.children[child].name)': flow index \(flow) is out of range"
        }
    }

    /// A flow whose start reaches itself through the starts of the children it shows. Runs after every
    /// index was checked.
    private func startCycle() -> String? {
        func shownChildren(_ action: ActionNode, in graph: FlowGraph) -> [Int] {
            switch action {
            case .show(.child(let child), _): return [graph.children[child].flow]
            case .conditional(_, let then, let otherwise):
                return shownChildren(then, in: graph) + shownChildren(otherwise, in: graph)
            default: return []
            }
        }
        let edges = flows.map { shownChildren($0.start, in: $0) }
        // Depth-first search with colours: 0 unvisited, 1 on the stack, 2 done.
        var colour = Array(repeating: 0, count: flows.count)
        for origin in flows.indices where colour[origin] == 0 {
            var stack: [(flow: Int, next: Int)] = [(origin, 0)]
            colour[origin] = 1
            while let (flow, next) = stack.last {
                guard next < edges[flow].count else {
                    colour[flow] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let target = edges[flow][next]
                if colour[target] == 1 {
                    return "flow '\(flows[target].name)' starts itself again through the starts of its children"
                }
                if colour[target] == 0 {
                    colour[target] = 1
                    stack.append((target, 0))
                }
            }
        }
        return nil
    }
}
