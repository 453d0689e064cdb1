import FlowScript

/// One step the explorer ran: the script that built the state before it, the state's trace line, the
/// line run, and the step's trace line. ``FlowExplorer/explore(_:flow:bounds:observe:)`` hands each to
/// its observer in breadth-first order.
package struct ExploredStep {
    /// The lines that build the state before the step from a new coordinator (empty for the new one).
    package var script: [String]
    /// The trace line of the last line of ``script``; nil before any step.
    package var before: TraceLine?
    /// The script line run.
    package var line: String
    /// Its trace line: the step's status, reason, finished flows, links, and the state after.
    package var after: TraceLine
}
