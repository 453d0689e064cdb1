@testable import FlowCompiler
import Testing

/// Issue 7, item 8: what the runtime always refuses, the validator reports (FC308): a `popTo` of a screen
/// that can never be below, a `pop: N` deeper than any stack, and child handlers that are always refused.
@Suite struct AlwaysRefusedPopTests {
    private func found(_ example: String) -> [String] {
        RuleExample(example).validate().diagnostics.filter { $0.code == "FC308" }
            .map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.message)" }
    }

    /// The example: `confirm` is only ever pushed from `settings`, so it is never below it.
    @Test func popToAScreenThatIsNeverBelow() {
        #expect(found("""
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
            """) == ["example.yaml:7:22 'popTo: confirm' is always refused: screen 'confirm' is never below screen 'settings' in flow 'settings'; pop to a screen that can be below, or push 'confirm' before"])
    }

    @Test func popDeeperThanAnyStack() {
        #expect(found("""
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
        #expect(found("""
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
            """).map { String($0.prefix(60)) } == [
                "shop.yaml:8:52 'popTo: receipt' is always refused: screen 'r",
                "shop.yaml:8:78 'pop: 2' is always refused: at most 1 route o",
            ])
    }

    /// Cycles and handler pushes make deeper stacks; a popTo from the same screen is a no-op, not refused.
    @Test func reachableStacksAreNotReported() {
        #expect(found("""
            flow: loop
            start: a
            screens:
              a: { on: { next: { push: b }, self: { popTo: a } } }
              b: { on: { next: { push: a }, deep: { pop: 5 }, toB: { popTo: b } } }
            """) == [])
    }
}
