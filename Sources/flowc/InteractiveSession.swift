import FlowModel
import FlowRuntime
import FlowScript
import FlowcCommandLine
import Foundation

/// `flowc run` on a terminal: runs each command as it is typed and shows the result for a person
/// (`ReadableTrace`): the step's outcome, the path and the events the top screen accepts.
/// `help` lists the commands; `quit`, `exit` or Ctrl-D ends the session (exit code 0: a mistyped
/// command is shown and the session goes on).
@MainActor
struct InteractiveSession {
    let runner: FlowScriptRunner
    let bundle: FlowBundle
    let flow: String

    static let help = """
        Commands (one per line; docs/RUNNING.md has the details):
        \(RunCommand.commands)
          help                           Show this list.
          quit | exit                    Leave (Ctrl-D too).
        """

    func run() -> Int32 {
        Console.output(
            "flowc run: flow '\(flow)'. Type 'start' to begin, 'help' for commands, 'quit' or Ctrl-D to leave.")
        while true {
            Console.output("> ", terminator: "")
            guard let line = readLine(strippingNewline: true) else {
                Console.output("")
                return ExitCode.success
            }
            switch line.trimmingCharacters(in: .whitespaces) {
            case "help", "?":
                Console.output(Self.help)
            case "quit", "exit":
                return ExitCode.success
            default:
                guard let trace = runner.run(line: line) else { continue }
                Console.output(ReadableTrace.render(trace, bundle: bundle))
            }
        }
    }
}
