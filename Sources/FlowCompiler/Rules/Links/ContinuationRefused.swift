import FlowDefinitions
import FlowModel

/// FC655 `continuation-refused`: a guarded link's continuation would open inside a flow whose link policy
/// refuses every link.
struct ContinuationRefused: FlowRule {
    static let description = RuleDescription(
        code: "FC655",
        identifier: "continuation-refused",
        severity: .warning,
        summary: "a guarded link continues inside a flow whose link policy refuses it",
        explanation: """
            A guarded link with 'continueOn' is opened again when its guarding flow (the flow of the
            last child route of 'otherwise', a sign-in flow say) finishes with that outcome, and it
            opens like any link: the link policy of the deepest flow then shown that declares one
            decides first. When that is a flow of the 'otherwise' routes around the guarding flow
            with 'linkPolicy: reject' (or a redirect, which drops the link), the continuation is
            refused every time: the person went through sign-in for nothing. Declare
            'linkPolicy: allow' on a flow between that flow and the guarding flow, or route
            'otherwise' outside it. Not reported when the handler of the outcome finishes, selects
            a tab, or shows a child whose flow declares a policy of its own (what is shown then
            decides).
            """,
        triggeringExamples: [example(marker: "↓", accountPolicy: "")],
        nonTriggeringExamples: [example(marker: "", accountPolicy: "\nlinkPolicy: allow")]
    )

    /// A shop whose tab bar rejects links, and a sign-in cover in its account tab guarding `/orders/…`;
    /// `accountPolicy` is added to the account flow.
    private static func example(marker: String, accountPolicy: String) -> String {
        """
        ---- shop.yaml ----
        flow: shop
        conditions: [isSignedIn]
        start: tabs
        children:
          tabs: { flow: shopTabs }
        links:
          "/orders/{orderID:int}":
            when: isSignedIn
            routes: [tabs, account, { order: { orderID: $orderID } }]
            otherwise: { routes: [tabs, account, login], continueOn: \(marker)signedIn }
        ---- shopTabs.yaml ----
        flow: shopTabs
        tabs: [account]
        start: account
        linkPolicy: reject
        children:
          account: { flow: account }
        ---- account.yaml ----
        flow: account
        start: me\(accountPolicy)
        screens:
          me: { on: { open: { params: { orderID: int }, push: order, with: { orderID: $orderID } }, signIn: { start: login } } }
          order: { params: { orderID: int } }
        children:
          login: { flow: login, presentation: cover, on: { signedIn: stay } }
        ---- login.yaml ----
        flow: login
        start: form
        outcomes: [signedIn]
        screens:
          form: { on: { submit: { finish: signedIn } } }
        """
    }

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for continued in ContinuedLink.all(in: catalog) {
            // A missing guarding flow is FC650's.
            guard let guardingIndex = continued.guardingIndex,
                case .child(let guarding, _) = continued.routes[guardingIndex].target
            else { continue }
            // The flows still shown when the guarding flow has finished: the root, then each child route's flow before it.
            var around = [continued.flow]
            for route in continued.routes[..<guardingIndex] {
                if case .child(_, let childFlow?) = route.target { around.append(childFlow) }
            }
            let outcome = continued.outcome
            guard let holder = around.last(where: { $0.linkPolicy != nil }), let policy = holder.linkPolicy,
                policy.policy == .reject || policy.policy == .redirect,
                !Self.handlerChangesWhatIsShown(
                    guarding, of: continued.routes[guardingIndex].flow, outcome: outcome.value, catalog)
            else { continue }
            let refusal =
                policy.policy == .reject
                ? "whose 'linkPolicy: reject' refuses every link while it is shown"
                : "whose 'linkPolicy' redirects every link while it is shown, dropping the link"
            diagnostics.append(
                Self.diagnostic(
                    "link \(MessageText.name(continued.link.pattern.value)) continues when child \(MessageText.name(guarding.name.value)) finishes with \(MessageText.name(outcome.value)), inside flow \(MessageText.name(holder.name.value)), \(refusal): the continuation can never open; declare 'linkPolicy: allow' on a flow between them, or route 'otherwise' outside flow \(MessageText.name(holder.name.value))",
                    at: outcome,
                    notes: [
                        DiagnosticNote(
                            "flow \(MessageText.name(holder.name.value)) declares its link policy here",
                            at: policy.location)
                    ]))
        }
    }

    /// Whether `parent`'s handler of `outcome` of `child` finishes `parent`, selects a tab or shows a child
    /// whose flow declares a link policy: then what is shown afterwards may have another policy.
    private static func handlerChangesWhatIsShown(
        _ child: ChildDefinition, of parent: FlowDefinition, outcome: String, _ catalog: FlowCatalog
    ) -> Bool {
        guard let handler = child.handlers.first(where: { $0.outcome.value == outcome }) else { return false }
        return handler.action.alternatives.contains { alternative in
            switch alternative.kind {
            case .finish, .select: return true
            case .startChild(let target, _), .replaceRoot(let target, _), .show(let target, _):
                guard let shown = parent.child(named: target.value) else { return false }
                return catalog.flow(of: shown)?.linkPolicy != nil
            default: return false
            }
        }
    }
}
