import FlowModel

// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// What every step of a coordinator reads and none changes: the bundle and the host (and what is read
/// once from them: the screens' identities, the step graph).
///
/// One object, shared by every step (``Transition``). The coordinator makes a new one when its host is
/// replaced.
@MainActor
final class StepContext {
    let bundle: FlowBundle
    let host: FlowHost
    /// The host's argument checks, made once for every step.
    let binding: ArgumentBinding
    // Speed: no access overlaps another; checked, each route paid 76 instructions (PERFORMANCE.md).
    /// The screens' identities, by flow index, made when a route of the flow is first created.
    @exclusivity(unchecked) private var screens: [[ScreenIdentity]?]
    /// The step graph's part of each flow, by flow index, built when a check first asks (``steps(of:)``).
    private var flowSteps: [FlowSteps?]

    init(bundle: FlowBundle, host: FlowHost) {
        self.bundle = bundle
        self.host = host
        binding = ArgumentBinding(host: host)
        screens = Array(repeating: nil, count: bundle.flows.count)
        flowSteps = Array(repeating: nil, count: bundle.flows.count)
    }

    /// What the steps of flow `flow` can do (``FlowSteps``, its part of the step graph), built once per coordinator and flow, when a
    /// restore, a deep link or the fallback first asks: a step that asks nothing builds nothing.
    func steps(of flow: Int) -> FlowSteps {
        if let steps = flowSteps[flow] { return steps }
        let steps = FlowSteps(bundle: bundle, flow: flow)
        flowSteps[flow] = steps
        return steps
    }

    /// The identity of screen `screen` of flow `flow`, shared by all its routes.
    func screen(_ screen: Int, of flow: Int) -> ScreenIdentity {
        if let identities = screens[flow] { return identities[screen] }
        let graph = bundle.flows[flow]
        let identities = graph.screens.indices.map {
            ScreenIdentity(
                flow: graph.name, screen: graph.screens[$0].name, parameters: graph.screens[$0].parameters,
                removal: graph.screens[$0].removal, confirmCondition: graph.screens[$0].confirmCondition,
                flowIndex: flow, screenIndex: $0)
        }
        screens[flow] = identities
        return identities[screen]
    }
}
