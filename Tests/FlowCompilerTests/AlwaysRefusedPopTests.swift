import Testing

@testable import FlowCompiler

/// What the runtime always refuses, the validator reports (FC308): a `popTo` of a screen
/// that can never be below, a `pop: N` deeper than any stack, and child handlers that are always refused.
@Suite struct AlwaysRefusedPopTests {
    private func found(_ example: String) -> [String] {
        RuleExample(example).validate().diagnostics.filter { $0.code == "FC308" }
            .map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.message)" }
    }

    /// Example: `confirm` is only ever pushed from `settings`, so it is never below it.
    @Test func popToAScreenThatIsNeverBelow() {
        #expect(
            found(
                """
                flow: settings
                start: settings
                screens:
                  settings:
                    on:
                      review: { push: confirm }
                      done: { popTo: confirm }
                  confirm:
                    on:
                      back: { pop: 1 }
                """) == [
                    "example.yaml:7:22 'popTo: confirm' is always refused: screen 'confirm' is never below screen 'settings' in flow 'settings'; pop to a screen that can be below, or push 'confirm' before"
                ])
    }

    /// `pop: N` is checked for any N (the depths come from one topological pass, no cap): a chain of
    /// 100 screens lets at most 99 routes below the last; a cycle of pushes lets any number.
    @Test func popDepthHasNoCap() {
        var chain = "flow: long\nstart: s0\nscreens:\n"
        for index in 0..<99 { chain += "  s\(index): { on: { next: { push: s\(index + 1) } } }\n" }
        chain += "  s99: { on: { ok: { pop: 99 }, over: { pop: 100 } } }\n"
        #expect(
            found(chain) == [
                "example.yaml:103:46 'pop: 100' is always refused: at most 99 routes of flow 'long' can be below screen 's99', and pop never removes the flow's first route; pop at most 99 or use 'popTo'"
            ])
        #expect(
            found(
                """
                flow: loop
                start: a
                screens:
                  a: { on: { next: { push: b } } }
                  b: { on: { next: { push: c } } }
                  c: { on: { again: { push: b }, far: { pop: 1000 } } }
                """) == [])
    }

    /// `popTo` is checked for the first 64 distinct targets of a flow (each costs a walk over it), as
    /// `flowc explain FC308` and docs/LIMITS.md say; a further target is not checked.
    @Test func popToChecksSixtyFourTargetsPerFlow() {
        var flow = "flow: many\nstart: home\nscreens:\n  home: { on: { top: { push: top }"
        for index in 0..<65 { flow += ", go\(index): { push: t\(index) }" }
        flow += " } }\n  top: { on: {"
        flow += (0..<65).map { " back\($0): { popTo: t\($0) }" }.joined(separator: ",")
        flow += " } }\n"
        for index in 0..<65 { flow += "  t\(index): {}\n" }
        let reported = found(flow)
        #expect(reported.count == PopAlwaysRefused.maximumTargets)
        #expect(
            reported.first?.hasSuffix(
                "'popTo: t0' is always refused: screen 't0' is never below screen 'top' in flow 'many'; pop to a screen that can be below, or push 't0' before"
            ) == true)
        #expect(!reported.contains { $0.contains("'popTo: t64'") })
    }

    @Test func popDeeperThanAnyStack() {
        #expect(
            found(
                """
                flow: wizard
                start: one
                screens:
                  one: { on: { next: { push: two } } }
                  two: { on: { next: { push: three }, home: { pop: 2 } } }
                  three: { on: { home: { pop: 2 }, out: { pop: 3 } } }
                """) == [
                    "example.yaml:5:52 'pop: 2' is always refused: at most 1 route of flow 'wizard' can be below screen 'two', and pop never removes the flow's first route; pop 1 or use 'popTo'",
                    "example.yaml:6:48 'pop: 3' is always refused: at most 2 routes of flow 'wizard' can be below screen 'three', and pop never removes the flow's first route; pop at most 2 or use 'popTo'",
                ])
    }

    /// A child's handler runs on top of the screen that started the child: a `popTo` of a screen never
    /// below it is always refused, and the child could never finish.
    @Test func childHandlersThatAreAlwaysRefused() {
        #expect(
            found(
                """
                ---- shop.yaml ----
                flow: shop
                start: home
                screens:
                  home: { on: { open: { push: item } } }
                  item: { on: { pay: { start: checkout }, back: { pop: 1 } } }
                  receipt: {}
                children:
                  checkout: { flow: checkout, on: { paid: { popTo: receipt }, failed: { pop: 2 } } }
                ---- checkout.yaml ----
                flow: checkout
                start: card
                outcomes: [paid, failed]
                screens:
                  card: { on: { ok: { finish: paid }, no: { finish: failed } } }
                """
            ).map { String($0.prefix(60)) } == [
                "shop.yaml:8:52 'popTo: receipt' is always refused: screen 'r",
                "shop.yaml:8:78 'pop: 2' is always refused: at most 1 route o",
            ])
    }

    /// Cycles and handler pushes make deeper stacks; a popTo from the same screen is a no-op, not refused.
    @Test func reachableStacksAreNotReported() {
        #expect(
            found(
                """
                flow: loop
                start: a
                screens:
                  a: { on: { next: { push: b }, self: { popTo: a } } }
                  b: { on: { next: { push: a }, deep: { pop: 5 }, toB: { popTo: b } } }
                """) == [])
    }
}
