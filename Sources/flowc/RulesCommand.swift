import FlowCompiler
import FlowcCommandLine

/// `flowc rules`: every rule with its code, severity and summary.
enum RulesCommand {
    static let usage = """
        USAGE: flowc rules

        Lists every rule: code, severity, identifier and summary. 'flowc explain CODE' tells more.
        """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            Console.output(usage)
            return ExitCode.success
        }
        guard arguments.isEmpty else {
            Console.error("flowc: error: 'rules' takes no arguments")
            return ExitCode.usage
        }
        let rules = RuleRegistry.all
        let identifierWidth = rules.map(\.identifier.count).max() ?? 0
        for rule in rules {
            let severity = rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            let identifier = rule.identifier.padding(toLength: identifierWidth, withPad: " ", startingAt: 0)
            Console.output("\(rule.code)  \(severity)  \(identifier)  \(rule.summary)")
        }
        return ExitCode.success
    }
}
