import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Containers inside containers (issue 32): a tab bar presented as a sheet, tab sets inside tabs, sheets and
/// covers over each other. Every host call with any stack id applies or refuses with a reason; every
/// instance a step removes without finishing it is reported (`removed`, with why); a kept tab is reported
/// dropped only when it is gone; each tab set's `backAtTabRoot` governs back at its own tabs' roots.
@MainActor
struct NestedContainerTests {
    static let shop = """
        flow: shop
        start: home
        screens:
          home: { on: { openAccount: { start: account } } }
        children:
          account: { flow: accountTabs, presentation: sheet }
        """
    static let accountTabs = """
        flow: accountTabs
        tabs: [orders, settings]
        start: orders
        children:
          orders: { flow: sheetPage }
          settings: { flow: sheetPage }
        """
    static let sheetPage = """
        flow: sheetPage
        start: list
        screens:
          list: { on: { next: { push: detail } } }
          detail: {}
        """
    static let page = """
        flow: page
        start: list
        screens:
          list: { on: { next: { push: detail }, toHome: { select: home } } }
          detail: {}
        """

    func presentedTabBar() throws -> FlowCoordinator {
        let bundle = try Fixtures.bundle([Self.shop, Self.accountTabs, Self.sheetPage])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "shop")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("openAccount") == .applied)
        return coordinator
    }

    /// Issue 32, item 2: `back 1 #2` on the sheet entry of a tab bar presented as a sheet trapped in
    /// `shownStack(_:)`. The entry has no routes: back by a count is refused with why, its (empty) routes are
    /// a no-op, and dismissing it removes the sheet with its tabs, each reported removed by the dismissal.
    @Test func backOnAPresentedTabBarsOwnEntryIsRefusedWithAReason() throws {
        let coordinator = try presentedTabBar()
        let sheet = FlowInstanceID(2)
        #expect(coordinator.stacks.map(\.id) == [FlowInstanceID(1), sheet, FlowInstanceID(3)])
        #expect(coordinator.stacks[1].routes == [])
        let path = coordinator.path
        #expect(
            coordinator.back(1, onStack: sheet)
                == StepResult(.rejected, .stackWithoutRoutes(sheet, flow: "accountTabs")))
        #expect(
            coordinator.back(1, onStack: sheet).reason?.description
                == "the stack of flow instance 2 ('accountTabs') shows a tab bar and has no routes of its own: back acts on its tabs' stacks; the layer goes by dismissal or when its flow finishes"
        )
        #expect(coordinator.back(0, onStack: sheet) == .applied)
        #expect(coordinator.reconcile(stack: sheet, to: []) == .applied)
        #expect(coordinator.reconcile(stack: sheet, to: [path[0]]) == StepResult(.rejected, .notAPrefix))
        #expect(coordinator.path == path)
        #expect(coordinator.send("next") == .applied)
        #expect(coordinator.select(tab: "settings") == .applied)
        let dismissed = coordinator.dismiss(sheet)
        #expect(dismissed == .applied)
        #expect(
            dismissed.removed.map(\.description) == [
                "accountTabs (#2, child account): dismissal", "sheetPage (#4, child settings): dismissal",
                "sheetPage (#3, child orders): dismissal",
            ])
        #expect(dismissed.droppedTabs.map(\.description) == ["accountTabs.orders (#3): list › detail"])
        #expect(coordinator.screens == ["shop.home"])
    }

    static let cartStore = """
        flow: store
        start: catalog
        links:
          "/item/{itemID:int}": [catalog, { item: { itemID: $itemID } }]
        screens:
          catalog: { on: { openCart: { start: cart }, show: { push: item, with: { itemID: 1 } } } }
          item: { params: { itemID: int } }
        children:
          cart: { flow: cart, presentation: sheet, on: { closed: stay } }
        """
    static let cart = """
        flow: cart
        start: lines
        outcomes: [closed]
        screens:
          lines: { on: { checkout: { start: checkout }, close: { finish: closed } } }
        children:
          checkout: { flow: checkout, presentation: cover, on: { placed: stay } }
        """
    static let checkout = """
        flow: checkout
        start: pay
        outcomes: [placed]
        screens:
          pay: { on: { place: { finish: placed } } }
        """

    /// Issue 32, item 5: a link while the checkout cover is up removes the cart sheet and the cover; the
    /// result names every instance that left without finishing, and why (a link, a finishing ancestor,
    /// restore, stop), beside the ones that finished.
    @Test func everyInstanceAStepRemovesWithoutFinishingItIsReportedWithWhy() throws {
        let bundle = try Fixtures.bundle([Self.cartStore, Self.cart, Self.checkout])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "store")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("openCart") == .applied)
        #expect(coordinator.send("checkout") == .applied)
        let linked = coordinator.open("/item/3")
        #expect(linked == .applied)
        #expect(
            linked.removed.map(\.description) == [
                "store (#1): link", "cart (#2, child cart): link", "checkout (#3, child checkout): link",
            ])
        #expect(coordinator.back() == .applied)
        #expect(coordinator.send("openCart") == .applied)
        #expect(coordinator.send("checkout") == .applied)
        let cart = try #require(coordinator.instance(FlowInstanceID(5)))
        let closed = cart.finish("closed")
        #expect(closed.finished.map(\.instance) == [FlowInstanceID(5)])
        #expect(closed.removed.map(\.description) == ["checkout (#6, child checkout): finish"])
        #expect(coordinator.send("openCart") == .applied)
        let snapshot = coordinator.snapshot()
        let restored = coordinator.restore(snapshot)
        // Restoring the state's own snapshot puts every instance back: none is removed (RestorePutBackTests).
        #expect(restored.removed == [])
        let stopped = coordinator.stop()
        #expect(stopped.removed.map(\.description) == ["store (#4): stop", "cart (#7, child cart): stop"])
        #expect(coordinator.stop().removed == [])
    }

    static let nestedApp = """
        flow: app
        tabs: [home, markets, settings]
        start: home
        children:
          home: { flow: page }
          markets: { flow: markets }
          settings: { flow: settingsTabs }
        """
    static let markets = """
        flow: markets
        tabs: [ut, fx]
        start: ut
        children:
          ut: { flow: page }
          fx: { flow: page }
        """
    static func settingsTabs(_ policy: String) -> String {
        """
        flow: settingsTabs
        tabs: [account, privacy, notifications]
        start: account
        \(policy)
        children:
          account: { flow: page }
          privacy: { flow: page }
          notifications: { flow: page }
        """
    }

    func nested(outer: String = "", inner: String = "") throws -> FlowCoordinator {
        let bundle = try Fixtures.bundle([
            Self.nestedApp.replacingOccurrences(of: "start: home\n", with: "start: home\n\(outer)\n"),
            Self.markets, Self.settingsTabs(inner), Self.page,
        ])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "app")
        #expect(coordinator.start() == .applied)
        return coordinator
    }

    /// Issue 32, item 3: selecting an outer tab from a page of an inner tab set (by a flow's `select:` and by
    /// the host) sets the inner set aside whole, with its kept tab: nothing is dropped, and selecting the
    /// outer tab again shows the inner set as it was, with the same tokens.
    @Test func selectingAnOuterTabFromAnInnerTabSetDropsNoKeptTab() throws {
        for byHost in [false, true] {
            let coordinator = try nested()
            #expect(coordinator.select(tab: "markets") == .applied)
            #expect(coordinator.select(tab: "fx") == .applied)
            let kept = coordinator.tabSets[1].keptStacks["ut"]
            #expect(kept?.routes.map(\.description) == ["page.list"])
            let selected = byHost ? coordinator.select(tab: "home") : coordinator.send("toHome")
            #expect(selected == .applied)
            #expect(selected.droppedTabs == [])
            #expect(selected.removed == [])
            #expect(coordinator.screens == ["page.list"])
            #expect(coordinator.select(tab: "markets") == .applied)
            #expect(coordinator.tabSets[1].selected == "fx")
            #expect(coordinator.tabSets[1].keptStacks["ut"] == kept)
            #expect(coordinator.select(tab: "ut") == .applied)
            #expect(coordinator.path.map(\.token) == kept?.routes.map(\.token))
        }
    }

    /// Issue 32, item 7: each tab set's `backAtTabRoot` governs back at its own tabs' roots. Settings' pages
    /// (three, so "first" and "the one to the left" differ) declare `selectFirstTab` inside a tab bar that
    /// refuses: back at the Notifications page's root selects Account. With the policies swapped, back at a
    /// page's root is refused (the outer bar's policy is not the pages'). With both declaring it, back at the
    /// first page's root, where the inner set has nothing left to select, is the outer set's to decide.
    @Test func aNestedTabSetsBackAtTabRootGovernsBackAtItsOwnTabsRoots() throws {
        let coordinator = try nested(inner: "backAtTabRoot: selectFirstTab")
        #expect(coordinator.select(tab: "settings") == .applied)
        #expect(coordinator.select(tab: "notifications") == .applied)
        #expect(coordinator.back() == .applied)
        #expect(coordinator.tabSets.map(\.selected) == ["settings", "account"])
        #expect(coordinator.select(tab: "privacy") == .applied)
        let privacy = coordinator.stacks[0].id
        #expect(coordinator.back(1, onStack: privacy) == .applied)
        #expect(coordinator.tabSets.map(\.selected) == ["settings", "account"])
        #expect(coordinator.back() == StepResult(.rejected, .tabFirstRoute(tab: "account")))

        let swapped = try nested(outer: "backAtTabRoot: selectFirstTab")
        #expect(swapped.select(tab: "settings") == .applied)
        #expect(swapped.select(tab: "notifications") == .applied)
        #expect(swapped.back() == StepResult(.rejected, .tabFirstRoute(tab: "notifications")))
        #expect(swapped.tabSets.map(\.selected) == ["settings", "notifications"])
        #expect(swapped.select(tab: "account") == .applied)
        #expect(swapped.back() == StepResult(.rejected, .tabFirstRoute(tab: "account")))

        let both = try nested(outer: "backAtTabRoot: selectFirstTab", inner: "backAtTabRoot: selectFirstTab")
        #expect(both.select(tab: "settings") == .applied)
        #expect(both.select(tab: "privacy") == .applied)
        #expect(both.back() == .applied)
        #expect(both.tabSets.map(\.selected) == ["settings", "account"])
        #expect(both.back() == .applied)
        #expect(both.tabSets.map(\.selected) == ["home"])
    }
}

