import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// The runtime faults the random-app generator found in tab sets whose items present (format 1.3; issue 32),
/// each on the generated app that showed it (``YAMLAppGenerator/app(seed:nearMiss:wrapping:)``) and the explorer's
/// witness, with exact results. The rules they broke:
/// - a step whose held link opens after it reports every tab kept when the step began that the link removes
///   (guarantee 7), also one the step first showed again (the item's layer over it finished);
/// - a tab set always shows its selected tab unless its own layer is over it, also when a link sets the tab
///   set aside without that layer (guarantee 6: such a state's snapshot restores);
/// - a tab flow stays for its selected tab to show again only while the route that started it does: back to
///   a route below that one removes it (guarantee 6: no tab bar over a screen that never starts it).
@MainActor
struct GeneratedAppFaultTests {
    static func coordinator(seed: UInt64) throws -> FlowCoordinator {
        // The app the seed made when the fault was found (before wrapper flows and finishing roots).
        let app = YAMLAppGenerator.app(seed: seed, wrapping: false)
        return try FlowCoordinator(bundle: try Fixtures.bundle(app.files), flow: app.rootFlow)
    }

    /// The snapshot restores on a fresh coordinator, and the restored state's snapshot is the same.
    static func expectRestores(_ coordinator: FlowCoordinator, seed: UInt64) throws -> FlowCoordinator {
        let snapshot = coordinator.snapshot()
        let other = try Self.coordinator(seed: seed)
        #expect(other.restore(snapshot).status == .applied)
        #expect(other.snapshot() == snapshot)
        #expect(other.screens == coordinator.screens)
        return other
    }

    /// Seed 173: `shareFlow` (a tab bar in a sheet) keeps `shareFlowTab0` and `shareFlowTab1` under its
    /// `upload` item, whose flow queues `/items/1`. Its outcome `cancelled` shows `shareFlowTab1` again, then
    /// the link rebuilds the root's stack: both tabs kept when the step began are reported dropped.
    @Test func aQueuedLinkOpeningAfterAnItemFinishesReportsTheTabItShowedAgainDropped() throws {
        let coordinator = try Self.coordinator(seed: 173)
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("open") == .applied)
        #expect(coordinator.send("switch") == .applied)
        #expect(coordinator.select(tab: "upload", in: FlowInstanceID(2)) == .applied)
        #expect(coordinator.open("/items/1").status == .queued)
        let upload = try #require(coordinator.instance(FlowInstanceID(5)))
        let result = upload.finish("cancelled")
        #expect(result == .applied)
        #expect(result.finished.map(\.instance) == [FlowInstanceID(5)])
        #expect(result.deferredLinks.map { "\($0.url) \($0.status.rawValue)" } == ["/items/1 applied"])
        #expect(
            result.droppedTabs.map(\.description) == [
                "shareFlow.shareFlowTab0 (#3): review", "shareFlow.shareFlowTab1 (#4): about",
            ])
        #expect(
            result.removed.map(\.description) == [
                "app (#1): link", "shareFlow (#2, child share): link",
                "shareFlowTab1Flow (#4, child shareFlowTab1): link",
                "shareFlowTab0Flow (#3, child shareFlowTab0): link",
            ])
        #expect(coordinator.screens == ["app.contacts", "app.cart(n: 1)"])
    }

    /// Seed 92: the inner tab set `appTab1Flow` presents its `editor` item over `appTab1FlowTab0`; `/first`
    /// selects the outer tab `appTab0` and keeps `appTab1` without the editor's layer, so the inner set shows
    /// its selected tab again: the snapshot restores, and selecting `appTab1` shows the same stack.
    @Test func aLinkThatKeepsANestedTabSetWithoutItsItemsLayerKeepsItsSelectedTabShown() throws {
        let coordinator = try Self.coordinator(seed: 92)
        #expect(coordinator.start() == .applied)
        #expect(coordinator.select(tab: "appTab1", in: FlowInstanceID(1)) == .applied)
        #expect(coordinator.send("present") == .applied)
        #expect(coordinator.screens == ["editorFlow.contacts"])
        let result = coordinator.open("/first")
        #expect(result == .applied)
        #expect(result.removed.map(\.description) == ["editorFlow (#5, child editor): link"])
        #expect(result.droppedTabs.isEmpty)
        #expect(coordinator.screens == ["appTab0Flow.log"])
        let restored = try Self.expectRestores(coordinator, seed: 92)
        for shown in [coordinator, restored] {
            #expect(shown.select(tab: "appTab1") == .applied)
            #expect(shown.screens == ["appTab1FlowTab0Flow.dashboard"])
            #expect(shown.tabSets.map(\.selected) == ["appTab1", "appTab1FlowTab0"])
        }
    }

    /// Seed 98: `ratingFlow` (a tab bar in a sheet from `detail`) presents its `compose` item; back on the
    /// root's stack to `summary` removes `detail`, which started the tab bar, so the tab bar goes too (its
    /// kept tab reported dropped), rather than staying over `summary`, which never starts it.
    @Test func backBelowTheRouteThatStartedATabBarRemovesItWithItsItemsLayer() throws {
        let coordinator = try Self.coordinator(seed: 98)
        #expect(coordinator.open("/items/1") == .applied)
        #expect(coordinator.send("open") == .applied)
        #expect(coordinator.send("present") == .applied)
        #expect(coordinator.screens == ["app.summary", "app.detail(n: 1)", "composeFlow.cart"])
        let result = coordinator.back(1, onStack: FlowInstanceID(1))
        #expect(result == .applied)
        #expect(coordinator.screens == ["app.summary"])
        #expect(result.droppedTabs.map(\.description) == ["ratingFlow.ratingFlowTab0 (#3): panel"])
        #expect(
            result.removed.map(\.description) == [
                "ratingFlow (#2, child rating): back", "composeFlow (#4, child compose): back",
                "ratingFlowTab0Flow (#3, child ratingFlowTab0): back",
            ])
        _ = try Self.expectRestores(coordinator, seed: 98)
    }

    /// Back on the item's own stack still keeps the tab bar, which shows its selected tab again.
    @Test func backOnTheItemsStackStillShowsTheTabBarAgain() throws {
        let coordinator = try Self.coordinator(seed: 98)
        #expect(coordinator.open("/items/1") == .applied)
        #expect(coordinator.send("open") == .applied)
        #expect(coordinator.send("present") == .applied)
        #expect(coordinator.back(1) == .applied)
        #expect(coordinator.screens == ["app.summary", "app.detail(n: 1)", "ratingFlowTab0Flow.panel"])
        _ = try Self.expectRestores(coordinator, seed: 98)
    }
}
