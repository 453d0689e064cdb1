/// The codes `flowc check` reports besides the compiler's rules: FC801–FC806, FC812 and FC813, a broken
/// ``Guarantee`` (errors), and FC807–FC811, what only exploration proves (warnings). `flowc explain` prints each
/// one's ``explanation``; docs/RUNNING.md ("Guarantees", "Checking flows") lists them.
package enum ExplorationCode: String, CaseIterable, Hashable, Sendable {
    case refusedStepChangesNothing = "FC801"
    case backKeepsTabBar = "FC802"
    case coverLeavesWhenItsFlowFinishes = "FC803"
    case noLinkDroppedSilently = "FC804"
    case finishesAtMostOnce = "FC805"
    case restoreAcceptsBuiltStates = "FC806"
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
    case noKeptTabDroppedSilently = "FC812"
    case noInstanceLeavesSilently = "FC813"

    /// The code of a broken guarantee.
    package init(_ guarantee: Guarantee) { self = Self(rawValue: guarantee.code)! }

    /// The guarantee it reports broken, for FC801–FC806, FC812 and FC813.
    package var guarantee: Guarantee? { Guarantee.allCases.first { $0.code == rawValue } }

    /// The code, such as `FC809`.
    package var code: String { rawValue }

    /// The kebab-case identifier `flowc explain` also accepts.
    package var identifier: String {
        switch self {
        case .refusedStepChangesNothing: "refused-step-changed-state"
        case .backKeepsTabBar: "back-stopped-tab-bar"
        case .coverLeavesWhenItsFlowFinishes: "cover-removed"
        case .noLinkDroppedSilently: "link-dropped-silently"
        case .finishesAtMostOnce: "finished-twice"
        case .restoreAcceptsBuiltStates: "restore-refused-built-state"
        case .refusedEverywhere: "action-refused-everywhere"
        case .refusedOnSomePaths: "action-refused-on-some-paths"
        case .childCannotFinish: "child-stuck-in-explored-state"
        case .outcomeGoesNowhere: "outcome-goes-nowhere"
        case .linkGoesNowhere: "link-goes-nowhere"
        case .noKeptTabDroppedSilently: "kept-tab-dropped-silently"
        case .noInstanceLeavesSilently: "instance-left-silently"
        }
    }

    /// `error` for a broken guarantee, `warning` for the others.
    package var severity: String { guarantee == nil ? "warning" : "error" }

    /// One line: what is reported.
    package var summary: String {
        if let guarantee { return "guarantee \(guarantee.number) broken: \(guarantee.statement)" }
        switch self {
        case .refusedEverywhere:
            return "an event, or a child flow's outcome handler, is refused in every explored state that offers it"
        case .refusedOnSomePaths:
            return "an event, or a child flow's outcome handler, is taken in some explored states and refused in others"
        case .childCannotFinish:
            return "a child flow cannot finish from a state the coordinator reaches"
        case .outcomeGoesNowhere:
            return "a child flow's outcome reaches no handler that runs: its handler is refused in every explored state"
        case .linkGoesNowhere:
            return "a deep link is refused in every explored state, before and after start"
        default:
            return ""
        }
    }

    /// What `flowc explain CODE` prints below the summary.
    package var explanation: String {
        if guarantee != nil {
            return """
                flowc check explores every state the coordinator reaches from a new coordinator and checks \
                this guarantee of docs/RUNNING.md ("Guarantees") on every step. A broken guarantee is a fault \
                of the runtime, not of the flows: it is reported as an error at the screen shown before the \
                breaking step, with a 'flowc run' script that reproduces it.
                """
        }
        let common = """
            It is reported by flowc check, which explores every state the coordinator reaches (docs/RUNNING.md, \
            "Checking flows"), as a warning with a 'flowc run' script that reproduces it; warnings alone exit 0.
            """
        switch self {
        case .refusedEverywhere:
            return """
                The flows declare an action the runtime never takes: every explored state that shows the screen \
                refused the event sent from the route on screen, or refused the handler a parent runs when its \
                child finishes with the outcome (the child finished through a kept handle), with arguments that \
                meet every constraint and every host check true. Actions with a 'pattern' or an argument 'check' \
                are not counted. Reported at the event, or at the handler, with the first reason.
                """ + "\n\n" + common
        case .refusedOnSomePaths:
            return """
                The action works on some paths and not on others: an event sent from the route on screen, or \
                a parent's handler of a child's outcome, was taken in some explored states and refused in \
                others that show the same screen (for example a 'pop: 2' from a screen that is sometimes the \
                second route of its flow and sometimes the first), with arguments that meet every constraint \
                and every host check true. Reported at the event, or at the handler, with the shortest script \
                that ends in a refusal and the reason.
                """ + "\n\n" + common
        case .childCannotFinish:
            return """
                A child flow instance is shown in a reachable state from which no sequence of steps finishes \
                it: no event, back, dismissal, tab selection, confirmation or host answer leads to a step that \
                finishes it with one of its outcomes (the host finishing it through a handle, stop, deep links \
                and restore are not counted). Its parent's handlers can then never run from there. Reported \
                at the child declaration, with a script that reaches the state. Only complete explorations \
                report it; tab flows and flows that declare no outcomes are not counted.
                """ + "\n\n" + common
        case .outcomeGoesNowhere:
            return """
                Finishing the child with this outcome never reaches a handler that runs: in every explored \
                state that shows the child, finishing it with the outcome (through a kept handle, with \
                arguments that meet every constraint) was refused, so the data it carries goes nowhere. \
                Reported at the handler, with the first reason.
                """ + "\n\n" + common
        case .linkGoesNowhere:
            return """
                The root flow declares a deep link that opens nowhere: opening it (placeholders filled with \
                witness values) was refused in every explored state, before start and after it, whatever the \
                host's answers. A refusal of the witness values themselves (a type, a constraint, a host check) \
                is not counted. Reported at the link's pattern, with the first reason.
                """ + "\n\n" + common
        default:
            return ""
        }
    }

    /// The code with this code (`FC809`) or identifier (`child-cannot-finish`), if any.
    package static func named(_ text: String) -> ExplorationCode? {
        allCases.first { $0.rawValue == text.uppercased() || $0.identifier == text }
    }

    /// What `flowc explain` prints: code, identifier and severity, the summary, the explanation.
    package var text: String { "\(code) \(identifier) (\(severity)): \(summary)\n\n\(explanation)\n" }
}
