/// How far ``FlowExplorer`` goes. The defaults explore the shipped apps completely; a report says
/// which bound stopped it (docs/RUNNING.md, "Checking flows").
package struct ExplorationBounds: Sendable {
    /// The most distinct states kept (default 5,000).
    package var maxStates = 5_000
    /// The most steps from a new coordinator to a state (default 16: the shipped tab-bar app, with host
    /// checks answered both ways, needs 14).
    package var maxDepth = 16
    /// The most times one screen may appear on the path of a kept state (default 2): a flow that pushes
    /// a screen onto itself would otherwise have no end.
    package var maxRouteRepeats = 2

    package init() {}
}
