import FlowModel

/// What a restore asks the step graph (``FlowSteps``): whether steps can put a snapshot's routes and
/// child instances where it has them, with its arguments, before the host's conditions are asked
/// (``LinkConditions`` evaluates those, as for a deep link).
///
/// A state is one steps build when each instance begins with something its flow can show first, each next
/// route is one `push` (or a child one `start`) away from the route below it, and each child instance runs
/// on top of a route that starts it. "One step away from route X" counts every way steps build paths: X's
/// events (`push`, `start`, either branch of a conditional), the outcome handlers of the children that can
/// run above X (``FlowSteps/childrenAbove``), and the flow's `redirect` screen. A deep link's next routes
/// are pushed or started by the screen below them (the coordinator refuses any other), so they add
/// nothing. First routes are the targets of `start` and `replaceRoot`, a tab set's tabs and the children
/// its handlers start (presented over the tab bar), and, for the root flow, a deep link's first route (or
/// its `otherwise`'s) and the `linkFallback` screen.
///
/// Arguments: every way a step gives a first route or a child its arguments is one ``ArgumentRecipe``;
/// the arguments are accepted when one recipe agrees with every parameter it fixes.
@MainActor
struct SnapshotSteps {
    let context: StepContext
    let rootFlow: Int

    private var bundle: FlowBundle { context.bundle }

    /// Whether the flow `flow` can show `target` as its first route (or, without routes, run it as its child).
    func canShowFirst(_ target: TargetNode, in flow: Int) -> Bool {
        let steps = context.steps(of: flow)
        return steps.firsts.contains(target) || (flow == rootFlow && steps.linkFirsts.contains(target))
    }

    /// Whether a step can put `target` (a screen, or a child instance) right after a route of `screen` in `flow`.
    func canFollow(_ screen: Int, with target: TargetNode, in flow: Int) -> Bool {
        let steps = context.steps(of: flow)
        guard steps.pushedByEvents.indices.contains(screen) else { return false }
        return steps.pushedByEvents[screen].contains(target) || steps.pushedOtherwise[screen].contains(target)
    }

    /// Whether only the events of `screen` put `target` right after it (so their `if`s decide whether it can
    /// be there now), not a child's handler or the `redirect` policy.
    func followsOnlyByEvents(_ screen: Int, with target: TargetNode, in flow: Int) -> Bool {
        let steps = context.steps(of: flow)
        guard steps.pushedByEvents.indices.contains(screen) else { return false }
        return steps.pushedByEvents[screen].contains(target) && !steps.pushedOtherwise[screen].contains(target)
    }

    /// Whether some step puts `target` (a screen, or a child declaration) of an instance of flow `flow`
    /// (arguments `instanceValues`) with `values` (bound to the screen's parameters, or the child flow's) on
    /// top of `route`: an event of the route's screen, a handler of a child above it, the `redirect`
    /// policy, or a link's route after a route of that screen. A `$name` resolves in the route's arguments,
    /// then the instance's.
    func nextAgrees(_ target: TargetNode, of flow: Int, values: [Value], onTopOf route: Route, instanceValues: [Value])
        -> Bool
    {
        let graph = bundle.flows[flow]
        let parameters: [ParameterNode]
        switch target {
        case .screen(let screen): parameters = graph.screens[screen].parameters
        case .child(let child): parameters = bundle.flows[graph.children[child].flow].parameters
        }
        let routeFrame = ArgumentFrame.bound(parameters: route.parameters, values: route.values)
        let scope = ArgumentScope(routeFrame, .bound(parameters: graph.parameters, values: instanceValues))
        let steps = context.steps(of: flow)
        var recipes =
            steps.nextRecipes.indices.contains(route.screenIndex)
            ? steps.nextRecipes[route.screenIndex][target] ?? [] : []
        for link in context.steps(of: rootFlow).linkNextRecipes
        where link.flow == flow && link.screen == route.screenIndex && link.target == target {
            recipes.append(link.recipe)
        }
        // The routes a tab flow's `select` with `routes` shows in a tab (format 1.3).
        for tabFlow in bundle.flows.indices where !bundle.flows[tabFlow].tabs.isEmpty {
            for shown in context.steps(of: tabFlow).selectNextRecipes
            where shown.flow == flow && shown.screen == route.screenIndex && shown.target == target {
                recipes.append(shown.recipe)
            }
        }
        // Without any recipe, the reachability check of the restore has already refused the state.
        guard !recipes.isEmpty else { return true }
        return recipes.contains {
            $0.agrees(parameters: parameters, values: values, resolve: scope.value(named:)) {
                routeFrame.value(named: $0)
            }
        }
    }

    /// Whether some step shows `target` first in an instance of `flow` (arguments `instanceValues`) with
    /// `values` (bound to the target's parameters: the screen's, or the child flow's). A `$name` resolves in
    /// the instance's arguments.
    func firstRouteAgrees(_ target: TargetNode, in flow: Int, values: [Value], instanceValues: [Value]) -> Bool {
        let graph = bundle.flows[flow]
        let parameters: [ParameterNode]
        switch target {
        case .screen(let screen): parameters = graph.screens[screen].parameters
        case .child(let child): parameters = bundle.flows[graph.children[child].flow].parameters
        }
        let instance = ArgumentFrame.bound(parameters: graph.parameters, values: instanceValues)
        let steps = context.steps(of: flow)
        let recipes =
            (steps.firstRecipes[target] ?? []) + (flow == rootFlow ? steps.linkFirstRecipes[target] ?? [] : [])
        // Without any recipe, the reachability check of the restore has already refused the state.
        guard !recipes.isEmpty else { return true }
        return recipes.contains { $0.agrees(parameters: parameters, values: values, resolve: instance.value(named:)) }
    }
}
