import Testing

@testable import FlowCompiler

/// One mistake gives one error, the cause first. A declaration that failed to decode
/// stops the graph rules' findings inside it (no cascade from an already-reported error), and a key that
/// slipped out of its parent (`on:` dedented to a screen of its own) is reported as such.
@Suite struct KnockOnDiagnosticsTests {
    private func diagnostics(_ example: String) -> [String] {
        RuleExample(example).validate().diagnostics.filter { $0.severity == .error }
            .map { "\($0.location.line):\($0.location.column) \($0.code)" }
    }

    /// Before: a `param:` typo printed two FC506/FC501 besides the FC101 "did you mean".
    @Test func aTypoInAnEventGivesOneError() {
        #expect(
            diagnostics(
                """
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
        #expect(
            diagnostics(
                """
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

    /// An `if` whose branch does not decode (`else: stay` in an event) left the condition untested and the
    /// outcome of its other branch never produced: FC505 and FC302 beside the FC103 (breaker r15). The
    /// FC103 alone now, warnings included.
    @Test func anIfWithABadBranchGivesOneFinding() {
        let found = RuleExample(
            """
            flow: d
            start: home
            conditions: [ready]
            outcomes: [done]
            screens:
              home:
                on:
                  go: { if: ready, then: { finish: done }, else: stay }
            """
        ).validate().diagnostics
        #expect(found.map { "\($0.location.line):\($0.location.column) \($0.code)" } == ["8:54 FC103"])
    }

    /// A dedented `on:` gave five errors, the first "screen 'on' is unreachable".
    @Test func aKeyThatSlippedOutOfItsScreenIsSaidSo() {
        let found = RuleExample(
            """
            flow: c
            start: home
            screens:
              home:
              on:
                open: { push: item }
              item: {}
            """
        ).validate().diagnostics.filter { $0.severity == .error }
        #expect(found.map { "\($0.location.line):\($0.location.column) \($0.code)" } == ["5:3 FC108"])
        #expect(
            found.first?.message
                == "'on' is indented as a screen of its own, but it looks like a key of screen 'home' above it, which is empty; indent 'on' (and what belongs to it) under 'home'"
        )
        #expect(found.first?.notes.map(\.location.line) == [4])
    }

    /// A handler written `cancelled: ~` is there: no FC402 "add 'cancelled: stay'", only the FC103.
    @Test(arguments: ["cancelled: ~", "cancelled:"])
    func aHandlerThatFailedToDecodeIsNotMissing(handler: String) {
        #expect(
            diagnostics(
                """
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
                """
            ).allSatisfy { !$0.hasSuffix("FC402") })
    }

