import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Restore builds exactly the states steps can build now. Each next route must be one step from
/// the route below it (a deep link's routes no longer widen that), and the conditional choices on the way —
/// an instance's conditional `start`, an `if` of the event that pushes the next route — are evaluated with the
/// host's answers, as for a deep link (docs/RUNNING.md, "Snapshots").
@MainActor
struct RestoreConditionTests {
    static let app = """
        flow: app
        start: home
        screens:
          home: { on: { openAccount: { start: account } } }
        children:
          account: { flow: account }
        links:
          "/me/orders": [home, account, orders]
        """
    static let account = """
        flow: account
        conditions: [isSignedIn, isPremium]
        start: { if: isSignedIn, then: me, else: guest }
        screens:
          me:
            on:
              orders: { push: orders }
              upgrade: { if: isPremium, then: { push: gold }, else: { push: plans } }
          guest: { on: { more: { push: guest2 } } }
          guest2: {}
          orders: {}
          gold: {}
          plans: {}
        """

    func coordinator(_ host: TestHost) throws -> FlowCoordinator {
        try FlowCoordinator(bundle: try Fixtures.bundle([Self.app, Self.account]), flow: "app", host: host.host)
    }

    func snapshot(_ account: [String]) -> FlowSnapshot {
        FlowSnapshot(instances: [
            .init(child: nil, flow: "app", routes: [.init(screen: "home")]),
            .init(child: "account", flow: "account", routes: account.map { .init(screen: $0) }),
        ])
    }

    /// Before: `account` [guest, orders], where only `me` pushes `orders`, was applied (the root flow's
    /// link `/me/orders` paired every screen the child's start can show with `orders`).
    @Test func aNextRouteNoStepPushesFromTheRouteBelowIsRefused() throws {
        let coordinator = try coordinator(TestHost())
        #expect(
            coordinator.restore(snapshot(["guest", "orders"]))
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "in flow 'account', no step shows screen 'orders' on top of screen 'guest'")))
        #expect(coordinator.path.isEmpty)
        #expect(coordinator.restore(snapshot(["guest", "guest2"])) == .applied)
    }

    /// Before: signed-in screens were restored while signed out.
    @Test func aConditionalStartIsEvaluatedNow() throws {
        let host = TestHost()
        let coordinator = try coordinator(host)
        let signedIn = snapshot(["me", "orders"])
        #expect(
            coordinator.restore(signedIn)
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "it shows 'me', which steps could not show now: flow 'account' starts at 'guest' now ('isSignedIn' is false)"
                    )))
        #expect(coordinator.path.isEmpty)
        #expect(coordinator.status == .idle)
        host.conditions["isSignedIn"] = true
        #expect(coordinator.restore(signedIn) == .applied)
        #expect(coordinator.screens == ["app.home", "account.me", "account.orders"])
        // And the other way: the signed-out screens once signed in.
        #expect(
            coordinator.restore(snapshot(["guest"]))
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "it shows 'guest', which steps could not show now: flow 'account' starts at 'me' now ('isSignedIn' is true)"
                    )))
        #expect(coordinator.screens == ["app.home", "account.me", "account.orders"])
    }

    @Test func anIfOnTheWayToTheNextRouteIsEvaluatedNow() throws {
        let host = TestHost()
        host.conditions["isSignedIn"] = true
        let coordinator = try coordinator(host)
        #expect(
            coordinator.restore(snapshot(["me", "gold"]))
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "it shows 'gold', which steps could not show now: event 'upgrade' of screen 'me' reaches it only when 'isPremium' is true, and it is false"
                    )))
        #expect(coordinator.restore(snapshot(["me", "plans"])) == .applied)
        host.conditions["isPremium"] = true
        #expect(coordinator.restore(snapshot(["me", "gold"])) == .applied)
        #expect(coordinator.screens == ["app.home", "account.me", "account.gold"])
    }

    /// What a snapshot taken now restores now: a round trip under the same answers.
    @Test func aSnapshotRestoresUnderTheAnswersItWasTakenWith() throws {
        let host = TestHost()
        host.conditions["isSignedIn"] = true
        let coordinator = try coordinator(host)
        #expect(coordinator.open("/me/orders") == .applied)
        let taken = coordinator.snapshot()
        coordinator.stop()
        #expect(coordinator.restore(taken) == .applied)
        #expect(coordinator.snapshot() == taken)
        host.conditions["isSignedIn"] = false
        coordinator.stop()
        #expect(
            coordinator.restore(taken).reason
                == .invalidSnapshot(
                    "it shows 'me', which steps could not show now: flow 'account' starts at 'guest' now ('isSignedIn' is false)"
                ))
    }

    /// The root flow's conditional start is evaluated like a child's: the shipped app restores `auth` only
    /// while the host says the person has onboarded and is not signed in.
    @Test func theRootFlowsConditionalStartIsEvaluatedNow() throws {
        let host = TestHost()
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "app", host: host.host)
        let auth = FlowSnapshot(instances: [
            .init(child: nil, flow: "app", routes: []),
            .init(child: "auth", flow: "auth", routes: [.init(screen: "signIn")]),
        ])
        #expect(
            coordinator.restore(auth)
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "it shows 'auth', which steps could not show now: flow 'app' starts at 'onboarding' now ('hasOnboarded' is false)"
                    )))
        host.conditions["hasOnboarded"] = true
        #expect(coordinator.restore(auth) == .applied)
    }
}
