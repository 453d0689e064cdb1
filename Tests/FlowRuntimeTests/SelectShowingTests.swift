import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// `select: TAB` with `routes:` (format 1.3): a checkout cover finishes with `placed(orderID)` and the tab
/// flow's handler shows Orders › order(orderID) — the outcome's data reaches another tab's stack, as a deep
/// link's routes after a tab would build it (issue 32, item 4).
@MainActor
struct SelectShowingTests {
    static func bundle() throws -> FlowBundle {
        try Fixtures.bundle([
            """
            flow: shop
            tabs: [cart, orders, { tab: checkout, title: Pay }]
            start: cart
            children:
              cart: { flow: cart }
              orders: { flow: orders }
              checkout:
                flow: checkout
                presentation: cover
                on:
                  placed: { select: orders, routes: [{ order: { orderID: $orderID } }, receipt] }
                  abandoned: stay
            """,
            """
            flow: cart
            start: items
            screens:
              items: { on: { open: { push: item } } }
              item: {}
            """,
            """
            flow: orders
            start: list
            screens:
              list: { on: { open: { params: { orderID: string }, push: order, with: { orderID: $orderID } } } }
              order:
                params: { orderID: { type: string, pattern: "[A-Z]-[0-9]{4}" } }
                on: { receipt: { push: receipt } }
              receipt: {}
            """,
            """
            flow: checkout
            start: pay
            outcomes:
              placed: { params: { orderID: string } }
              abandoned:
            screens:
              pay:
                on:
                  place: { params: { orderID: string }, finish: placed, with: { orderID: $orderID } }
                  abandon: { finish: abandoned }
            """,
        ])
    }

