import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// What a link policy holds and what a fallback shows. Several held links released in one step
/// open only the latest; a `queue` policy on a flow that never finishes refuses links; the `linkFallback`
/// screen passes the same conditions as a link's first route.
@MainActor
struct HeldLinkRuleTests {
    static let shop = """
        flow: shop
        conditions: [isSignedIn]
        start: home
        screens:
          home:
            on:
              view: { params: { id: int }, push: product, with: { id: $id } }
              showCart: { push: cart }
              signIn: { start: login }
          product: { params: { id: int } }
          cart: {}
        children:
          login: { flow: login, presentation: cover, on: { signedIn: stay, cancelled: stay } }
        links:
          "/orders/{id:int}":
            when: isSignedIn
            routes: [home, { product: { id: $id } }]
            otherwise: { routes: [home, login], continueOn: signedIn }
          "/product/{id:int}": [home, { product: { id: $id } }]
          "/cart": [home, cart]
        """
    /// A sign-in that queues the links opened while it runs (`linkPolicy: queue`).
    static let login = MovedLinkHolderApp.login

    /// Before: a pending and two queued links on `login` all opened in one step (three rebuilds, two
    /// reported applied though replaced at once). Now the latest opens; the others are reported superseded.
    @Test func onlyTheLatestOfSeveralHeldLinksOpens() throws {
        let host = TestHost()
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([Self.shop, Self.login]), flow: "shop", host: host.host)
        coordinator.start()
        #expect(
            coordinator.open("/orders/9").reason
                == .linkGuarded(url: "/orders/9", condition: "isSignedIn", flow: "login", outcome: "signedIn"))
        #expect(coordinator.open("/product/3") == StepResult(.queued))
        #expect(coordinator.open("/cart") == StepResult(.queued))
        host.conditions["isSignedIn"] = true
        let signedIn = coordinator.send("ok")
        #expect(signedIn == .applied)
        #expect(
            signedIn.deferredLinks == [
                DeferredLink(
                    url: "/orders/9", status: .rejected,
                    reason: .linkDropped(
                        url: "/orders/9",
                        because: "superseded by '/cart', a later link released in the same step; only the latest opens")
                ),
                DeferredLink(
                    url: "/product/3", status: .rejected,
                    reason: .linkDropped(
                        url: "/product/3",
                        because: "superseded by '/cart', a later link released in the same step; only the latest opens")
                ),
                DeferredLink(url: "/cart", status: .applied, reason: nil),
            ])
        #expect(coordinator.screens == ["shop.home", "shop.cart"])
    }

    /// A pending link alone still opens, also after a queued link was dropped by another outcome.
    @Test func aSingleHeldLinkOpensAsBefore() throws {
        let host = TestHost()
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([Self.shop, Self.login]), flow: "shop", host: host.host)
        coordinator.start()
        coordinator.open("/orders/9")
        host.conditions["isSignedIn"] = true
        let signedIn = coordinator.send("ok")
        #expect(signedIn.deferredLinks == [DeferredLink(url: "/orders/9", status: .applied, reason: nil)])
        #expect(coordinator.screens == ["shop.home", "shop.product(id: 9)"])
    }

    /// A continuation refused by a link policy on the way (FC655 warns at validate time): the
    /// continuation opens inside `shopTabs`, whose `linkPolicy: reject` refuses it every time.
    @Test func aContinuationInsideARejectingFlowIsRefused() throws {
        let files = """
            flow: shop
            conditions: [isSignedIn]
            start: tabs
            children:
              tabs: { flow: shopTabs }
            links:
              "/orders/{orderID:int}":
                when: isSignedIn
                routes: [tabs, account, { order: { orderID: $orderID } }]
                otherwise: { routes: [tabs, account, login], continueOn: signedIn }
            ---
            flow: shopTabs
            tabs: [account]
            start: account
            linkPolicy: reject
            children:
              account: { flow: account }
            ---
            flow: account
            start: me
            screens:
              me: { on: { open: { params: { orderID: int }, push: order, with: { orderID: $orderID } }, signIn: { start: login } } }
              order: { params: { orderID: int } }
            children:
              login: { flow: login, presentation: cover, on: { signedIn: stay } }
            ---
            flow: login
            start: form
            outcomes: [signedIn]
            screens:
              form: { on: { submit: { finish: signedIn } } }
            """.components(separatedBy: "\n---\n")
        let host = TestHost()
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle(files), flow: "shop", host: host.host)
        #expect(
            coordinator.open("/orders/9").reason
                == .linkGuarded(
                    url: "/orders/9", condition: "isSignedIn", flow: "login", outcome: "signedIn"))
        #expect(coordinator.screens == ["account.me", "login.form"])
        host.conditions["isSignedIn"] = true
        let signedIn = coordinator.send("submit")
        #expect(
            signedIn.deferredLinks == [
                DeferredLink(url: "/orders/9", status: .rejected, reason: .linkRejected(flow: "shopTabs"))
            ])
        #expect(coordinator.screens == ["account.me"])
    }

    static let tabs = """
        flow: tabs
        tabs: [catalog, basket]
        start: catalog
        children:
          catalog: { flow: catalog }
          basket: { flow: basket }
        links:
          "/basket": [basket]
        """
    static let catalog = """
        flow: catalog
        start: list
        linkPolicy: queue
        screens:
          list: {}
        """
    static let basket = """
        flow: basket
        start: items
        screens:
          items: {}
        """

    /// Before: a tab (no outcomes, never finishes) with `linkPolicy: queue` queued every link forever.
    @Test func aFlowThatNeverFinishesRefusesTheLinksItWouldQueue() throws {
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([Self.tabs, Self.catalog, Self.basket]), flow: "tabs")
        coordinator.start()
        #expect(coordinator.open("/basket") == StepResult(.rejected, .linkQueueNeverOpens(flow: "catalog")))
        #expect(coordinator.screens == ["catalog.list"])
        #expect(coordinator.heldLinks(of: coordinator.path[0].instance).queued.isEmpty)
        // A snapshot that says otherwise is refused.
        var snapshot = coordinator.snapshot()
        snapshot.instances[1].queuedLinks = ["/basket"]
        #expect(
            coordinator.restore(snapshot)
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "flow 'catalog' holds queued links, but it declares no outcomes and never finishes, so it cannot queue any"
                    )))
    }

    static let guardedApp = """
        flow: app
        conditions: [isLoggedIn]
        start: { if: isLoggedIn, then: splash, else: auth }
        linkFallback: splash
        screens:
          splash: { on: { ready: { replaceRoot: main } } }
        children:
          auth: { flow: auth, on: { signedIn: { replaceRoot: splash }, cancelled: { replaceRoot: auth } } }
          main: { flow: main }
        links:
          "/posts/{postId:int}": [main, { detail: { postId: $postId } }]
        """

    /// Before: any unknown URL showed `splash` (then `main`) to a signed-out person.
    @Test func theFallbackScreenPassesTheConditionsOfAFirstRoute() throws {
        let host = TestHost()
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([Self.guardedApp, LinkGuardTests.auth, LinkGuardTests.main]), flow: "app",
            host: host.host)
        coordinator.start()
        #expect(coordinator.open("/nothing") == StepResult(.rejected, .noMatchingLink("/nothing")))
        #expect(coordinator.screens == ["auth.signIn"])
        // Before start (launched from the URL) too.
        let launched = try FlowCoordinator(
            bundle: try Fixtures.bundle([Self.guardedApp, LinkGuardTests.auth, LinkGuardTests.main]), flow: "app",
            host: host.host)
        #expect(launched.open("/nothing") == StepResult(.rejected, .noMatchingLink("/nothing")))
        #expect(launched.path.isEmpty)
        host.conditions["isLoggedIn"] = true
        #expect(
            coordinator.open("/nothing")
                == StepResult(.applied, .linkFellBack(url: "/nothing", because: "no deep link matches '/nothing'")))
        #expect(coordinator.screens == ["app.splash"])
    }

    /// A fallback screen that only the fallback shows (no start or replaceRoot shows it) is shown as before.
    @Test func aFallbackScreenOfItsOwnIsShownWhateverTheConditions() throws {
        let app = Self.guardedApp
            .replacingOccurrences(of: "linkFallback: splash", with: "linkFallback: notFound")
            .replacingOccurrences(of: "screens:\n", with: "screens:\n  notFound: {}\n")
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([app, LinkGuardTests.auth, LinkGuardTests.main]), flow: "app",
            host: TestHost().host)
        coordinator.start()
        #expect(
            coordinator.open("/nothing")
                == StepResult(.applied, .linkFellBack(url: "/nothing", because: "no deep link matches '/nothing'")))
        #expect(coordinator.screens == ["app.notFound"])
    }

    /// Before: restore accepted held links steps cannot build — queued links on a flow without a `queue`
    /// policy, a pending link that is no guarded link continuing in that flow on that outcome.
    @Test func restoreAcceptsOnlyHeldLinksStepsCanLeave() throws {
        let host = TestHost()
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([Self.shop, Self.login]), flow: "shop", host: host.host)
        func snapshot(
            rootQueued: [String] = [], loginQueued: [String] = [], pending: FlowSnapshot.PendingLinkEntry? = nil
        ) -> FlowSnapshot {
            FlowSnapshot(instances: [
                .init(child: nil, flow: "shop", routes: [.init(screen: "home")], queuedLinks: rootQueued),
                .init(
                    child: "login", flow: "login", routes: [.init(screen: "form")], queuedLinks: loginQueued,
                    pendingLink: pending),
            ])
        }
        #expect(
            coordinator.restore(snapshot(rootQueued: ["/cart"]))
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "flow 'shop' holds queued links, but it declares no 'linkPolicy: queue', so it queues none")))
        #expect(
            coordinator.restore(snapshot(pending: .init(url: "/cart", continueOn: "cancelled")))
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "the pending link '/cart' is no guarded link that continues when flow 'login' finishes with 'cancelled'"
                    )))
        #expect(
            coordinator.restore(snapshot(pending: .init(url: "/orders/9", continueOn: "cancelled")))
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "the pending link '/orders/9' is no guarded link that continues when flow 'login' finishes with 'cancelled'"
                    )))
        #expect(coordinator.path.isEmpty)
        let held = snapshot(
            loginQueued: ["/cart", "/product/1"], pending: .init(url: "/orders/9", continueOn: "signedIn"))
        #expect(coordinator.restore(held) == .applied)
        #expect(coordinator.snapshot().instances == held.instances)
    }
}
