/// How far ``FlowExplorer`` goes. The defaults explore the shipped apps completely; a report says
/// which bound stopped it (docs/RUNNING.md, "Checking flows").
package struct ExplorationBounds: Sendable {
    /// The most distinct states kept (default 20,000: the shipped shopping app has 7,868).
    package var maxStates = 20_000
    /// The most steps from a new coordinator to a state (default 32: the shipped shopping and podcast
    /// apps, with host conditions turned both ways, need 24).
    package var maxDepth = 32
    /// The most times one screen may appear on the path of a kept state, and one deep link in one
    /// instance's queue (default 2): a flow that pushes a screen onto itself, or links opened again and
    /// again while a `queue` flow runs, would otherwise have no end. The report names what it left out
    /// (``ExplorationReport/repeatedScreens``).
    package var maxRouteRepeats = 2

    package init() {}
}
