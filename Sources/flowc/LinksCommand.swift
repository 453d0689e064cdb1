import FlowCompiler
import FlowModel
import FlowcCommandLine

/// `flowc links PATH… [--config FILE]`: per deep link, the host conditions it depends on.
enum LinksCommand {
    static let usage = """
        USAGE: flowc links PATH… [--config FILE]

        Validates the flows, then prints every deep link with the host conditions it depends on: its
        'when' guard, and each conditional choice its routes (and 'otherwise' routes) pass through —
        a conditional 'start' or an 'if' action — with the answer the route needs. The coordinator
        evaluates exactly these when the link opens (docs/RUNNING.md, "Deep links and conditions").

        OPTIONS:
        \(ConfigurationOption.help)
          -h, --help        Show this help.

        EXIT CODES: 0 printed, 1 the flows have errors, 2 usage or I/O errors.
        """

    static func run(_ arguments: [String]) -> Int32 {
        let result: ValidationResult
        switch ValidatedSources.validate(
            arguments, usage: usage, valueOptions: ["--config"],
            checkOptions: { options in
                guard !options.positional.isEmpty else {
                    Console.error(
                        "flowc: error: no paths given; name flow files or folders, such as 'flowc links Flows'")
                    return ExitCode.usage
                }
                return nil
            }
        ) {
        case .proceed(let validated): result = validated.result
        case .exit(let code): return code
        }
        if result.hasErrors {
            Console.error("flowc: error: the flows have errors; fix them first")
            return ExitCode.findings
        }
        Console.output(LinkConditionReport.render(LinkConditionReport.entries(for: result.flows)), terminator: "")
        return ExitCode.success
    }
}
