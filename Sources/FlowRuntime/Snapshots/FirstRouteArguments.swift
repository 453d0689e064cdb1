import FlowModel

/// Whether the first route of a restored instance — its first screen, or the child that an instance
/// without routes of its own runs (a start's child, a tab) — has arguments a step could have given it:
/// what a restore checks, so a snapshot cannot show `details(bookID: 8)` first where the flow's
/// `start: { details: { bookID: $bookID } }` gives the instance's `bookID: 7`, nor start a tab with
/// arguments its tab entry does not pass.
///
/// Every way a step shows the target first is one recipe: the flow's `start` (either branch of an `if`),
/// a tab entry, a `replaceRoot` of an event or an outcome handler, a child a tab flow's handler presents
/// over its tab bar, and, for the root flow, the first route of a deep link or the `linkFallback` screen.
/// A recipe fixes a parameter by a literal, a default, or a `$name` that only the instance's arguments
/// fill; a `$name` that an event's or an outcome's parameters, a route's arguments or a link placeholder
/// may fill is open. The arguments are accepted when one recipe agrees with every parameter it fixes.
struct FirstRouteArguments {
    private let bundle: FlowBundle
    private let rootFlow: Int

    init(bundle: FlowBundle, rootFlow: Int) {
        self.bundle = bundle
        self.rootFlow = rootFlow
    }

    /// Whether some step shows `target` first in an instance of `flow` (arguments `instanceValues`) with
    /// `values` (bound to the target's parameters: the screen's, or the child flow's).
    func agree(_ target: TargetNode, in flow: Int, values: [Value], instanceValues: [Value]) -> Bool {
        let graph = bundle.flows[flow]
        let parameters: [ParameterNode]
        switch target {
        case .screen(let screen): parameters = graph.screens[screen].parameters
        case .child(let child): parameters = bundle.flows[graph.children[child].flow].parameters
        }
        let instance = ArgumentFrame.bound(parameters: graph.parameters, values: instanceValues)
        var found = false
        var considered = false
        func consider(_ arguments: [ArgumentNode], open: (String) -> Bool) {
            considered = true
            guard !found else { return }
            found = ArgumentRecipe.agrees(arguments, parameters: parameters, values: values) {
                open($0) ? nil : instance.value(named: $0)
            }
        }
        Self.shows(target, in: graph.start, starting: true) { consider($0) { _ in false } }
        for tab in graph.tabs where target == .child(tab.child) { consider(tab.arguments) { _ in false } }
        for screen in graph.screens {
            for event in screen.events {
                Self.shows(target, in: event.action, starting: false) { arguments in
                    consider(arguments) {
                        event.parameters.contains(named: $0) || screen.parameters.contains(named: $0)
                    }
                }
            }
        }
        // A handler's `$name` may also come from the route its child ran on: any screen's parameter.
        let screenParameters = Set(graph.screens.flatMap { $0.parameters.map(\.name) })
        for child in graph.children {
            let childFlow = bundle.flows[child.flow]
            for (outcome, handler) in child.handlers.enumerated() {
                let outcomeParameters = childFlow.parameters(ofOutcome: outcome)
                Self.shows(target, in: handler, starting: false, presenting: !graph.tabs.isEmpty) { arguments in
                    consider(arguments) { outcomeParameters.contains(named: $0) || screenParameters.contains($0) }
                }
            }
        }
        if flow == rootFlow {
            for link in graph.links where link.routes.first?.target == target {
                consider(link.routes.first?.arguments ?? []) { _ in true }
            }
            for link in graph.links where link.otherwise?.routes.first?.target == target {
                consider(link.otherwise?.routes.first?.arguments ?? []) { _ in true }
            }
            if let fallback = graph.linkFallback, target == .screen(fallback) { consider([]) { _ in false } }
        }
        // Without any recipe, the reachability check of the restore has already refused the state.
        return found || !considered
    }

    /// Calls `found` with the arguments of every way `action` shows `target` first: a `replaceRoot`, a
    /// start's `show` (when `starting`), or a child started over a tab bar (when `presenting`).
    private static func shows(
        _ target: TargetNode, in action: CompiledAction, starting: Bool, presenting: Bool = false,
        found: ([ArgumentNode]) -> Void
    ) {
        var pending = [action]
        while let action = pending.popLast() {
            switch action {
            case .show(let shown, let arguments) where starting && shown == target: found(arguments)
            case .replaceRoot(let shown, let arguments) where shown == target: found(arguments)
            case .startChild(let child, let arguments) where presenting && target == .child(child): found(arguments)
            case .conditional(_, let then, let otherwise): pending += [then, otherwise]
            default: break
            }
        }
    }
}
