import FlowModel

/// Whether a child instance's arguments are ones a step could have given it, on top of the route of its
/// parent it runs above: what a restore checks, so a snapshot cannot pair a route with a child that
/// route never starts that way (`details(bookID: 7)` under an `edit` instance of book 8).
///
/// Every way a step starts the child there is one recipe: an event of the route's screen, an outcome
/// handler of a child that can run above the route, or two consecutive routes of one of the root flow's
/// deep links. Each recipe fixes some of the child's parameters — a literal, a `$name` resolved from the
/// route's or the parent instance's arguments, a default — and leaves the others open: a `$name` that an
/// event's parameters, an outcome's values or a link placeholder not shared with the route provide could
/// be anything. The arguments are accepted when one recipe agrees with every parameter it fixes.
struct ChildStartArguments {
    private let bundle: FlowBundle
    private let rootFlow: Int

    init(bundle: FlowBundle, rootFlow: Int) {
        self.bundle = bundle
        self.rootFlow = rootFlow
    }

    /// Whether some step starts child declaration `child` of the instance of flow `flow` (arguments
    /// `instanceValues`) with `values` (bound to the child flow's parameters) on top of `route`.
    func agree(child: Int, of flow: Int, values: [Value], onTopOf route: Route, instanceValues: [Value]) -> Bool {
        let graph = bundle.flows[flow]
        let parameters = bundle.flows[graph.children[child].flow].parameters
        let routeFrame = ArgumentFrame.bound(parameters: route.parameters, values: route.values)
        let instanceFrame = ArgumentFrame.bound(parameters: graph.parameters, values: instanceValues)
        var found = false
        var considered = false
        func consider(_ arguments: [ArgumentNode], open: (String) -> Bool, resolve: (String) -> Value?) {
            considered = true
            guard !found else { return }
            found = ArgumentRecipe.agrees(arguments, parameters: parameters, values: values) {
                open($0) ? nil : resolve($0)
            }
        }
        let scope = ArgumentScope(routeFrame, instanceFrame)
        let screen = graph.screens[route.screenIndex]
        var children: [Int] = []
        for event in screen.events {
            Self.starts(of: child, in: event.action, children: &children) { arguments in
                consider(
                    arguments, open: { name in event.parameters.contains { $0.name == name } },
                    resolve: scope.value(named:))
            }
        }
        // Handlers of the children that can run above the route (started by its events, or by their handlers).
        var seen = Set(children)
        while let running = children.popLast() {
            let childFlow = bundle.flows[graph.children[running].flow]
            for (outcome, handler) in graph.children[running].handlers.enumerated() {
                let outcomeParameters = childFlow.parameters(ofOutcome: outcome)
                var started: [Int] = []
                Self.starts(of: child, in: handler, children: &started) { arguments in
                    consider(
                        arguments, open: { name in outcomeParameters.contains { $0.name == name } },
                        resolve: scope.value(named:))
                }
                for next in started where seen.insert(next).inserted { children.append(next) }
            }
        }
        for link in bundle.flows[rootFlow].links {
            linkRecipes(link.routes, flow: flow, route: route, child: child, consider: consider)
        }
        // Without any recipe, the reachability check of the restore has already refused the state.
        return found || !considered
    }

    /// Calls `found` with the arguments of every start of `child` in `action` (either conditional
    /// branch), and adds every child the action starts to `children`.
    private static func starts(
        of child: Int, in action: CompiledAction, children: inout [Int], found: ([ArgumentNode]) -> Void
    ) {
        switch action {
        case .startChild(let started, let arguments):
            children.append(started)
            if started == child { found(arguments) }
        case .conditional(_, let then, let otherwise):
            starts(of: child, in: then, children: &children, found: found)
            starts(of: child, in: otherwise, children: &children, found: found)
        default:
            break
        }
    }

    /// The recipes of a link's route list: a route at `route`'s screen followed by the child route. After
    /// a screen route, a placeholder the child's argument shares with it is that route's value; after a
    /// child route (whose flow's `start` shows the screen), and for any other placeholder, it is open.
    private func linkRecipes(
        _ routes: [LinkRouteNode], flow: Int, route: Route, child: Int,
        consider: ([ArgumentNode], (String) -> Bool, (String) -> Value?) -> Void
    ) {
        var current = rootFlow
        // The screens the previous route may show, with the placeholders it shares (by placeholder).
        var previous: [(screen: Int, shared: [String: Value])] = []
        for node in routes {
            if current == flow, case .child(let started) = node.target, started == child {
                for candidate in previous where candidate.screen == route.screenIndex {
                    let shared = candidate.shared
                    consider(node.arguments, { shared[$0] == nil }, { shared[$0] })
                }
            }
            switch node.target {
            case .screen(let screen):
                var shared: [String: Value] = [:]
                if current == flow, screen == route.screenIndex {
                    for argument in node.arguments {
                        guard case .parameter(let placeholder) = argument.source,
                            let position = route.parameters.lastIndex(named: argument.name)
                        else { continue }
                        shared[placeholder] = route.values[position]
                    }
                }
                previous = [(screen, shared)]
            case .child(let started):
                current = bundle.flows[current].children[started].flow
                previous = Self.shownScreens(bundle.flows[current].start).map { ($0, [:]) }
            }
        }
    }

    /// The screens a flow's `start` shows (either branch of a conditional).
    private static func shownScreens(_ action: CompiledAction) -> [Int] {
        switch action {
        case .show(.screen(let screen), _): [screen]
        case .conditional(_, let then, let otherwise): shownScreens(then) + shownScreens(otherwise)
        default: []
        }
    }
}
