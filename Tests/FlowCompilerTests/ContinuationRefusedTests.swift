import Testing

@testable import FlowCompiler

/// A continuation refused by a link policy on the way: a guarded link whose continuation always
/// opens inside a flow with `linkPolicy: reject` could never open; FC655 warns at its `continueOn`.
@Suite struct ContinuationRefusedTests {
    private func found(_ example: String) -> [String] {
        RuleExample(example).validate().diagnostics.filter { $0.code == "FC655" }.map { diagnostic in
            let notes = diagnostic.notes.map {
                " | \($0.location.file):\($0.location.line):\($0.location.column) \($0.message)"
            }
            return
                "\(diagnostic.location.file):\(diagnostic.location.line):\(diagnostic.location.column) \(diagnostic.severity) \(diagnostic.message)"
                + notes.joined()
        }
    }

    static func shop(policy: String = "linkPolicy: reject", accountPolicy: String = "", handler: String = "stay")
        -> String
    {
        """
        flow: shop
        conditions: [isSignedIn]
        start: tabs
        children:
          tabs: { flow: shopTabs }
        links:
          "/orders/{orderID:int}":
            when: isSignedIn
            routes: [tabs, account, { order: { orderID: $orderID } }]
            otherwise: { routes: [tabs, account, login], continueOn: signedIn }
        ---- shopTabs.yaml ----
        flow: shopTabs
        tabs: [account, cart]
        start: account
        \(policy)
        children:
          account: { flow: account }
          cart: { flow: cart }
        ---- cart.yaml ----
        flow: cart
        start: items
        screens:
          items: {}
        ---- account.yaml ----
        flow: account
        start: me
        \(accountPolicy)
        screens:
          me: { on: { open: { params: { orderID: int }, push: order, with: { orderID: $orderID } }, signIn: { start: login } } }
          order: { params: { orderID: int } }
        children:
          login: { flow: login, presentation: cover, on: { signedIn: \(handler) } }
        ---- login.yaml ----
        flow: login
        start: form
        outcomes: [signedIn]
        screens:
          form: { on: { submit: { finish: signedIn } } }
        """
    }

    @Test func aContinuationInsideARejectingFlowIsReported() {
        #expect(
            found(Self.shop()) == [
                "example.yaml:10:62 warning link '/orders/{orderID:int}' continues when child 'login' finishes with 'signedIn', inside flow 'shopTabs', whose 'linkPolicy: reject' refuses every link while it is shown: the continuation can never open; declare 'linkPolicy: allow' on a flow between them, or route 'otherwise' outside flow 'shopTabs' | shopTabs.yaml:4:13 flow 'shopTabs' declares its link policy here"
            ])
    }

    /// The deepest declared policy decides: `allow` on the account flow opens links again below the tab bar.
    @Test func aDeeperAllowOrAChangingHandlerIsNotReported() {
        #expect(found(Self.shop(accountPolicy: "linkPolicy: allow")) == [])
        #expect(found(Self.shop(policy: "linkPolicy: queue")) == [])
        #expect(found(Self.shop(policy: "")) == [])
        #expect(found(Self.shop(handler: "{ select: cart }")) == [])
    }
}
