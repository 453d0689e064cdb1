import Testing

@testable import FlowCompiler

/// A link addresses a grandchild under a child flow that starts with a child: the route list names that
/// child next (`[home, account, pro, detail]`), without arguments; leaving it out says what to write.
@Suite struct GrandchildLinkTests {
    static func app(_ route: String) -> String {
        """
        flow: app
        start: home
        screens:
          home: { on: { account: { start: account } } }
        children:
          account: { flow: account }
        links:
          "/detail": \(route)
        ---- account.yaml ----
        flow: account
        conditions: [isPro]
        start: { if: isPro, then: { to: pro, with: { tier: 2 } }, else: { to: basic, with: { tier: 1 } } }
        children:
          pro: { flow: orders }
          basic: { flow: orders }
        ---- orders.yaml ----
        flow: orders
        params: { tier: int }
        start: list
        screens:
          list: { on: { open: { push: detail } } }
          detail: {}
        """
    }

    private func found(_ example: String) -> [String] {
        RuleExample(example).validate().diagnostics.map {
            "\($0.code) \($0.location.line):\($0.location.column) \($0.message)"
        }
    }

    @Test func theStartedChildIsNamedNext() {
        #expect(
            found(Self.app("[home, account, pro, list, detail]")).contains {
                $0.hasPrefix(
                    "FC601 8:35 in link '/detail', 'list' is the start of child 'pro' and is already implied by it")
            })
        #expect(found(Self.app("[home, account, pro, detail]")) == [])
        #expect(found(Self.app("[home, account, basic, detail]")) == [])
    }

    @Test func leavingItOutSaysWhatToWrite() {
        #expect(
            found(Self.app("[home, account, detail]")) == [
                "FC205 8:30 'detail' is neither a screen nor a child of flow 'account'; flow 'account' starts with child 'pro' or 'basic': name that child next, as in [account, pro, detail]"
            ])
    }

    @Test func itTakesNoArguments() {
        #expect(
            found(Self.app("[home, account, { pro: { tier: 3 } }, detail]")) == [
                "FC601 8:32 in link '/detail', 'pro' is the child that flow 'account' starts, with the arguments its start passes; write it without arguments"
            ])
    }
}
