import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// A restore that puts back equal content reports nothing replaced (docs/RUNNING.md, "Snapshots"): an instance
/// a restore shows at the same place — the same position from the root (or from a kept tab's instance), flow,
/// child declaration, presentation, arguments and selected tab — keeps its id, its routes shown at the same
/// place keep their tokens, and a host's handle of it stays live; only what really leaves is in `removed`,
/// `droppedTabs` and the dropped links.
@MainActor
struct RestorePutBackTests {
    /// `NestedContainerTests`' app: `app` tabs [home, markets (tabs [ut, fx]), settings (tabs [account, …])],
    /// each page `list → detail`. Markets keeps fx (list) under ut; settings shows account's detail; home is
    /// selected and shows its detail.
    func nestedApp() throws -> FlowCoordinator {
        let bundle = try Fixtures.bundle([
            NestedContainerTests.nestedApp, NestedContainerTests.markets, NestedContainerTests.settingsTabs(""),
            NestedContainerTests.page,
        ])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "app")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.select(tab: "markets") == .applied)
        #expect(coordinator.select(tab: "fx") == .applied)
        #expect(coordinator.select(tab: "ut") == .applied)
        #expect(coordinator.select(tab: "settings") == .applied)
        #expect(coordinator.send("next") == .applied)
        #expect(coordinator.select(tab: "home") == .applied)
        #expect(coordinator.send("next") == .applied)
        return coordinator
    }

    /// The kept tabs of every tab set shown, as the tree shows them (ids and tokens included).
    func kept(_ coordinator: FlowCoordinator) -> [[String: FlowStack]] { coordinator.tabSets.map(\.keptStacks) }

    /// Changes the instances of kept tab `name` (found in `instances` and their kept tabs, at any depth).
    func keptTab(
        _ name: String, in instances: inout [FlowSnapshot.Instance], _ change: (inout [FlowSnapshot.Instance]) -> Void
    ) {
        for index in instances.indices {
            if instances[index].otherTabs?[name] != nil {
                change(&instances[index].otherTabs![name]!)
                return
            }
            for other in (instances[index].otherTabs ?? [:]).keys.sorted() {
                keptTab(name, in: &instances[index].otherTabs![other]!, change)
            }
        }
    }

    @Test func restoringTheStatesOwnSnapshotReportsNothingAndKeepsEveryIdAndToken() throws {
        let coordinator = try nestedApp()
        let (path, tabs, snapshot) = (coordinator.path, kept(coordinator), coordinator.snapshot())
        let restored = coordinator.restore(snapshot)
        #expect(restored == .applied)
        #expect(restored.removed == [])
        #expect(restored.droppedTabs == [])
        #expect(restored.deferredLinks == [])
        #expect(coordinator.path == path)
        #expect(kept(coordinator) == tabs)
        #expect(coordinator.snapshot() == snapshot)
    }

    @Test func aRouteThatDiffersAtTheTopIsTheOnlyOneReplaced() throws {
        let coordinator = try nestedApp()
        let path = coordinator.path
        var snapshot = coordinator.snapshot()
        // Home's page shows its list only: its detail leaves; no instance does.
        snapshot.instances[1].routes.removeLast()
        let restored = coordinator.restore(snapshot)
        #expect(restored == .applied)
        #expect(restored.removed == [])
        #expect(restored.droppedTabs == [])
        #expect(coordinator.path == Array(path.dropLast()))
    }

    @Test func aKeptTabTheSnapshotLacksIsTheOnlyOneDropped() throws {
        let coordinator = try nestedApp()
        let (path, markets) = (coordinator.path, kept(coordinator).first?["markets"])
        var snapshot = coordinator.snapshot()
        snapshot.instances[0].otherTabs?["settings"] = nil
        let restored = coordinator.restore(snapshot)
        #expect(restored == .applied)
        #expect(restored.droppedTabs.map(\.description) == ["app.settings (#6): list › detail"])
        #expect(
            restored.removed.map(\.description) == [
                "settingsTabs (#6, child settings): restore", "page (#7, child account): restore",
            ])
        #expect(coordinator.path == path)
        #expect(kept(coordinator).first?["markets"] == markets)
    }

    @Test func aKeptTabThatDiffersIsTheOnlyOneReported() throws {
        let coordinator = try nestedApp()
        let tabs = kept(coordinator)
        let settings = try #require(tabs.first?["settings"])
        let markets = try #require(tabs.first?["markets"])
        var snapshot = coordinator.snapshot()
        // Settings' account page shows its list only: the tab, its instances and the list's token stay.
        keptTab("settings", in: &snapshot.instances) { $0[1].routes.removeLast() }
        let restored = coordinator.restore(snapshot)
        #expect(restored == .applied)
        #expect(restored.removed == [])
        #expect(restored.droppedTabs == [])
        #expect(kept(coordinator).first?["settings"]?.id == settings.id)
        #expect(kept(coordinator).first?["settings"]?.routes == Array(settings.routes.dropLast()))
        #expect(kept(coordinator).first?["markets"] == markets)
    }

    @Test func aKeptTabInsideAKeptTabThatTheRestoreDropsIsTheOnlyOneReported() throws {
        let coordinator = try nestedApp()
        let fx = try #require(coordinator.snapshot().instances[0].otherTabs?["markets"]?[0].otherTabs?["fx"])
        #expect(fx.map(\.flow) == ["page"])
        let settings = kept(coordinator).first?["settings"]
        var snapshot = coordinator.snapshot()
        keptTab("markets", in: &snapshot.instances) { $0[0].otherTabs = nil }
        let restored = coordinator.restore(snapshot)
        #expect(restored == .applied)
        // Instances: app #1, home's page #2, markets #3, ut's page #4, fx's page #5, settings #6, account's #7.
        #expect(restored.droppedTabs.map(\.description) == ["markets.fx (#5): list"])
        #expect(restored.removed.map(\.description) == ["page (#5, child fx): restore"])
        #expect(kept(coordinator).first?["settings"] == settings)
    }

    /// A tab-bar item presented as a sheet over the tab set (`TabBarLayerTests`): restoring the same state keeps
    /// the item's instance, whose handle still finishes it, exactly once; a snapshot without the sheet removes
    /// only the item's instance.
    @Test func aSheetOverATabBarIsPutBackAndItsHandleStillFinishesIt() throws {
        let coordinator = try FlowCoordinator(bundle: try TabBarLayerTests.bundle(), flow: "app")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("open", arguments: ["id": .int(3)]) == .applied)
        #expect(coordinator.select(tab: "settings") == .applied)
        #expect(coordinator.select(tab: "home") == .applied)
        let under = coordinator.snapshot()
        #expect(coordinator.select(tab: "compose") == .applied)
        let path = coordinator.path
        let compose = try #require(path.last?.instance)
        let handle = try #require(coordinator.instance(compose))
        let restored = coordinator.restore(coordinator.snapshot())
        #expect(restored.removed == [])
        #expect(restored.droppedTabs == [])
        #expect(coordinator.path == path)
        #expect(handle.isAlive)
        let finished = handle.finish("cancelled")
        #expect(finished == .applied)
        #expect(finished.finished.map(\.instance) == [compose])
        #expect(handle.finish("cancelled") != .applied)

        #expect(coordinator.select(tab: "compose") == .applied)
        let again = try #require(coordinator.path.last?.instance)
        let removed = coordinator.restore(under)
        #expect(
            removed.removed == [RemovedFlow(instance: again, flow: "composeFlow", child: "compose", cause: .restore)])
        #expect(removed.droppedTabs == [])
    }

    /// A restore that keeps an instance but not a link it held reports that link dropped, once, and no other.
    @Test func aKeptInstanceThatNoLongerHoldsALinkReportsOnlyThatLink() throws {
        let (coordinator, _) = try RestoreReportTests().holdingTwoLinks()
        var snapshot = coordinator.snapshot()
        let holder = try #require(snapshot.instances.firstIndex { !$0.queuedLinks.isEmpty })
        snapshot.instances[holder].queuedLinks = []
        let restored = coordinator.restore(snapshot)
        #expect(restored == .applied)
        #expect(restored.removed == [])
        #expect(
            restored.deferredLinks == [
                DeferredLink(
                    url: "/product/3", status: .rejected,
                    reason: .linkDropped(url: "/product/3", because: "the restored flow 'login' no longer holds it"))
            ])
    }
}
