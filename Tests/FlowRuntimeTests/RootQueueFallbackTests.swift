import FlowCompiler
import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// The witness of a disagreement the generator's root flows that finish found (seed 336 of the 0..<1500
/// sweep, and eleven siblings): a root flow that declares outcomes and `linkPolicy: queue`, and runs no flow
/// with a policy of its own, never shows its `linkFallback`. Every link is judged whole first: an invalid
/// one is refused (before `start` too, where the root's start shows the queue flow), a valid one is queued
/// on the root, and the root's finish drops it. The runtime is right (a fallback would replace the flow the
/// policy protects); the validator counted the fallback screen as reached, and now reports it (FC301).
@MainActor
struct RootQueueFallbackTests {
    static let app = """
        flow: app
        start: cart
        linkPolicy: queue
        linkFallback: contacts
        outcomes: [closed]
        screens:
          cart:
            on:
              next: { push: timeline, with: { n: 1 } }
              quit: { finish: closed }
          timeline:
            params: { n: { type: int, min: 1, max: 9 } }
            on: { back: { pop: 1 } }
          contacts:
            on: { restart: { replaceRoot: cart } }
        links:
          "/items/{n:int}": [cart, { timeline: { n: $n } }]
        """

    @Test func theValidatorReportsTheFallbackUnreached() {
        let result = FlowValidation.validate(sources: [("app.yaml", Array(Self.app.utf8))])
        #expect(
            result.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code) \($0.message)" } == [
                "14:3 FC301 screen 'contacts' is unreachable from the start of flow 'app'; push it from a reachable screen or remove it"
            ])
    }

    @Test func aRootThatQueuesLinksNeverShowsItsFallback() throws {
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([Self.app], ignoring: ["FC301"]), flow: "app")
        let cold = coordinator.open("/items/99")
        #expect(cold.status == .rejected)
        #expect(cold.reason?.description == "'n' of screen 'timeline' of flow 'app': 99 is greater than the maximum 9")
        #expect(coordinator.path == [])
        #expect(coordinator.start() == .applied)
        let invalid = coordinator.open("/items/99")
        #expect(invalid.status == .rejected)
        #expect(coordinator.screens == ["app.cart"])
        #expect(coordinator.open("/items/3").status == .queued)
        #expect(coordinator.screens == ["app.cart"])
        let finished = coordinator.send("quit")
        #expect(finished == .applied)
        #expect(coordinator.status == .finished(outcome: "closed"))
        #expect(
            finished.deferredLinks == [
                DeferredLink(
                    url: "/items/3", status: .rejected,
                    reason: .linkDropped(
                        url: "/items/3",
                        because: "the root flow 'app' finished with 'closed'; a finished coordinator opens no link"))
            ])
    }
}
