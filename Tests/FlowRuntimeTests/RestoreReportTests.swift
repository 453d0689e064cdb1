import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// What a restore reports (docs/RUNNING.md, "Snapshots"; breaker report §6): exactly the links the state before
/// it held and the state after it does not. A queued or pending link the restored state holds again is not
/// dropped (a host told "dropped" would drop its own state for a link that then opens); one it does not hold
/// is, once.
@MainActor
struct RestoreReportTests {
    /// `shop` with a guarded `/orders/9` pending on the `login` cover and `/product/3` queued on it.
    func holdingTwoLinks() throws -> (FlowCoordinator, TestHost) {
        let host = TestHost()
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([HeldLinkRuleTests.shop, HeldLinkRuleTests.login]), flow: "shop",
            host: host.host)
        #expect(coordinator.start() == .applied)
        #expect(
            coordinator.open("/orders/9").reason
                == .linkGuarded(url: "/orders/9", condition: "isSignedIn", flow: "login", outcome: "signedIn"))
        #expect(coordinator.open("/product/3") == StepResult(.queued))
        return (coordinator, host)
    }

    @Test func aRestoreThatPutsHeldLinksBackReportsNoneDropped() throws {
        let (coordinator, host) = try holdingTwoLinks()
        let snapshot = coordinator.snapshot()
        let restored = coordinator.restore(snapshot)
        #expect(restored == .applied)
        #expect(restored.deferredLinks == [])
        #expect(coordinator.snapshot() == snapshot)
        // The links it put back are released as before: the latest opens, the other is superseded.
        host.conditions["isSignedIn"] = true
        let signedIn = coordinator.send("ok")
        #expect(
            signedIn.deferredLinks == [
                DeferredLink(
                    url: "/orders/9", status: .rejected,
                    reason: .linkDropped(
                        url: "/orders/9",
                        because:
                            "superseded by '/product/3', a later link released in the same step; only the latest opens")
                ),
                DeferredLink(url: "/product/3", status: .applied, reason: nil),
            ])
        #expect(coordinator.screens == ["shop.home", "shop.product(id: 3)"])
    }

    @Test func aRestoreThatDoesNotHoldALinkAgainReportsItDroppedOnce() throws {
        let (coordinator, _) = try holdingTwoLinks()
        let holding = coordinator.snapshot()
        let other = try FlowCoordinator(
            bundle: try Fixtures.bundle([HeldLinkRuleTests.shop, HeldLinkRuleTests.login]), flow: "shop")
        #expect(other.start() == .applied)
        let restored = coordinator.restore(other.snapshot())
        #expect(restored == .applied)
        let because = "flow 'login' was removed before it finished"
        #expect(
            restored.deferredLinks == [
                DeferredLink(
                    url: "/product/3", status: .rejected, reason: .linkDropped(url: "/product/3", because: because)),
                DeferredLink(
                    url: "/orders/9", status: .rejected, reason: .linkDropped(url: "/orders/9", because: because)),
            ])
        // Back to the snapshot that holds both: nothing was held before it, so nothing is dropped.
        #expect(coordinator.restore(holding).deferredLinks == [])
    }
}
