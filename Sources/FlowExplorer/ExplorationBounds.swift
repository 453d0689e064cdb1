/// How far ``FlowExplorer`` goes. The defaults explore the shipped apps completely; a report says
/// which bound stopped it (docs/RUNNING.md, "Checking flows").
package struct ExplorationBounds: Sendable {
    /// The most distinct states kept (default 5,000).
    package var maxStates = 5_000
    /// The most steps from `start` (or from a first deep link) to a state (default 10).
    package var maxDepth = 10
    /// The most times one screen may appear on the path of a kept state (default 2): a flow that pushes
    /// a screen onto itself would otherwise have no end.
    package var maxRouteRepeats = 2

    package init() {}
}
