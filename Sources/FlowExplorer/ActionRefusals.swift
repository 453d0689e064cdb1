import FlowScript

/// What the explorer saw of each counted action (``OfferedAction``) and each deep link: whether some
/// state took it, and the first state that refused it, with the reason. FC807, FC808, FC810 and FC811
/// are read from it once the exploration ends.
struct ActionRefusals {
    struct Seen {
        var taken = false
        /// The first refusal: the reason, the state it was refused in and the step.
        var refusal: (reason: String, state: Int, command: ScriptCommand)?
    }

    private(set) var actions: [OfferedAction: Seen] = [:]
    private(set) var links: [String: Seen] = [:]

    /// Notes one step of `action`: taken, or refused for `reason` (only the first refusal's is kept, so
    /// `reason` is read only then).
    mutating func note(
        _ action: OfferedAction, refused: Bool, reason: @autoclosure () -> String, in state: Int, command: ScriptCommand
    ) {
        Self.note(&actions[action, default: Seen()], refused: refused, reason: reason, state: state, command: command)
    }

    mutating func noteLink(
        _ url: String, refused: Bool, reason: @autoclosure () -> String, in state: Int, command: ScriptCommand
    ) {
        Self.note(&links[url, default: Seen()], refused: refused, reason: reason, state: state, command: command)
    }

    private static func note(
        _ seen: inout Seen, refused: Bool, reason: () -> String, state: Int, command: ScriptCommand
    ) {
        if refused {
            if seen.refusal == nil { seen.refusal = (reason(), state, command) }
        } else {
            seen.taken = true
        }
    }

    /// The warnings: every action refused everywhere (FC807 for events, FC810 for handlers) or on some
    /// paths (FC808), every link refused everywhere (FC811, `patterns` naming the link of each URL).
    /// `witness` makes a reproduction's text (``ExplorationReport/witness(of:)-(ReachedWitness)``). The
    /// "everywhere" warnings (FC807, FC810, FC811) are proved only when `everywhere` says every reachable
    /// state was explored; otherwise only FC808, which one taking and one refusal prove, is given.
    func warnings(
        rootFlow: String, patterns: [String: [String]], everywhere: Bool, witness: (ReachedWitness) -> [String]
    ) -> [ExplorationWarning] {
        var warnings: [ExplorationWarning] = []
        for (action, seen) in actions {
            guard let refusal = seen.refusal else { continue }
            let subject: ExplorationWarning.Subject
            let what: String
            switch action.kind {
            case .event:
                subject = .event(flow: action.flow, screen: action.owner, event: action.name)
                what = "event '\(action.name)' of screen '\(action.owner)'"
            case .handler:
                subject = .handler(flow: action.flow, child: action.owner, outcome: action.name)
                what = "the handler of outcome '\(action.name)' of child '\(action.owner)'"
            }
            let code: ExplorationCode
            let message: String
            if seen.taken {
                code = .refusedOnSomePaths
                message = "\(what) is taken in some explored states and refused in others: \(refusal.reason)"
            } else if !everywhere {
                continue
            } else if action.kind == .event {
                code = .refusedEverywhere
                message = "\(what) is refused in every state explored that shows the screen: \(refusal.reason)"
            } else {
                code = .outcomeGoesNowhere
                message =
                    "outcome '\(action.name)' of child '\(action.owner)' goes nowhere: its handler is refused in every state explored that shows the child: \(refusal.reason)"
            }
            let reached = ReachedWitness(state: refusal.state, then: [refusal.command])
            warnings.append(
                ExplorationWarning(
                    code: code, subject: subject, message: message, reason: refusal.reason,
                    witness: witness(reached), reached: reached))
        }
        for (url, seen) in links where !seen.taken && everywhere {
            guard let refusal = seen.refusal else { continue }
            let reached = ReachedWitness(state: refusal.state, then: [refusal.command])
            for pattern in patterns[url] ?? [] {
                warnings.append(
                    ExplorationWarning(
                        code: .linkGoesNowhere, subject: .link(flow: rootFlow, pattern: pattern),
                        message:
                            "deep link '\(pattern)' is refused in every state explored, before and after start: \(refusal.reason)",
                        reason: refusal.reason, witness: witness(reached), reached: reached))
            }
        }
        return warnings
    }
}
