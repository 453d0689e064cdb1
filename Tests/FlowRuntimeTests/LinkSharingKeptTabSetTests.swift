import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// A link (or a `select` with routes) into a tab set it shares — the same flow, child, presentation and
/// arguments, shown or kept, at any depth — keeps that instance even when it selects another of its tabs: that
/// tab is selected in the same instance and the tab selected before is kept aside, nothing of it removed
/// (docs/RUNNING.md, "Deep links into shown tabs"; breaker r13 item 3, app nest3b).
@MainActor
struct LinkSharingKeptTabSetTests {
    /// `app3 [shop, profile]` › `profileTabs [activity, settings]` › `settingsTabs [general, privacy]`.
    static let flows = [
        """
        flow: app3
        tabs: [shop, profile, { tab: scan, title: Scan }]
        start: shop
        children:
          scan: { flow: scanFlow, presentation: cover, on: { found: { select: profile, routes: [settings, privacy] } } }
          shop: { flow: shopTab, on: { picked: { select: profile, routes: [settings, privacy] } } }
          profile: { flow: profileTabs }
        links:
          "/profile/settings/privacy": [profile, settings, privacy]
          "/profile/settings": [profile, settings]
        """,
        """
        flow: shopTab
        start: catalog
        screens:
          catalog: { on: { pick: { finish: picked } } }
        outcomes: { picked: {} }
        """,
        """
        flow: scanFlow
        start: camera
        outcomes: { found: {} }
        screens:
          camera: { on: { found: { finish: found } } }
        """,
        """
        flow: profileTabs
        tabs: [activity, settings]
        start: activity
        children:
          activity: { flow: activityTab }
          settings: { flow: settingsTabs }
        """,
        """
        flow: settingsTabs
        tabs: [general, privacy]
        start: general
        children:
          general: { flow: generalPage }
          privacy: { flow: privacyPage }
        """,
        """
        flow: activityTab
        start: timeline
        screens:
          timeline: { on: { toShop: { select: shop } } }
        """,
        """
        flow: generalPage
        start: general
        screens:
          general: { on: { toShop: { select: shop } } }
        """,
        """
        flow: privacyPage
        start: privacy
        screens:
          privacy: { on: { toGeneral: { select: general } } }
        """,
    ]

    /// Each shown tab set as `flow #id:selected kept [tab #id of its kept stack]`, and the path as
    /// `instance:screen`.
    func state(_ coordinator: FlowCoordinator) -> (tabs: [String], path: [String]) {
        (
            coordinator.tabSets.map { set in
                let kept = set.keptStacks.sorted { $0.key < $1.key }.map { "\($0.key) #\($0.value.id.rawValue)" }
                return "\(set.flow) #\(set.id.rawValue):\(set.selected) kept \(kept)"
            },
            coordinator.path.map { "\($0.instance):\($0.screen)" }
        )
    }

    /// start, select profile, select settings: settingsTabs #5 shows general #6.
    func showingGeneral(thenShop: Bool) throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle(Self.flows), flow: "app3")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.select(tab: "profile").status == .applied)
        #expect(coordinator.select(tab: "settings").status == .applied)
        #expect(state(coordinator).path == ["6:general"])
        if thenShop { #expect(coordinator.send("toShop").status == .applied) }
        return coordinator
    }

    /// After the step: settingsTabs #5 kept, privacy (`privacy`, new) selected in it, general #6 kept aside;
    /// selecting general shows general #6 again and keeps privacy aside. `shop`: app3's kept shop tab, if any.
    func expectSharedAndGeneralKept(_ coordinator: FlowCoordinator, privacy: Int, shop: String) {
        #expect(
            state(coordinator).tabs == [
                "app3 #1:profile kept [\(shop)]", "profileTabs #3:settings kept [\"activity #4\"]",
                "settingsTabs #5:privacy kept [\"general #6\"]",
            ])
        #expect(state(coordinator).path == ["\(privacy):privacy"])
        #expect(coordinator.select(tab: "general").status == .applied)
        #expect(state(coordinator).path == ["6:general"])
        #expect(state(coordinator).tabs.last == "settingsTabs #5:general kept [\"privacy #\(privacy)\"]")
    }

    @Test func aLinkIntoAKeptTabSetSharesItAndKeepsItsSelectedTabAside() throws {
        let coordinator = try showingGeneral(thenShop: true)
        let result = coordinator.open("/profile/settings/privacy")
        #expect(result.status == .applied)
        #expect(result.removed.map(\.description) == [])
        #expect(result.droppedTabs.isEmpty)
        expectSharedAndGeneralKept(coordinator, privacy: 10, shop: "\"shop #2\"")
    }

    @Test func aLinkIntoAShownTabSetSharesItAsBefore() throws {
        let coordinator = try showingGeneral(thenShop: false)
        let result = coordinator.open("/profile/settings/privacy")
        #expect(result.status == .applied)
        #expect(result.removed.map(\.description) == [])
        expectSharedAndGeneralKept(coordinator, privacy: 10, shop: "\"shop #2\"")
    }

    /// `{ select: profile, routes: [settings, privacy] }` from the shop tab, profile kept: the same sharing.
    @Test func aSelectWithRoutesIntoAKeptTabSetSharesItTheSameWay() throws {
        let coordinator = try showingGeneral(thenShop: true)
        let result = coordinator.send("pick")
        #expect(result.status == .applied)
        #expect(result.removed.map(\.description) == [])
        #expect(result.droppedTabs.isEmpty)
        // shopTab #2 finished with `picked`: app3 keeps no shop tab.
        #expect(result.finished.map { "\($0.flow) #\($0.instance.rawValue) \($0.outcome)" } == ["shopTab #2 picked"])
        expectSharedAndGeneralKept(coordinator, privacy: 9, shop: "")
    }

    /// The same from app3's `scan` item over profile shown: the cover's `found` selects profile with routes.
    @Test func aSelectWithRoutesIntoAShownTabSetSharesItTheSameWay() throws {
        let coordinator = try showingGeneral(thenShop: false)
        #expect(coordinator.select(tab: "scan").status == .applied)
        let result = coordinator.send("found")
        #expect(result.status == .applied)
        #expect(result.removed.map(\.description) == [])
        #expect(result.droppedTabs.isEmpty)
        #expect(result.finished.map { "\($0.flow) #\($0.instance.rawValue) \($0.outcome)" } == ["scanFlow #7 found"])
        expectSharedAndGeneralKept(coordinator, privacy: 10, shop: "\"shop #2\"")
    }

    /// Two levels: `/profile/settings` while profile is kept showing activity #4 keeps profileTabs #3 and
    /// keeps activity #4 aside.
    @Test func aLinkIntoAKeptTwoLevelTabSetSharesIt() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle(Self.flows), flow: "app3")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.select(tab: "profile").status == .applied)
        #expect(coordinator.send("toShop").status == .applied)
        let result = coordinator.open("/profile/settings")
        #expect(result.status == .applied)
        #expect(result.removed.map(\.description) == [])
        #expect(result.droppedTabs.isEmpty)
        #expect(
            state(coordinator).tabs == [
                "app3 #1:profile kept [\"shop #2\"]", "profileTabs #3:settings kept [\"activity #4\"]",
                "settingsTabs #7:general kept []",
            ])
        #expect(state(coordinator).path == ["8:general"])
        #expect(coordinator.select(tab: "activity").status == .applied)
        #expect(
            state(coordinator).tabs == [
                "app3 #1:profile kept [\"shop #2\"]", "profileTabs #3:activity kept [\"settings #8\"]",
            ])
        #expect(state(coordinator).path == ["4:timeline"])
    }
}
