import FlowScript

/// One step the explorer ran: the script that built the state before it, the state's trace line, the
/// command run, and the step's trace line. ``FlowExplorer/explore(_:flow:bounds:observe:)`` hands each to
/// its observer in breadth-first order.
package struct ExploredStep {
    /// The commands that build the state before the step from a new coordinator (empty for the new one).
    package var script: [ScriptCommand]
    /// The trace line of the last line of ``script``; nil before any step.
    package var before: TraceLine?
    /// The command run.
    package var command: ScriptCommand
    /// Its trace line: the step's status, reason, finished flows, links, and the state after.
    package var after: TraceLine
}
