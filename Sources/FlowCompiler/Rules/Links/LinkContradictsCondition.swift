import FlowModel

/// FC653 `link-contradicts-condition`: a link's route list needs a condition to be true and false at once,
/// or contradicts its own `when`, so the runtime would refuse it every time (`linkContradictsCondition`).
struct LinkContradictsCondition: FlowRule {
    static let description = RuleDescription(
        code: "FC653",
        identifier: "link-contradicts-condition",
        severity: .error,
        summary: "a link's routes need a condition to be both true and false, or contradict its 'when'",
        explanation: """
            A link builds only a state the flows' own steps could build now: every conditional choice
            its routes pass through (a conditional 'start', an 'if' around a 'push', 'start' or
            'replaceRoot') is evaluated with the host's answers when the link opens, all at the same
            moment. Routes that need one condition to be true at one choice and false at another, or
            that need a 'when' condition to be false (so they could only open when the guard fails,
            and then 'otherwise' opens instead), are refused every time. So are 'otherwise' routes that
            need the link's single 'when' condition to be true. Change the routes, or the conditions;
            'flowc links' lists what each link depends on.
            """,
        triggeringExamples: [
            """
            flow: app
            conditions: [isLoggedIn]
            start: { if: isLoggedIn, then: home, else: login }
            screens:
              home: { on: { profile: { if: isLoggedIn, then: { push: profile }, else: { push: login } } } }
              profile: {}
              login: { on: { done: { replaceRoot: home } } }
            links:
              ↓"/profile": { when: isLoggedIn, routes: [login] }
            """,
            """
            flow: app
            conditions: [isPro]
            start: { if: isPro, then: pro, else: basic }
            screens:
              pro: {}
              basic: { on: { upgrade: { if: isPro, then: { push: perks }, else: { push: pricing } } } }
              perks: {}
              pricing: {}
            links:
              ↓"/perks": [basic, perks]
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: app
            conditions: [isLoggedIn]
            start: { if: isLoggedIn, then: home, else: login }
            screens:
              home: { on: { profile: { push: profile } } }
              profile: {}
              login: { on: { done: { replaceRoot: home } } }
            links:
              "/profile":
                when: isLoggedIn
                routes: [home, profile]
                otherwise: [login]
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for entry in LinkConditionReport.entries(in: catalog) {
            let link = "link \(MessageText.name(entry.pattern.value))"
            if let problem = Self.contradiction(in: entry.routes) {
                diagnostics.append(
                    Self.diagnostic("\(link) can never open its routes: they need \(problem)", at: entry.pattern))
            } else if let needed = entry.routes.first(where: {
                !$0.value && entry.guardConditions.contains($0.condition)
            }) {
                diagnostics.append(
                    Self.diagnostic(
                        "\(link) can never open its routes: they need \(MessageText.name(needed.condition)) to be false (\(needed.choice)), but its 'when' needs it to be true",
                        at: entry.pattern))
            }
            guard let otherwise = entry.otherwise else { continue }
            if let problem = Self.contradiction(in: otherwise) {
                diagnostics.append(
                    Self.diagnostic(
                        "\(link) can never open its 'otherwise' routes: they need \(problem)", at: entry.pattern))
            } else if entry.guardConditions.count == 1,
                let needed = otherwise.first(where: { $0.value && $0.condition == entry.guardConditions[0] })
            {
                diagnostics.append(
                    Self.diagnostic(
                        "\(link) can never open its 'otherwise' routes: they need \(MessageText.name(needed.condition)) to be true (\(needed.choice)), but they open only when it is false",
                        at: entry.pattern))
            }
        }
    }

    /// `'isPro' to be true (start of flow 'app') and false (event 'upgrade' of screen 'basic')`, for the
    /// first condition a list of requirements needs both ways; nil when there is none.
    private static func contradiction(in requirements: [LinkConditionReport.Requirement]) -> String? {
        var first: [String: LinkConditionReport.Requirement] = [:]
        for requirement in requirements {
            guard let earlier = first[requirement.condition] else {
                first[requirement.condition] = requirement
                continue
            }
            if earlier.value != requirement.value {
                return
                    "\(MessageText.name(requirement.condition)) to be \(earlier.value) (\(earlier.choice)) and \(requirement.value) (\(requirement.choice))"
            }
        }
        return nil
    }
}
