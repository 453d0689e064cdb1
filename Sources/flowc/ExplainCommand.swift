import FlowCompiler
import FlowcCommandLine

/// `flowc explain CODE`: what a rule checks, why, and an example that triggers it.
enum ExplainCommand {
    static let usage = """
        USAGE: flowc explain CODE

        Explains the finding with CODE (such as FC203, FC809 or FC901) or identifier (such as
        unknown-screen): every code 'flowc rules' lists, those of 'flowc check' (FC8xx) and 'flowc diff'
        (FC9xx) included.
        """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            Console.output(usage)
            return ExitCode.success
        }
        guard arguments.count == 1 else {
            Console.error("flowc: error: 'explain' takes one rule code, such as FC203\n\n\(usage)")
            return ExitCode.usage
        }
        guard let rule = RuleRegistry.rule(code: arguments[0]) else {
            Console.error("flowc: error: no rule '\(arguments[0])'; 'flowc rules' lists them")
            return ExitCode.usage
        }
        Console.output(RuleExplanation.text(for: rule))
        return ExitCode.success
    }
}
