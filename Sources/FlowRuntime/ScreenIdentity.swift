import FlowModel

/// What every route of one screen shares: the flow's and the screen's names and indices and the screen's
/// parameters. One object per screen a coordinator has shown (``StepContext/screen(_:of:)``), so that a new
/// route holds one reference instead of copying names and parameters out of the flow graph.
final class ScreenIdentity: Sendable {
    let flow: String
    let screen: String
    let parameters: [ParameterNode]
    let flowIndex: Int
    let screenIndex: Int

    init(flow: String, screen: String, parameters: [ParameterNode], flowIndex: Int, screenIndex: Int) {
        self.flow = flow
        self.screen = screen
        self.parameters = parameters
        self.flowIndex = flowIndex
        self.screenIndex = screenIndex
    }
}
