/// Where a coordinator is in its life.
public enum CoordinatorStatus: Hashable, Sendable {
    /// Created, not started.
    case idle
    /// Showing a path.
    case running
    /// The root flow finished with this outcome; the path is empty.
    case finished(outcome: String)
    /// Stopped by ``FlowCoordinator/stop()`` or a back gesture to the empty path.
    case stopped
}
