import Testing

@testable import FlowCompiler

/// FC301 counts the screens a link policy shows — a `linkFallback` screen and a
/// `{ redirect: SCREEN }` screen reached only through that policy are not unreachable.
@Suite struct LinkPolicyReachabilityTests {
    private func unreachable(_ example: String) -> [String] {
        RuleExample(example).validate().diagnostics.filter { $0.code == "FC301" }
            .map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    @Test func screensShownOnlyByALinkPolicyAreReachable() {
        #expect(
            unreachable(
                """
                flow: library
                start: home
                linkPolicy: { redirect: busy }
                linkFallback: notFound
                screens:
                  home: {}
                  busy: {}
                  notFound: {}
                  orphan: {}
                links:
                  "/home": [home]
                """) == [
                    "9:3 screen 'orphan' is unreachable from the start of flow 'library'; push it from a reachable screen or remove it"
                ])
    }

    /// What those screens lead to is reachable too.
    @Test func whatAPolicyScreenLeadsToIsReachable() {
        #expect(
            unreachable(
                """
                flow: library
                start: home
                linkFallback: notFound
                screens:
                  home: {}
                  notFound: { on: { help: { push: help } } }
                  help: {}
                """) == [])
    }
}
