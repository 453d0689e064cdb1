import FlowModel

// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// What every route of one screen shares: the flow's and the screen's names and indices, the screen's
/// parameters and removal policy. One object per screen a coordinator has shown (``StepContext/screen(_:of:)``).
final class ScreenIdentity: Sendable {
    let flow: String
    let screen: String
    let parameters: [ParameterNode]
    /// The screen's removal policy, which every removal asks of each route it takes.
    let removal: RemovalPolicy
    /// For `confirm` with `when:`: the index of the flow's condition that must hold for the removal to ask.
    let confirmCondition: Int?
    let flowIndex: Int
    let screenIndex: Int

    init(
        flow: String, screen: String, parameters: [ParameterNode], removal: RemovalPolicy,
        confirmCondition: Int? = nil, flowIndex: Int, screenIndex: Int
    ) {
        self.flow = flow
        self.screen = screen
        self.parameters = parameters
        self.removal = removal
        self.confirmCondition = confirmCondition
        self.flowIndex = flowIndex
        self.screenIndex = screenIndex
    }
}
