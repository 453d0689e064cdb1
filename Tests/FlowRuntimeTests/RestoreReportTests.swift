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

    /// A restore judges the links it drops by URL, not by holder (docs/RUNNING.md, "Snapshots"): login #2 over
    /// `home` held `/product/3`; the restored state's login is another instance (#3, over `product`) that holds
    /// it too. Login #2 is removed, the link is not reported dropped, and it opens once when login #3 finishes.
    @Test func aLinkAnotherInstanceHoldsAfterTheRestoreIsNotReportedDropped() throws {
        let coordinator = try MovedLinkHolderApp.coordinator(overProduct: false, holding: true)
        let other = try MovedLinkHolderApp.coordinator(overProduct: true, holding: true)
        let restored = coordinator.restore(other.snapshot())
        #expect(restored == .applied)
        #expect(restored.removed.map(\.description) == ["login (#2, child login): restore"])
        #expect(restored.deferredLinks == [])
        #expect(coordinator.screens == ["store.home", "store.product(id: 1)", "login.form"])
        let signedIn = coordinator.send("ok")
        #expect(signedIn.deferredLinks == [DeferredLink(url: "/product/3", status: .applied, reason: nil)])
        #expect(coordinator.screens == ["store.home", "store.product(id: 3)"])
    }

    /// The same restore onto a state whose login over `product` holds nothing: no instance holds `/product/3`
    /// after it, so it is reported dropped, once, for the instance it removed.
    @Test func aLinkNoInstanceHoldsAfterTheRestoreIsReportedDroppedOnce() throws {
        let coordinator = try MovedLinkHolderApp.coordinator(overProduct: false, holding: true)
        let other = try MovedLinkHolderApp.coordinator(overProduct: true, holding: false)
        let restored = coordinator.restore(other.snapshot())
        #expect(restored == .applied)
        #expect(restored.removed.map(\.description) == ["login (#2, child login): restore"])
        #expect(
            restored.deferredLinks == [
                DeferredLink(
                    url: "/product/3", status: .rejected,
                    reason: .linkDropped(url: "/product/3", because: "flow 'login' was removed before it finished"))
            ])
    }
}
