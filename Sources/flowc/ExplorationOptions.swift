import FlowCompiler
import FlowExplorer
import FlowModel
import FlowcCommandLine

/// What `flowc check` and `flowc paths` share: the bounds options of the explorer, and the bundle the
/// validated flows lower to.
enum ExplorationOptions {
    static let valueOptions = ["--max-states", "--max-depth"]

    static let help = """
          --max-states N    Keep at most N distinct states per root flow (default 20000).
          --max-depth N     Go at most N steps from a new coordinator (default 32).
        """

    /// The bounds `options` set, or the usage exit code after saying which value is wrong.
    static func bounds(_ options: OptionScanner) -> Result<ExplorationBounds, UsageExit> {
        var bounds = ExplorationBounds()
        for option in valueOptions {
            guard let text = options.value(option) else { continue }
            guard let number = Int(text), number >= 1 else {
                Console.error("flowc: error: \(option) takes a whole number of at least 1, not '\(text)'")
                return .failure(UsageExit())
            }
            if option == "--max-states" { bounds.maxStates = number } else { bounds.maxDepth = number }
        }
        return .success(bounds)
    }

    /// A usage error already reported.
    struct UsageExit: Error {}

    /// The bundle of the validated flows, or nil after saying why there is none (errors in the flows).
    static func bundle(of validated: ValidatedSources) -> FlowBundle? {
        if validated.result.hasErrors {
            Console.error("flowc: error: the flows have errors; fix them first")
            return nil
        }
        do {
            return try GraphLowering.lower(validated.result.flows)
        } catch {
            Console.error("flowc: error: \(error)")
            return nil
        }
    }
}