/// Nested `backAtTabRoot` read one way (breaker report §8, apps nest3 and nest3-innerpolicy): `root` (no policy)
/// `[t1, t2]`, `t2` runs `mid` (`selectFirstTab`) `[m1, m2]`, `m2` runs `inner` `[i1, i2]`. At the root of
/// `inner`'s first page `i1`, `mid` decides only when `inner` itself declares `selectFirstTab`; without it,
/// back is refused at every page's root of `inner`, its first page's included.
@MainActor
struct NestedBackAtTabRootTests {
    func threeDeep(inner policy: String) throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([
                """
                flow: root
                tabs: [t1, t2]
                start: t1
                children:
                  t1: { flow: leaf }
                  t2: { flow: mid }
                """,
                """
                flow: mid
                tabs: [m1, m2]
                start: m1
                backAtTabRoot: selectFirstTab
                children:
                  m1: { flow: leaf }
                  m2: { flow: inner }
                """,
                """
                flow: inner
                tabs: [i1, i2]
                start: i1
                \(policy)
                children:
                  i1: { flow: leaf }
                  i2: { flow: leaf }
                """,
                """
                flow: leaf
                start: l
                screens:
                  l: {}
                """,
            ]), flow: "root")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.select(tab: "t2") == .applied)
        #expect(coordinator.select(tab: "m2") == .applied)
        #expect(coordinator.tabSets.map(\.selected) == ["t2", "m2", "i1"])
        return coordinator
    }

    @Test func withoutTheInnerPolicyBackAtTheInnerFirstPageIsRefused() throws {
        let coordinator = try threeDeep(inner: "")
        #expect(coordinator.back() == StepResult(.rejected, .tabFirstRoute(tab: "i1")))
        #expect(coordinator.select(tab: "i2") == .applied)
        #expect(coordinator.back() == StepResult(.rejected, .tabFirstRoute(tab: "i2")))
        #expect(coordinator.tabSets.map(\.selected) == ["t2", "m2", "i2"])
    }

    @Test func withTheInnerPolicyTheOuterSetDecidesAtTheInnerFirstPage() throws {
        let coordinator = try threeDeep(inner: "backAtTabRoot: selectFirstTab")
        #expect(coordinator.select(tab: "i2") == .applied)
        #expect(coordinator.back() == .applied)
        #expect(coordinator.tabSets.map(\.selected) == ["t2", "m2", "i1"])
        #expect(coordinator.back() == .applied)
        #expect(coordinator.tabSets.map(\.selected) == ["t2", "m1"])
        // At `m1`'s root (`mid`'s first tab) `root` decides, and it declares no policy.
        #expect(coordinator.back() == StepResult(.rejected, .tabFirstRoute(tab: "m1")))
    }
}

/// Issue 32, item 6: a link that shows what is already shown changes nothing below it.
@MainActor
struct LinkSharingShownStackTests {
    @Test func aLinkEqualToAKeptTabsStackSelectsItAsItWas() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "social")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.open("/search/a") == .applied)
        let search = coordinator.path
        #expect(search.map(\.description) == ["search.query", "search.results(query: a)"])
        #expect(coordinator.select(tab: "feed") == .applied)
        // Equal to the kept search tab's stack: selected as it was, nothing dropped or removed.
        let again = coordinator.open("/search/a")
        #expect(again == .applied)
        #expect(again.droppedTabs == [])
        #expect(again.removed == [])
        #expect(coordinator.path == search)
        // Equal to the shown stack: nothing changes.
        let same = coordinator.open("/search/a")
        #expect(same.removed == [])
        #expect(coordinator.path == search)
        // A link that shares the bottom keeps it and replaces only what lies above.
        #expect(coordinator.open("/search/b") == .applied)
        #expect(coordinator.path.first == search.first)
        #expect(coordinator.screens == ["search.query", "search.results(query: b)"])
        #expect(coordinator.path[1].token > search[1].token)
    }
}
