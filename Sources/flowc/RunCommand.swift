import FlowCompiler
import FlowModel
import FlowRuntime
import FlowScript
import FlowcCommandLine
import Foundation

/// `flowc run PATH… --flow NAME [--script FILE]`: drives a coordinator from a script, one JSON line per command.
enum RunCommand {
    /// The script commands, for the usage text and the interactive `help`.
    static let commands = """
          start                          Run the root flow's start.
          event [@TOKEN] NAME [k=v …]    Send an event from the top route (or route TOKEN).
          back [N] [#ID]                 Interactive back by N routes (default 1); on stack ID's routes.
          select TAB [#ID]               The person selects a tab (of tab flow instance ID).
          dismiss [#ID]                  The person dismisses a sheet (default: the topmost layer).
          backto LENGTH                  Interactive back to the path's first LENGTH routes.
          confirm | keep                 Answer a pending removal confirmation.
          open URL                       Open a deep link.
          snapshot | restore [JSON]      Take a snapshot; restore the last one (or the JSON given).
          condition NAME true|false      Set a host condition (default false).
          check NAME VALUE true|false    Set a host check's answer for VALUE (default true).
          finish #ID OUTCOME [k=v …]     Finish flow instance ID through a kept handle, passing its values.
          stop                           Empty the path and cancel every flow instance.
          # …                            A comment (after a command: a "#" then a blank).
        """

    static let usage = """
        USAGE: flowc run PATH… --flow NAME [--script FILE] [--config FILE]

        Runs the flow NAME with the generic coordinator. PATH is YAML flow files and folders (validated
        first) or one compiled bundle. Commands come from FILE, or standard input without --script, one
        per line; after each, one JSON line describes the step and the state (docs/RUNNING.md). When
        standard input is a terminal, each command runs as it is typed and its result is shown for a
        person: the outcome, the path and the events the top screen accepts ('help' lists commands).

        COMMANDS:
        \(commands)

        OPTIONS:
          --flow NAME       The root flow.
          --script FILE     The script (default: standard input).
        \(ConfigurationOption.help)
          -h, --help        Show this help.

        EXIT CODES: 0 the script ran, 1 the flows have errors or a script line is not a command,
        2 usage or I/O errors.
        """

    static func run(_ arguments: [String]) -> Int32 {
        let options: OptionScanner
        switch OptionScanner.scan(arguments, usage: usage, valueOptions: ["--flow", "--script", "--config"]) {
        case .proceed(let scanned): options = scanned
        case .exit(let code): return code
        }
        guard !options.positional.isEmpty else {
            Console.error(
                "flowc: error: no paths given; name flow files, folders or a bundle, such as 'flowc run Flows --flow reading'"
            )
            return ExitCode.usage
        }
        guard let flow = options.value("--flow") else {
            Console.error("flowc: error: no root flow; add '--flow NAME'")
            return ExitCode.usage
        }
        let scriptPath = options.value("--script")
        let interactive = scriptPath == nil && isatty(STDIN_FILENO) != 0
        let stdinNames: Set<String> = [InputFile.standardInputPath, "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]
        if !interactive, stdinNames.contains(scriptPath ?? InputFile.standardInputPath),
            let flows = options.positional.first(where: stdinNames.contains)
        {
            Console.error(
                "flowc: error: the script and the flows ('\(flows)') both come from standard input, which can be read once; give the script with '--script FILE' or the flows as a file"
            )
            return ExitCode.usage
        }
        var script = ""
        // A script piped in is answered line by line as it arrives, so a harness can drive the
        // coordinator step by step; a file or a device is read whole first.
        let streaming =
            !interactive && stdinNames.contains(scriptPath ?? InputFile.standardInputPath) && ScriptStream.isPipe()
        if !interactive, !streaming {
            // A script file, a FIFO, /dev/null, or `-` (the default): standard input.
            let path = scriptPath ?? InputFile.standardInputPath
            do throws(FlowInputError) {
                switch try InputFile.read(path, limit: FlowScriptRunner.maxScriptBytes) {
                case .bytes(let bytes):
                    script = String(decoding: bytes, as: UTF8.self)
                case .tooLarge(let size, let limit):
                    throw InputFile.tooLarge(
                        path, size: size, limit: limit, kind: "the script", advice: "split it into smaller scripts")
                }
            } catch {
                Console.error("flowc: error: cannot read script '\(error.path)': \(error.reason)")
                return ExitCode.usage
            }
        }
        let configuration: LoadedConfiguration?
        switch ConfigurationOption.load(options) {
        case .proceed(let loaded): configuration = loaded
        case .exit(let code): return code
        }
        let bundle: FlowBundle
        switch FlowSources.load(paths: options.positional, configuration: configuration) {
        case .success(let loaded): bundle = loaded
        case .failure(let failure):
            Console.error(failure.message, terminator: "")
            return failure.exitCode
        }
        return MainActor.assumeIsolated { () -> Int32 in
            let runner: FlowScriptRunner
            do throws(FlowRuntimeError) {
                runner = try FlowScriptRunner(bundle: bundle, flow: flow)
            } catch {
                let hint: String
                switch error {
                case .unknownFlow:
                    hint = "; the flows are: " + bundle.flows.map(\.name).joined(separator: ", ")
                case .missingArgument, .unknownArgument, .wrongArgumentType, .constraintViolated:
                    hint =
                        "; flowc run starts a root flow without arguments, so pick a flow without required parameters"
                default:
                    hint = ""
                }
                Console.error("flowc: error: \(error)\(hint)")
                return ExitCode.usage
            }
            if interactive { return InteractiveSession(runner: runner, bundle: bundle, flow: flow).run() }
            @MainActor func answer(_ line: String) {
                if let trace = runner.run(line: line) {
                    Console.output(FlowScriptRunner.json(trace))
                    if trace.status == "invalid" {
                        Console.error("flowc: error: script line \(trace.line): \(trace.reason ?? "invalid command")")
                    }
                }
            }
            if streaming {
                let read = ScriptStream.readLines(limit: FlowScriptRunner.maxScriptBytes, each: answer)
                if let failure = read {
                    Console.error("flowc: error: cannot read script '\(InputFile.standardInputPath)': \(failure)")
                    return ExitCode.usage
                }
            } else {
                for line in FlowScriptRunner.lines(of: script) { answer(line) }
            }
            return runner.hadSyntaxErrors ? ExitCode.findings : ExitCode.success
        }
    }
}
