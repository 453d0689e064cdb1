import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Restore accepts exactly the states steps can build — each route one push or start
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

    /// Example: `[home, details(4), home, details(4)]`, where details never pushes home.
    @Test func aRouteNoStepPutsOnTheOneBelowIsRefused() throws {
        let coordinator = try coordinator()
        let snapshot = FlowSnapshot(instances: [
            FlowSnapshot.Instance(
                child: nil, flow: "shop", arguments: [:],
                routes: [route("home"), route("details", 4), route("home"), route("details", 4)])
        ])
        #expect(
            coordinator.restore(snapshot)
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
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
        #expect(
            coordinator.restore(snapshot)
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "in flow 'shop', screen 'home' never starts child 'review'")))
    }

    /// A child's arguments come from the route it runs on: `details(id: 4)` starts `review` with
    /// `id: $id`, so a snapshot pairing it with `review(id: 5)` describes a state no step builds.
    @Test func aChildWhoseArgumentsTheRouteBelowNeverGivesIsRefused() throws {
        let coordinator = try coordinator()
        let snapshot = FlowSnapshot(instances: [
            FlowSnapshot.Instance(
                child: nil, flow: "shop", arguments: [:], routes: [route("home"), route("details", 4)]),
            FlowSnapshot.Instance(child: "review", flow: "review", arguments: ["id": .int(5)], routes: [route("form")]),
        ])
        #expect(
            coordinator.restore(snapshot)
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "no step starts child 'review' (id: 5) on top of screen 'details' (id: 4) of flow 'shop'; a child's arguments come from the route it runs on"
                    )))
        #expect(coordinator.path.isEmpty)
        var agreeing = snapshot
        agreeing.instances[1].arguments = ["id": .int(4)]
        #expect(coordinator.restore(agreeing) == .applied)
        #expect(coordinator.screens == ["shop.home", "shop.details(id: 4)", "review.form"])
    }

    /// An event parameter or an outcome value may give a child any argument; a deep link's placeholder
    /// gives the child what it gives the route below when both use it.
    @Test func childArgumentsFromEventsAndLinks() throws {
        let open = """
            flow: shop
            start: home
            screens:
              home:
                on:
                  open: { params: { id: int }, push: details, with: { id: $id } }
              details:
                params: { id: int }
                on:
                  reviewOther: { params: { other: int }, start: review, with: { id: $other } }
            children:
              review: { flow: review, on: { done: stay } }
            """
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle([open, Self.review]), flow: "shop")
        let snapshot = FlowSnapshot(instances: [
            FlowSnapshot.Instance(
                child: nil, flow: "shop", arguments: [:], routes: [route("home"), route("details", 4)]),
            FlowSnapshot.Instance(child: "review", flow: "review", arguments: ["id": .int(5)], routes: [route("form")]),
        ])
        #expect(coordinator.restore(snapshot) == .applied)

        let reading = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        reading.start()
        #expect(reading.open("/books/8/edit") == .applied)
        var saved = reading.snapshot()
        // Stopped first: replacing a path that holds the editor's `confirm` route would ask first.
        reading.stop()
        #expect(reading.restore(saved) == .applied)
        reading.stop()
        saved.instances[1].arguments = ["bookID": .int(9)]
        saved.instances[1].routes = [FlowSnapshot.RouteEntry(screen: "editor", arguments: ["bookID": .int(9)])]
        #expect(
            reading.restore(saved)
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "no step starts child 'edit' (bookID: 9) on top of screen 'details' (bookID: 8) of flow 'reading'; a child's arguments come from the route it runs on"
                    )))
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

    /// Found by the restore audit (RestoreMutationTests): a pushed route's arguments were not checked at
    /// all, so `login`'s `code(email: "a")` restored though `submit`'s `email` must match its pattern
    /// (minLength 3, `[^@ ]+@[^@ ]+`) and is what pushes `code`. A pushed route's arguments are now held to
    /// the recipes that push it, and an event's (or an outcome's) parameter to its type and constraints.
    @Test func aPushedRouteWhoseArgumentsNoEventGivesIsRefused() throws {
        let notes = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "notesApp")
        func login(_ email: String) -> FlowSnapshot {
            FlowSnapshot(instances: [
                FlowSnapshot.Instance(child: nil, flow: "notesApp", arguments: [:], routes: []),
                FlowSnapshot.Instance(
                    child: "login", flow: "login", arguments: [:],
                    routes: [
                        FlowSnapshot.RouteEntry(screen: "email", arguments: [:]),
                        FlowSnapshot.RouteEntry(screen: "code", arguments: ["email": .string(email)]),
                    ]),
            ])
        }
        #expect(
            notes.restore(login("a"))
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "no step shows screen 'code' (email: a) on top of screen 'email' () of flow 'login'; a pushed route's arguments come from the event, handler or link that pushed it"
                    )))
        #expect(notes.restore(login("ada@example.com")) == .applied)
        #expect(notes.snapshot().instances == login("ada@example.com").instances)
    }
}
