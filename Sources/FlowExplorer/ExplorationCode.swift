/// The codes of what only exploration proves, which `flowc check` reports as warnings (FC807–FC811); a broken
/// ``Guarantee`` has its own code (FC801–FC806, FC812–FC814). FlowCompiler's `RuleRegistry` describes every
/// one (severity, summary, `flowc explain`'s text: Rules/Exploration/), and docs/RUNNING.md ("Checking flows")
/// lists them; a test holds these codes to the registry.
package enum ExplorationCode: String, CaseIterable, Hashable, Sendable {
    /// An event or an outcome handler refused in every explored state that offers it.
    case refusedEverywhere = "FC807"
    /// An event or an outcome handler taken in some explored states and refused in others.
    case refusedOnSomePaths = "FC808"
    /// A child flow that cannot finish from a reachable state.
    case childCannotFinish = "FC809"
    /// An outcome whose handler is refused in every explored state: finishing with it goes nowhere.
    case outcomeGoesNowhere = "FC810"
    /// A deep link refused in every explored state, before and after start.
    case linkGoesNowhere = "FC811"

    /// The code, such as `FC809`.
    package var code: String { rawValue }
}
