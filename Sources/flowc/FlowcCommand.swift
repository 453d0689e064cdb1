import FlowcCommandLine
import Foundation

/// The top-level command: dispatches to a subcommand.
enum FlowcCommand {
    static let version = "0.1.0"

    static let usage = """
        OVERVIEW: flowc checks navigation flows written in YAML and runs them with one generic coordinator.

        USAGE: flowc <subcommand> [options]

        SUBCOMMANDS:
          validate PATH…            Check flow files and folders; print diagnostics.
          check PATH…               Explore every reachable state; check the runtime's guarantees.
          paths PATH… --flow NAME --cover KIND
                                    Write the shortest path to each screen, transition, link or outcome.
          diff OLD NEW              Which saved states and deep links a new version keeps or breaks.
          compile PATH… -o FILE     Write a compiled flow bundle.
          generate swift PATH… -o FILE
                                    Write typed Swift routes, events and host protocol.
          run PATH… --flow NAME     Drive a coordinator from a script and print its state.
          inspect PATH…             Print a compiled bundle as readable JSON.
          rules                     List every rule with its code, severity and summary.
          explain CODE              Explain one rule.
          links PATH…               Print every deep link with the host conditions it depends on.
          graph PATH…               Draw flows as a Mermaid or Graphviz (DOT) diagram.
          view PATH…                Write the app as one interactive HTML page (overview, flows, evidence).
          schema                    Print the JSON Schema of a flow file, for editors.
          lsp                       Run the language server for editors (stdio).

        OPTIONS:
          -h, --help                Show help (also after a subcommand).
          --version                 Show the version.

        Exit codes: 0 success, 1 findings (errors, or warnings under --strict), 2 usage or I/O errors.
        """

    static func run(_ arguments: [String]) -> Int32 {
        guard let subcommand = arguments.first else {
            Console.error(usage)
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        switch subcommand {
        case "validate": return ValidateCommand.run(rest)
        case "check": return MainActor.assumeIsolated { CheckCommand.run(rest) }
        case "paths": return MainActor.assumeIsolated { PathsCommand.run(rest) }
        case "diff": return MainActor.assumeIsolated { DiffCommand.run(rest) }
        case "compile": return CompileCommand.run(rest)
        case "generate": return GenerateCommand.run(rest)
        case "run": return RunCommand.run(rest)
        case "inspect": return InspectCommand.run(rest)
        case "rules": return RulesCommand.run(rest)
        case "explain": return ExplainCommand.run(rest)
        case "links": return LinksCommand.run(rest)
        case "schema": return SchemaCommand.run(rest)
        case "graph": return GraphCommand.run(rest)
        case "view": return MainActor.assumeIsolated { ViewCommand.run(rest) }
        case "lsp": return LSPCommand.run(rest)
        case "-h", "--help", "help":
            Console.output(usage)
            return ExitCode.success
        case "--version":
            Console.output("flowc \(version)")
            return ExitCode.success
        default:
            Console.error("flowc: error: unknown subcommand '\(subcommand)'; see 'flowc --help'")
            return ExitCode.usage
        }
    }
}
