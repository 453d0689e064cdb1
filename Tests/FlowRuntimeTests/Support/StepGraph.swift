import FlowModel

@testable import FlowRuntime

/// The whole-bundle step graph the agreement test compares with the validator's analysis
/// (`StepGraphAgreementTests`): every flow's ``FlowSteps``, and the questions only that test asks of it —
/// what each flow reaches, and which conditional choices a link's routes pass through. The runtime builds
/// a flow's steps when it first needs them (`StepContext.steps(of:)`) and asks those questions with the
/// host's answers (`LinkConditions`), so this lives with the test, not in the module apps link.
struct StepGraph {
    /// By flow index.
    var flows: [FlowSteps]

    /// The step graph of every flow of `bundle` (a bundle that passed its integrity checks).
    init(bundle: FlowBundle) {
        flows = bundle.flows.indices.map { FlowSteps(bundle: bundle, flow: $0) }
    }
}

extension FlowSteps {
    /// The screens and children the flow's steps reach from its `start`, the tabs, the fallback and the
    /// `redirect` screen, following every leaf of every site of what they reach (a screen's events, a
    /// child's handlers): what the validator's reachability (FC301) answers from the definitions.
    var reachable: Set<TargetNode> {
        var reached: Set<TargetNode> = []
        var pending: [TargetNode] = []
        func reach(_ target: TargetNode?) {
            if let target, reached.insert(target).inserted { pending.append(target) }
        }
        for leaf in start.leaves { reach(leaf.destination) }
        for tab in tabs { reach(.child(tab.child)) }
        reach(fallback.map(TargetNode.screen))
        reach(redirect.map(TargetNode.screen))
        while let target = pending.popLast() {
            for site in sites(of: target) {
                for leaf in site.leaves { reach(leaf.destination) }
            }
        }
        return reached
    }
}

extension StepGraph {
    /// The conditional choices a link's route list passes through, in route order, each with the flow
    /// that asks it: for the first route, the choices of `start` that show it (else of the first site,
    /// `start`, events, then handlers, whose `replaceRoot` shows it); for a route after a screen route,
    /// the first event of that screen that pushes or starts it; for a route after a child route, the
    /// choices of the child's `start` to the child it names, or to a screen of its `start` whose event
    /// leads to it. What `flowc links` prints from the definitions (`LinkConditionReport`); the runtime
    /// evaluates the same choices when the link opens (``LinkConditions``).
    func choices(along routes: [LinkRouteNode], from root: Int, in bundle: FlowBundle) -> [(
        flow: Int, choice: StepChoice
    )] {
        var found: [(flow: Int, choice: StepChoice)] = []
        var flow = root
        var previous: TargetNode?
        func add(_ choices: [StepChoice]?, in flow: Int) { found += (choices ?? []).map { (flow, $0) } }
        for route in routes {
            let steps = flows[flow]
            switch previous {
            case nil:
                let shown = steps.start.leaves.first { $0.shown == route.target }?.choices
                let replaced = ([steps.start] + steps.events.joined() + steps.handlers.joined()).lazy.compactMap {
                    $0.leaves.first { $0.replaced == route.target }?.choices
                }.first
                add(shown ?? replaced, in: flow)
            case .screen(let screen)?:
                add(steps.firstChoices(pushing: route.target, from: screen), in: flow)
            case .child?:
                if case .child = route.target,
                    let choices = steps.start.leaves.first(where: { $0.shown == route.target })?.choices
                {
                    add(choices, in: flow)
                    break
                }
                for leaf in steps.start.leaves {
                    guard case .screen(let screen)? = leaf.shown,
                        let step = steps.firstChoices(pushing: route.target, from: screen)
                    else { continue }
                    add(leaf.choices + step, in: flow)
                    break
                }
            }
            previous = route.target
            if case .child(let child) = route.target { flow = bundle.flows[flow].children[child].flow }
        }
        return found
    }
}

extension FlowSteps {
    /// The choices of the first event of `screen` that pushes or starts `target`, to its first leaf that
    /// does; nil when no event does.
    func firstChoices(pushing target: TargetNode, from screen: Int) -> [StepChoice]? {
        guard events.indices.contains(screen) else { return nil }
        return events[screen].lazy.compactMap { $0.leaves.first { $0.pushed == target }?.choices }.first
    }
}
