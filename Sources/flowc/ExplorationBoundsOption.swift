import FlowExplorer
import FlowcCommandLine

/// `--max-states N` and `--max-depth N`: the exploration's bounds, as `flowc check` and `flowc view --check`
/// take them (each a whole number of at least 1; the defaults are ``ExplorationBounds``'s).
enum ExplorationBoundsOption {
    static let valueOptions = ["--max-states", "--max-depth"]

    static let help = """
          --max-states N    Keep at most N distinct states per root flow (default 20000).
          --max-depth N     Go at most N steps from a new coordinator (default 32).
        """

    /// The bounds `options` give, or nil, having printed why, when a value is not a whole number of at least 1.
    static func bounds(_ options: OptionScanner) -> ExplorationBounds? {
        var bounds = ExplorationBounds()
        for (option, minimum) in [("--max-states", 1), ("--max-depth", 1)] {
            guard let text = options.value(option) else { continue }
            guard let number = Int(text), number >= minimum else {
                if Int(text) == nil, !text.isEmpty,
                    text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
                {
                    // Digits only, so too large for a number (breaker r15: "at least 1, not '99999999999999999999'").
                    Console.error("flowc: error: \(option) \(text) is out of range; it is at most \(Int.max)")
                } else {
                    Console.error("flowc: error: \(option) takes a whole number of at least \(minimum), not '\(text)'")
                }
                return nil
            }
            if option == "--max-states" { bounds.maxStates = number } else { bounds.maxDepth = number }
        }
        return bounds
    }
}
