import FlowScript

/// One step the explorer ran: the commands that built the state before it, the command run, and the
/// step's trace line. ``FlowExplorer/explore(_:flow:bounds:observe:)`` hands each to its observer in
/// breadth-first order.
package struct ExploredStep {
    /// The commands that build the state before the step from a new coordinator (empty for the new one).
    package var script: [ScriptCommand]
    /// The index of the state before the step (in ``ExplorationReport/reached``).
    package var state: Int
    /// The command run.
    package var command: ScriptCommand
    /// Its trace line, as `flowc run` prints it for the last line of `script + [command]`: the step's
    /// status, reason, finished flows, links, and the state after.
    package var after: TraceLine
    /// The index of the state the step added to the exploration, when it reached a new one: `after` is then
    /// the trace line of that state's last witness line.
    package var added: Int?
    /// The index of the state the step led to, new or reached before; nil when a bound left it out.
    package var target: Int?
}
