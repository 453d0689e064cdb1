import FlowCompiler
import FlowExplorer
import FlowcCommandLine

/// `flowc explain CODE`: what a rule checks, why, and an example that triggers it.
enum ExplainCommand {
    static let usage = """
        USAGE: flowc explain CODE

        Explains the rule with CODE (such as FC203) or identifier (such as unknown-screen), and the codes
        of 'flowc check' (FC801-FC812, such as FC809 or child-cannot-finish).
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
            // The codes of `flowc check`: broken guarantees and what only exploration proves.
            if let code = ExplorationCode.named(arguments[0]) {
                Console.output(code.text)
                return ExitCode.success
            }
            Console.error("flowc: error: no rule '\(arguments[0])'; 'flowc rules' lists them")
            return ExitCode.usage
        }
        Console.output(RuleExplanation.text(for: rule))
        return ExitCode.success
    }
}
