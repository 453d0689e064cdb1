import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Restore must not accept held links steps cannot build, here where one flow runs as two
/// children: a pending link sits only on the instance its guarded link's `otherwise` routes build — the
/// same child declarations from the root down — not on another instance of the same flow.
@MainActor
struct PendingLinkPlacementTests {
    static let app = """
        flow: app
        conditions: [signedIn]
        start: home
        screens:
          home:
            on:
              signInA: { start: a }
              signInB: { start: b }
              open: { push: secret }
          secret: {}
        children:
          a: { flow: login, presentation: cover, on: { done: stay } }
          b: { flow: login, presentation: cover, on: { done: stay } }
        links:
          "/secret":
            when: signedIn
            routes: [home, secret]
            otherwise: { routes: [home, a], continueOn: done }
        """
    static let login = """
        flow: login
        outcomes: [done]
        start: form
        screens:
          form: { on: { ok: { finish: done } } }
        """

    func snapshot(child: String) -> FlowSnapshot {
        FlowSnapshot(instances: [
            FlowSnapshot.Instance(child: nil, flow: "app", routes: [FlowSnapshot.RouteEntry(screen: "home")]),
            FlowSnapshot.Instance(
                child: child, flow: "login", routes: [FlowSnapshot.RouteEntry(screen: "form")],
                pendingLink: FlowSnapshot.PendingLinkEntry(url: "/secret", continueOn: "done")),
        ])
    }

    @Test func aPendingLinkSitsOnlyWhereItsOtherwiseRoutesEnd() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle([Self.app, Self.login]), flow: "app")
        // What steps build: the link's otherwise routes leave it pending on child 'a'.
        #expect(coordinator.open("/secret").status == .applied)
        #expect(coordinator.snapshot().instances == snapshot(child: "a").instances)
        #expect(coordinator.restore(snapshot(child: "a")).status == .applied)
        let refused = coordinator.restore(snapshot(child: "b"))
        #expect(refused.status == .rejected)
        #expect(
            refused.reason
                == .invalidSnapshot(
                    "the pending link '/secret' is no guarded link that continues when flow 'login' finishes with 'done'"
                ))
        #expect(coordinator.snapshot().instances == snapshot(child: "a").instances)
    }
}
