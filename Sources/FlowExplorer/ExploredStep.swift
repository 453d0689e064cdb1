import FlowRuntime
import FlowScript

/// One step the explorer ran: the commands that built the state before it, the command run, its result,
/// and its trace line on demand. ``FlowExplorer/explore(_:flow:bounds:observe:)`` hands each to its
/// observer in breadth-first order, while the coordinator the step ran on still holds the state after it.
@MainActor
package struct ExploredStep {
    /// The commands that build the state before the step from a new coordinator (empty for the new one).
    package var script: [ScriptCommand]
    /// The index of the state before the step (in ``ExplorationReport/reached``).
    package var state: Int
    /// The command run.
    package var command: ScriptCommand
    /// What the step returned: its status, reason, finished flows and links (a `condition` or `check`
    /// line: applied).
    package var result: StepResult
    /// The deep links each live instance holds after the step (queued, then the pending one), by instance
    /// id; only instances that hold some.
    package var heldLinksAfter: [Int: [String]]
    /// The index of the state the step added to the exploration, when it reached a new one: the trace line
    /// is then the one of that state's last witness line.
    package var added: Int?
    /// The index of the state the step led to, new or reached before; nil when a bound left it out.
    package var target: Int?
    /// The script line number of the step (its state's depth plus one).
    let line: Int
    /// The coordinator the step ran on, in the state after it while the observer is told of the step.
    let coordinator: FlowCoordinator

    /// The step's trace line, as `flowc run` prints it for the last line of `script + [command]` (the
    /// state's copy is the one its shortest script builds), built from the coordinator the step ran on
    /// (``FlowScript/TraceLine/init(line:text:result:coordinator:)``). Only while the observer is told of
    /// the step: the explorer moves the coordinator on after it. Built on each call (an observer keeps the
    /// ones it needs: building one for every step was most of `flowc paths`' cost over `check`).
    package func trace() -> TraceLine {
        TraceLine(line: line, text: command.line, result: result, coordinator: coordinator)
    }
}