    /// Before: a `createPosts` typo added a wrong unreachable/unused report for `createPost`.
    @Test func aMisspeltTargetDoesNotMakeWhatItMeantUnreachable() {
        #expect(
            diagnostics(
                """
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

    /// Every diagnostic, warnings included: `line:col CODE message`.
    private func everything(_ example: String) -> [String] {
        RuleExample(example).validate().diagnostics.map {
            "\($0.location.line):\($0.location.column) \($0.code) \($0.message)"
        }
    }

    /// Before: `when: []` validated clean, and beside `otherwise` it was blamed on `otherwise` (FC102).
    @Test(arguments: ["", ", otherwise: [x]", ", otherwise: { routes: [x] }"])
    func anEmptyWhenIsReportedAtWhen(otherwise: String) {
        #expect(
            everything(
                """
                flow: a
                start: x
                screens:
                  x: {}
                links:
                  "/a": { when: [], routes: [x]\(otherwise) }
                """) == ["6:17 FC104 'when' is empty; name a condition (or a list of them), or remove 'when'"])
    }

    /// A `when` that does not read (`when: 5`) is reported where it is: `otherwise` beside it is not "missing 'when'".
    @Test func anUnreadableWhenIsNotMissing() {
        #expect(
            everything(
                """
                flow: a
                start: x
                screens:
                  x: {}
                links:
                  "/a": { when: "is signed", routes: [x], otherwise: [x] }
                """
            ).map { String($0.prefix(11)) } == ["6:17 FC106 "])
    }

    /// Before: `when: [c, c]` was silent.
    @Test func aConditionListedTwiceInWhenIsAnError() {
        let found = RuleExample(
            """
            flow: a
            conditions: [c]
            start: x
            screens:
              x: { on: { go: { if: c, then: { push: y }, else: { push: y } } } }
              y: {}
            links:
              "/a": { when: [c, c], routes: [x] }
            """
        ).validate().diagnostics
        #expect(
            found.map { "\($0.location.line):\($0.location.column) \($0.code) \($0.message)" }
                == ["8:21 FC202 condition 'c' is listed twice in 'when' of link '/a'; each condition is listed once"])
        #expect(found.first?.notes.map { "\($0.location.line):\($0.location.column)" } == ["8:18"])
    }

    /// Before: two tabs written as one entry gave FC104 and FC301 "never started" for each of them.
    @Test func twoTabsInOneEntryGiveOneError() {
        #expect(
            everything(
                """
                ---- tabs.yaml ----
                flow: tabs
                tabs: [x, { z: { q: 1 }, w: {} }]
                start: x
                children:
                  x: { flow: leaf }
                  z: { flow: leaf }
                  w: { flow: leaf }
                ---- leaf.yaml ----
                flow: leaf
                start: s
                screens:
                  s: {}
                """) == [
                    "2:11 FC104 a tab is a child name, or a mapping with one entry, CHILD: { ARGUMENTS }; write each tab as an entry of its own"
                ])
    }

    /// Before: an outcome that does not decode gave FC103 and FC302 "never finishes with it".
    @Test func anOutcomeThatDoesNotDecodeGivesOneError() {
        #expect(
            everything(
                """
                flow: a
                start: s
                outcomes: { bad: 5, done: }
                screens:
                  s: { on: { ok: { finish: done } } }
                """) == ["3:18 FC103 expected an outcome as a mapping, found the scalar '5'"])
    }

    /// A link route that does not decode: no FC601 about the routes left, no FC603 about the placeholder
    /// the missing route used.
    @Test func aLinkWithARouteThatDoesNotDecodeGivesOneError() {
        #expect(
            everything(
                """
                flow: a
                start: x
                screens:
                  x: { on: { go: { push: y, with: { id: 1 } } } }
                  y: { params: { id: int } }
                links:
                  "/a": [{ x: {}, q: {} }, { y: { id: 2 } }]
                  "/b/{id:int}": [x, 5]
                """) == [
                    "7:10 FC104 a route is a name or a mapping with one entry, NAME: { ARGUMENTS }",
                    "8:22 FC106 '5' is not a valid route name; use ASCII letters, digits and '_', starting with a letter or '_'",
                ])
    }

    /// A parameter whose declaration does not decode (`type: integer`, no `type`) is left out of
    /// its list, yet its name was written: an argument passed for it, by a push, a link route, a child's
    /// start or a `finish`, is not also "no parameter 'n'" (FC506, FC450, FC504), and a `$name` reference to
    /// it is not also unresolved (FC501).
    @Test func aParameterThatDoesNotDecodeGivesOneError() {
        let found = RuleExample(
            """
            ---- a.yaml ----
            flow: a
            start: home
            children:
              c: { flow: c, on: { done: { push: d, with: { k: $v } } } }
            screens:
              home:
                on:
                  go: { push: b, with: { n: 1 } }
                  open: { start: c, with: { m: 2 } }
              b:
                params: { n: { min: 1 } }
                on:
                  again: { push: d, with: { k: $n } }
              d:
                params: { k: { type: integer } }
            links:
              "/b/{id:int}": [home, { b: { n: $id } }]
            ---- c.yaml ----
            flow: c
            params: { m: { type: long } }
            start: s
            outcomes:
              done: { params: { v: { type: number } } }
            screens:
              s:
                on:
                  x: { push: t, with: { q: $m } }
                  y: { finish: done, with: { v: 1 } }
              t:
                params: { q: int }
                on: { z: { finish: done, with: { v: 2 } } }
            """
        ).validate().diagnostics.filter { $0.severity == .error }
        #expect(
            found.map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.code)" } == [
                "a.yaml:11:18 FC102", "a.yaml:15:26 FC104", "c.yaml:2:22 FC104", "c.yaml:5:32 FC104",
            ])
    }
}