    func shop() throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try Self.bundle(), flow: "shop")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("open") == .applied)
        return coordinator
    }

    @Test func thePlacedOrdersIdReachesTheOrdersTabsStackAndTheCartKeepsItsStack() throws {
        let coordinator = try shop()
        #expect(coordinator.select(tab: "checkout") == .applied)
        let result = coordinator.send("place", arguments: ["orderID": .string("A-1001")])
        #expect(result == .applied)
        #expect(coordinator.screens == ["orders.list", "orders.order(orderID: A-1001)", "orders.receipt"])
        #expect(coordinator.tabSets.first?.selected == "orders")
        #expect(
            coordinator.tabSets.first?.keptStacks["cart"]?.routes.map(\.description) == ["cart.items", "cart.item"])
    }

    /// As a link with `tabs: keep`: the kept `list` the routes share stays, with its token; only
    /// `order(B-0001)` is replaced, and the tab is not dropped.
    @Test func aKeptStackOfTheSelectedTabKeepsWhatTheRoutesShare() throws {
        let coordinator = try shop()
        #expect(coordinator.select(tab: "orders") == .applied)
        let list = coordinator.path[0]
        #expect(coordinator.send("open", arguments: ["orderID": .string("B-0001")]) == .applied)
        #expect(coordinator.select(tab: "cart") == .applied)
        #expect(coordinator.select(tab: "checkout") == .applied)
        let result = coordinator.send("place", arguments: ["orderID": .string("A-1001")])
        #expect(result.status == .applied)
        #expect(result.droppedTabs == [])
        #expect(coordinator.screens == ["orders.list", "orders.order(orderID: A-1001)", "orders.receipt"])
        #expect(coordinator.path[0] == list)
    }

    /// The routes' arguments are checked as everywhere: an id that does not match the order's pattern
    /// refuses the step, and the cover stays.
    @Test func anArgumentTheRouteRefusesLeavesTheStateUntouched() throws {
        let coordinator = try shop()
        #expect(coordinator.select(tab: "checkout") == .applied)
        let before = coordinator.path
        let result = coordinator.send("place", arguments: ["orderID": .string("nope")])
        #expect(result.status == .rejected)
        #expect(coordinator.path == before)
    }

    @Test func theBundleRoundTripsThroughTheBinaryEncoding() throws {
        let bundle = try Self.bundle()
        let decoded = try BundleCodec.decode(BundleCodec.encode(bundle))
        #expect(decoded == bundle)
    }

    /// `{ select: b, routes: [i2, x] }` where tab `b` runs tab flow `inner` `[i1, i2]`: the route naming `i2`
    /// selects that tab, as the link `/b/i2/x` with the same routes does (`i1`, started by `inner`'s start on
    /// the way, goes again with its id and token), and the state is the link's.
    @Test func routesThroughATabFlowSelectItsTabAsALinksRoutesDo() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: root
            tabs: [a, b, { tab: item, title: Go }]
            start: a
            children:
              a: { flow: leaf }
              b: { flow: inner }
              item: { flow: itemF, presentation: sheet, on: { go: { select: b, routes: [i2, x] } } }
            links:
              "/b/i2/x": [b, i2, x]
            """,
            """
            flow: inner
            tabs: [i1, i2]
            start: i1
            children:
              i1: { flow: leaf }
              i2: { flow: leaf }
            """,
            """
            flow: itemF
            start: n
            outcomes: [go]
            screens:
              n: { on: { go: { finish: go } } }
            """,
            """
            flow: leaf
            start: l
            screens:
              l: { on: { next: { push: x } } }
              x: {}
            """,
        ])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "root")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.select(tab: "item") == .applied)
        #expect(coordinator.send("go") == .applied)
        #expect(coordinator.screens == ["leaf.l", "leaf.x"])
        #expect(coordinator.path.map(\.instance) == [FlowInstanceID(5), FlowInstanceID(5)])
        #expect(coordinator.tabSets.map(\.selected) == ["b", "i2"])
        #expect(coordinator.tabSets.map { $0.keptStacks.keys.sorted() } == [["a"], []])
        let linked = try FlowCoordinator(bundle: bundle, flow: "root")
        #expect(linked.start() == .applied)
        #expect(linked.select(tab: "item") == .applied)
        #expect(linked.open("/b/i2/x") == .applied)
        #expect(linked.screens == coordinator.screens)
        #expect(linked.tabSets.map(\.selected) == ["b", "i2"])
    }

    /// `placed(id)` → `{ select: orders, routes: [{ order: { id: $id } }] }` into a kept Orders tab that shows
    /// `list › order(7)`: as the link `/orders/{id}` with the same routes, the shared `list` stays with its
    /// instance and token and its `confirm` policy is not asked; only `order(7)` is replaced, reported removed
    /// from the kept tab. The tab is not dropped.
    @Test func routesIntoAKeptTabKeepTheSharedPartAsALinkDoes() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: shop
            tabs: [home, orders, { tab: checkout, title: Pay }]
            start: home
            children:
              home: { flow: homeF }
              orders: { flow: ordersF, on: { left: stay } }
              checkout:
                flow: checkoutF
                presentation: sheet
                on:
                  placed: { select: orders, routes: [{ order: { id: $id } }] }
                  abandoned: stay
            links:
              "/orders/{id:int}": [orders, { order: { id: $id } }]
            """,
            """
            flow: checkoutF
            start: pay
            outcomes:
              placed: { params: { id: int } }
              abandoned:
            screens:
              pay: { on: { place: { params: { id: int }, finish: placed, with: { id: $id } } } }
            """,
            """
            flow: homeF
            start: main
            screens:
              main: {}
            """,
            """
            flow: ordersF
            start: list
            outcomes: [left]
            screens:
              list:
                removal: { policy: confirm, ask: leaveList, outcome: left }
                on: { open: { params: { id: int }, push: order, with: { id: $id } } }
              order:
                params: { id: int }
                on: { back: { pop: 1 } }
            """,
        ])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "shop")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.open("/orders/7") == .applied)
        let list = coordinator.path[0]
        #expect(coordinator.select(tab: "home") == .applied)
        #expect(coordinator.select(tab: "checkout") == .applied)
        let placed = coordinator.send("place", arguments: ["id": .int(8)])
        #expect(placed == .applied)
        #expect(placed.droppedTabs == [])
        #expect(placed.removed.map(\.description) == [])
        #expect(coordinator.screens == ["ordersF.list", "ordersF.order(id: 8)"])
        #expect(coordinator.path[0] == list)
        #expect(coordinator.tabSets.first?.selected == "orders")
        // Again: only `order(8)` goes, nothing is asked.
        #expect(coordinator.select(tab: "checkout") == .applied)
        let again = coordinator.send("place", arguments: ["id": .int(9)])
        #expect(again == .applied)
        #expect(again.droppedTabs == [])
        #expect(coordinator.screens == ["ordersF.list", "ordersF.order(id: 9)"])
        #expect(coordinator.path[0] == list)
    }
}
