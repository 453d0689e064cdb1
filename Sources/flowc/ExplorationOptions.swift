import FlowCompiler
import FlowExplorer
import FlowModel
import FlowcCommandLine

/// What `flowc check` and `flowc paths` share: the bounds options of the explorer, and the bundle the
/// validated flows lower to.
enum ExplorationOptions {
    static let valueOptions = ExplorationBoundsOption.valueOptions

    static let help = ExplorationBoundsOption.help

    /// The bounds `options` set, or the usage exit code after saying which value is wrong
    /// (``ExplorationBoundsOption/bounds(_:)``, which `flowc view --check` reads too).
    static func bounds(_ options: OptionScanner) -> Result<ExplorationBounds, UsageExit> {
        guard let bounds = ExplorationBoundsOption.bounds(options) else { return .failure(UsageExit()) }
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
