import FlowModel
import FlowRuntime
import Testing

/// Issue 7, item 5: restore accepts exactly the states steps can build — each route one push or start
/// from the route below it, each child on a route that starts it — and refuses the rest with a reason.
@MainActor
struct RestoreReachabilityTests {
    static let shop = """
        flow: shop
        start: home
        screens:
          home:
            on:
              open: { params: { id: int }, push: details, with: { id: $id } }
          details:
            params: { id: int }
            on:
              review: { start: review, with: { id: $id } }
              back: { pop: 1 }
          thanks: {}
          help: {}
        children:
          review: { flow: review, on: { done: { push: thanks } } }
        links:
          "/items/{id:int}": [home, { details: { id: $id } }]
        linkFallback: help
        """
    static let review = """
        flow: review
        params: { id: int }
        start: form
        outcomes: [done]
        screens:
          form: { on: { send: { finish: done } } }
        """

    func coordinator() throws -> FlowCoordinator {
        try FlowCoordinator(bundle: try Fixtures.bundle([Self.shop, Self.review]), flow: "shop")
    }

    func route(_ screen: String, _ id: Int? = nil) -> FlowSnapshot.RouteEntry {
        FlowSnapshot.RouteEntry(screen: screen, arguments: id.map { ["id": .int($0)] } ?? [:])
    }

    /// The example: `[home, details(4), home, details(4)]`, where details never pushes home.
    @Test func aRouteNoStepPutsOnTheOneBelowIsRefused() throws {
        let coordinator = try coordinator()
        let snapshot = FlowSnapshot(instances: [FlowSnapshot.Instance(child: nil, flow: "shop", arguments: [:],
            routes: [route("home"), route("details", 4), route("home"), route("details", 4)])])
        #expect(coordinator.restore(snapshot) == StepResult(.rejected, .invalidSnapshot(
            "in flow 'shop', no step shows screen 'home' on top of screen 'details'")))
        #expect(coordinator.path.isEmpty)
        #expect(coordinator.status == .idle)
    }

    /// A child restored on a screen that never starts it (its handler could never resolve `$id`).
    @Test func aChildOnARouteThatNeverStartsItIsRefused() throws {
        let coordinator = try coordinator()
        let snapshot = FlowSnapshot(instances: [
            FlowSnapshot.Instance(child: nil, flow: "shop", arguments: [:], routes: [route("home")]),
            FlowSnapshot.Instance(child: "review", flow: "review", arguments: ["id": .int(4)], routes: [route("form")]),
        ])
        #expect(coordinator.restore(snapshot) == StepResult(.rejected, .invalidSnapshot(
            "in flow 'shop', screen 'home' never starts child 'review'")))
    }

    /// What steps reach restores: handler pushes, the link fallback, a child on the screen that starts it.
    @Test func statesStepsReachAreRestored() throws {
        let coordinator = try coordinator()
        coordinator.start()
        coordinator.send("open", arguments: ["id": .int(4)])
        coordinator.send("review")
        let onChild = coordinator.snapshot()
        coordinator.send("send")
        #expect(coordinator.screens == ["shop.home", "shop.details(id: 4)", "shop.thanks"])
        let afterHandler = coordinator.snapshot()
        #expect(coordinator.open("/nowhere").reason != nil)
        #expect(coordinator.screens == ["shop.help"])
        let fallback = coordinator.snapshot()
        for snapshot in [onChild, afterHandler, fallback] {
            let other = try self.coordinator()
            #expect(other.restore(snapshot) == .applied)
            #expect(other.snapshot() == snapshot)
        }
    }
}
