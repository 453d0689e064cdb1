@testable import FlowCompiler
import Testing

/// Issue 7, item 11: one mistake gives one error, the cause first. A declaration that failed to decode
/// stops the graph rules' findings inside it (no cascade from an already-reported error), and a key that
/// slipped out of its parent (`on:` dedented to a screen of its own) is reported as such.
@Suite struct KnockOnDiagnosticsTests {
    private func diagnostics(_ example: String) -> [String] {
        RuleExample(example).validate().diagnostics.filter { $0.severity == .error }
            .map { "\($0.location.line):\($0.location.column) \($0.code)" }
    }

    /// The example: a `param:` typo printed two FC506/FC501 besides the FC101 "did you mean".
    @Test func aTypoInAnEventGivesOneError() {
        #expect(diagnostics("""
            flow: a
            start: home
            screens:
              home:
                on:
                  open:
                    param: { id: int }
                    push: item
                    with: { id: $id }
              item:
                params: { id: int }
            """) == ["7:9 FC101"])
    }

    /// `default: yes` for a bool: the FC104 alone.
    @Test func aBadDefaultGivesOneError() {
        #expect(diagnostics("""
            flow: b
            start: home
            screens:
              home:
                on:
                  open:
                    params: { id: { type: bool, default: yes } }
                    push: item
                    with: { id: $id }
              item:
                params: { id: bool }
            """) == ["7:46 FC104"])
    }

    /// A dedented `on:` gave five errors, the first "screen 'on' is unreachable".
    @Test func aKeyThatSlippedOutOfItsScreenIsSaidSo() {
        let found = RuleExample("""
            flow: c
            start: home
            screens:
              home:
              on:
                open: { push: item }
              item: {}
            """).validate().diagnostics.filter { $0.severity == .error }
        #expect(found.map { "\($0.location.line):\($0.location.column) \($0.code)" } == ["5:3 FC108"])
        #expect(found.first?.message == "'on' is indented as a screen of its own, but it looks like a key of screen 'home' above it, which is empty; indent 'on' (and what belongs to it) under 'home'")
        #expect(found.first?.notes.map(\.location.line) == [4])
    }

    /// A handler written `cancelled: ~` is there: no FC402 "add 'cancelled: stay'", only the FC103.
    @Test(arguments: ["cancelled: ~", "cancelled:"])
    func aHandlerThatFailedToDecodeIsNotMissing(handler: String) {
        #expect(diagnostics("""
            ---- d.yaml ----
            flow: d
            start: home
            screens:
              home: { on: { go: { start: w } } }
            children:
              w:
                flow: wz
                on:
                  done: stay
                  \(handler)
            ---- wz.yaml ----
            flow: wz
            start: s
            outcomes: [done, cancelled]
            screens:
              s: { on: { a: { finish: done }, b: { finish: cancelled } } }
            """).allSatisfy { !$0.hasSuffix("FC402") })
    }

    /// The example: a `createPosts` typo added a wrong unreachable/unused report for `createPost`.
    @Test func aMisspeltTargetDoesNotMakeWhatItMeantUnreachable() {
        #expect(diagnostics("""
            ---- posts.yaml ----
            flow: posts
            start: list
            screens:
              list: { on: { new: { start: createPosts } } }
            children:
              createPost: { flow: createPost, on: { done: stay } }
            ---- createPost.yaml ----
            flow: createPost
            start: compose
            outcomes: [done]
            screens:
              compose: { on: { ok: { finish: done } } }
            """) == ["4:31 FC204"])
    }
}
