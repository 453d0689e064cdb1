import FlowModel

// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// What every step of a coordinator reads and none changes: the bundle and the host.
///
/// One object, shared by every step (``Transition``). The coordinator makes a new one when its host is
/// replaced.
@MainActor
final class StepContext {
    let bundle: FlowBundle
    let host: FlowHost
    /// The host's argument checks, made once for every step.
    let binding: ArgumentBinding
    /// The screens' identities, by flow index, made when a route of the flow is first created.
    private var screens: [[ScreenIdentity]?]

    init(bundle: FlowBundle, host: FlowHost) {
        self.bundle = bundle
        self.host = host
        binding = ArgumentBinding(host: host)
        screens = Array(repeating: nil, count: bundle.flows.count)
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
