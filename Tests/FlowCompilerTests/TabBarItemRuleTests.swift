import Testing

@testable import FlowCompiler

/// The validator's side of format 1.3's tab-bar items that present (issue 32, item 1): a presented child
/// listed in `tabs` is valid and reachable, `start` names a tab and not an item, a presented child nothing
/// starts is FC301 with the way to start it, FC601 lists tabs apart from `replaceRoot` targets, and an item's
/// handler that selects a tab from which the tab flow finishes is no FC303.
@Suite struct TabBarItemRuleTests {
    private func found(_ example: String, codes: Set<String>? = nil) -> [String] {
        RuleExample(example).validate().diagnostics.filter { codes?.contains($0.code) ?? true }.map {
            "\($0.location.file):\($0.location.line):\($0.location.column) \($0.code) \($0.message)"
        }
    }

    /// The app: a compose item whose `posted` handler selects settings, from which the tab flow
    /// finishes (signing out).
    private static func app(tabs: String = "[home, compose, settings]", start: String = "home") -> String {
        """
        flow: app
        start: main
        children:
          main: { flow: mainTabs, on: { signedOut: { replaceRoot: main } } }
        links:
          "/compose": [main, compose]
        ---- tabs.yaml ----
        flow: mainTabs
        tabs: \(tabs)
        start: \(start)
        outcomes: [signedOut]
        children:
          home: { flow: home }
          settings: { flow: settings, on: { signedOut: { finish: signedOut } } }
          compose: { flow: compose, presentation: sheet, on: { posted: { select: settings }, cancelled: stay } }
        ---- home.yaml ----
        flow: home
        start: list
        screens:
          list: { on: { compose: { select: compose } } }
        ---- settings.yaml ----
        flow: settings
        start: root
        outcomes: [signedOut]
        screens:
          root: { on: { signOut: { finish: signedOut } } }
        ---- compose.yaml ----
        flow: compose
        start: editor
        outcomes: [posted, cancelled]
        screens:
          editor: { on: { post: { finish: posted }, cancel: { finish: cancelled } } }
        """
    }

    @Test func aPresentedTabIsATabBarItemThatAnEventALinkAndTheTabBarReach() {
        #expect(found(Self.app()) == [])
    }

    @Test func theTabFlowsStartNamesATabNotAnItem() {
        #expect(
            found(Self.app(start: "compose"), codes: ["FC370"]) == [
                "tabs.yaml:3:8 FC370 flow 'mainTabs' has tabs, so its start names the tab selected first, one of 'home' or 'settings'; 'compose' is a tab-bar item that presents over the tab set, never selected"
            ])
    }

    /// Before 1.3 this was the only way to write it: the child is not in `tabs`, so nothing starts it, the
    /// link cannot name it, and the event's `select` names no tab.
    @Test func aPresentedChildOfATabFlowThatNothingStartsSaysHowToPresentIt() {
        #expect(
            found(Self.app(tabs: "[home, settings]")) == [
                "example.yaml:6:22 FC601 in link '/compose', 'compose' follows child 'main', whose flow 'mainTabs' shows tabs: the next route selects one of 'home' or 'settings'",
                "home.yaml:4:36 FC270 'select: compose' in flow 'home' names no tab of the tab set of flow 'mainTabs', which runs it as a tab",
                "tabs.yaml:8:3 FC301 child 'compose' is never started from the start of flow 'mainTabs'; list it in 'tabs' to present it over the tab set from the tab bar, a 'select' or a link (a tab-bar item that presents, since format 1.3), start it from a handler, or remove it",
            ])
    }

    /// A root tab flow's link whose first route is a presented child that is no tab: FC601 names the tabs a
    /// link may begin at apart from `replaceRoot` targets (it named them as `replaceRoot` targets before) and
    /// says how to present the child from a link.
    @Test func aLinkToAPresentedChildOfARootTabFlowListsTheTabsAndTheFix() {
        let example = """
            flow: mainTabs
            tabs: [home, settings, profile]
            start: home
            children:
              home: { flow: page }
              settings: { flow: page }
              profile: { flow: page }
              compose: { flow: page, presentation: sheet }
            links:
              "/compose": [compose]
            ---- page.yaml ----
            flow: page
            start: list
            screens:
              list: {}
            """
        #expect(
            found(example, codes: ["FC601"]) == [
                "example.yaml:10:16 FC601 link '/compose' starts at 'compose', but flow 'mainTabs' starts at 'home' (or at any of its tabs, 'settings' or 'profile'); a link's routes begin where the flow's routes can begin, as in [home, …]; to present 'compose' over the tab set from a link, list it in 'tabs': a tab-bar item that presents (since format 1.3)"
            ])
    }

    /// A page of a tab bar presented as a sheet item selects a tab of the tab set under the sheet (breaker
    /// r13, `sheetbar-out`): FC270, which now says the tab is under the sheet that hides it and what to do,
    /// instead of only that the page's own tab set lacks it.
    @Test func aPageOfATabBarShownAsASheetSelectingATabUnderItSaysTheSheetHidesIt() {
        #expect(
            found(
                """
                flow: app
                tabs: [home, inbox, { tab: hub, title: Hub }]
                start: home
                children:
                  home: { flow: page }
                  inbox: { flow: page }
                  hub: { flow: hubTabs, presentation: sheet, on: { closed: { select: inbox } } }
                ---- hub.yaml ----
                flow: hubTabs
                tabs: [drafts, more]
                start: drafts
                outcomes: [closed]
                children:
                  drafts: { flow: drafts, on: { closed: { finish: closed } } }
                  more: { flow: page }
                ---- drafts.yaml ----
                flow: drafts
                start: list
                outcomes: [closed]
                screens:
                  list: { on: { toInbox: { select: inbox }, close: { finish: closed } } }
                ---- page.yaml ----
                flow: page
                start: p
                screens:
                  p: {}
                """, codes: ["FC270"]) == [
                    "drafts.yaml:5:36 FC270 'select: inbox' in flow 'drafts' names no tab of the tab set of flow 'hubTabs', which runs it as a tab; 'inbox' is a tab of flow 'app', under the sheet 'hub' that presents flow 'hubTabs': a presented flow hides the tab bars below it; finish it with an outcome whose handler in flow 'app' selects 'inbox'"
                ])
    }

    /// A tab two layers down (breaker r15, `harbor`): a page of a tab bar shown as a cover, presented from a
    /// tab of a tab bar shown as a sheet, selects a tab of the root. FC270 named no layer (the search stopped
    /// at the first, whose presenting flow's own tab sets lack the tab); it names both, innermost first, and
    /// the flow whose handler can select the tab once the outcomes are passed on. One layer reads as before.
    @Test func aTabUnderTwoLayersNamesBoth() {
        #expect(
            found(
                """
                flow: app
                tabs: [home, mail]
                start: home
                children:
                  home: { flow: homeTab }
                  mail: { flow: page }
                ---- homeTab.yaml ----
                flow: homeTab
                start: h
                screens:
                  h: { on: { hub: { start: hub } } }
                children:
                  hub: { flow: hubBar, presentation: sheet }
                ---- hubBar.yaml ----
                flow: hubBar
                tabs: [plan, pay]
                start: plan
                children:
                  plan: { flow: page }
                  pay: { flow: payPage }
                ---- payPage.yaml ----
                flow: payPage
                start: p
                screens:
                  p: { on: { secure: { start: vault }, toMail: { select: mail } } }
                children:
                  vault: { flow: vaultBar, presentation: cover }
                ---- vaultBar.yaml ----
                flow: vaultBar
                tabs: [keys, log]
                start: keys
                children:
                  keys: { flow: keysPage }
                  log: { flow: page }
                ---- keysPage.yaml ----
                flow: keysPage
                start: k
                screens:
                  k: { on: { toMail: { select: mail }, toPlan: { select: plan } } }
                ---- page.yaml ----
                flow: page
                start: p
                screens:
                  p: {}
                """, codes: ["FC270"]) == [
                    "keysPage.yaml:4:32 FC270 'select: mail' in flow 'keysPage' names no tab of the tab set of flow 'vaultBar', which runs it as a tab; 'mail' is a tab of flow 'app', under the cover 'vault' that presents flow 'vaultBar' and under the sheet 'hub' that presents flow 'hubBar': a presented flow hides the tab bars below it; finish each with an outcome its parent passes on, up to a handler in flow 'homeTab' that selects 'mail'",
                    "keysPage.yaml:4:58 FC270 'select: plan' in flow 'keysPage' names no tab of the tab set of flow 'vaultBar', which runs it as a tab; 'plan' is a tab of flow 'hubBar', under the cover 'vault' that presents flow 'vaultBar': a presented flow hides the tab bars below it; finish it with an outcome whose handler in flow 'payPage' selects 'plan'",
                    "payPage.yaml:4:58 FC270 'select: mail' in flow 'payPage' names no tab of the tab set of flow 'hubBar', which runs it as a tab; 'mail' is a tab of flow 'app', under the sheet 'hub' that presents flow 'hubBar': a presented flow hides the tab bars below it; finish it with an outcome whose handler in flow 'homeTab' selects 'mail'",
                ])
    }

    /// The hint does not depend on the order of the uses (round 15 review): `route` is pushed by `mid`,
    /// which `homeTab` (a tab of `app`) and `sheety` (a sheet of `app`) both run. The walk reaches `app`
    /// with no layer crossed through `homeTab` and through the sheet `sheety`; whichever file comes first,
    /// the sheet is named.
    @Test func theHintDoesNotDependOnTheOrderOfTheUses() {
        let homeTab = """
            ---- homeTab.yaml ----
            flow: homeTab
            start: h
            screens:
              h: { on: { go: { start: step } } }
            children:
              step: { flow: mid }
            """
        let sheety = """
            ---- sheety.yaml ----
            flow: sheety
            start: s
            screens:
              s: { on: { go: { start: step } } }
            children:
              step: { flow: mid }
            """
        func example(_ first: String, _ second: String) -> String {
            """
            flow: app
            tabs: [home, mail, { tab: lay }]
            start: home
            children:
              home: { flow: homeTab }
              mail: { flow: page }
              lay: { flow: sheety, presentation: sheet }
            \(first)
            \(second)
            ---- mid.yaml ----
            flow: mid
            start: m
            screens:
              m: { on: { go: { start: x } } }
            children:
              x: { flow: route }
            ---- route.yaml ----
            flow: route
            start: r
            screens:
              r: { on: { toMail: { select: mail } } }
            ---- page.yaml ----
            flow: page
            start: p
            screens:
              p: {}
            """
        }
        let tabFirst = found(example(homeTab, sheety), codes: ["FC270"])
        #expect(tabFirst == found(example(sheety, homeTab), codes: ["FC270"]))
        #expect(
            tabFirst == [
                "route.yaml:4:32 FC270 'select: mail' in flow 'route' names no tab of any tab set enclosing it where flow 'mid' runs it as child 'x'; 'mail' is a tab of flow 'app', under the sheet 'lay' that presents flow 'sheety': a presented flow hides the tab bars below it; finish it with an outcome whose handler in flow 'app' selects 'mail'"
            ])
    }

    /// FC270's rule for a tab hidden by a sheet or cover, generalised (issue 31 leftover): whenever the tab set
    /// that has the tab lies beyond a sheet or cover on the way up — the sheet's flow shows a tab set as its
    /// first route, a tab set runs inside a tab of a tab bar shown as a sheet, a pushed child runs in such a
    /// tab, or the tab set lies further up than the flow that presents the sheet — FC270 names the tab set's
    /// flow, the sheet, the flow it presents, and the flow whose outcome handler can select the tab.
    @Test func aTabSetShownIndirectlyUnderASheetSaysTheSheetHidesIt() {
        let page = """
            ---- page.yaml ----
            flow: page
            start: p
            outcomes: [closed]
            screens:
              p: { on: { toInbox: { select: inbox }, close: { finish: closed } } }
            """
        let hubTabs = """
            ---- hubTabs.yaml ----
            flow: hubTabs
            tabs: [drafts, more]
            start: drafts
            outcomes: [closed]
            children:
              drafts: { flow: page, on: { closed: { finish: closed } } }
              more: { flow: page, on: { closed: { finish: closed } } }
            """
        // The sheet's flow shows the tab set as its first route.
        #expect(
            found(
                """
                flow: app
                tabs: [home, inbox]
                start: home
                children:
                  home: { flow: home }
                  inbox: { flow: home }
                ---- home.yaml ----
                flow: home
                start: h
                screens:
                  h: { on: { openHub: { start: hub } } }
                children:
                  hub: { flow: hubShell, presentation: sheet, on: { closed: { select: inbox } } }
                ---- hubShell.yaml ----
                flow: hubShell
                start: tabs
                outcomes: [closed]
                children:
                  tabs: { flow: hubTabs, on: { closed: { finish: closed } } }
                \(hubTabs)
                \(page)
                """, codes: ["FC270"]) == [
                    "page.yaml:5:33 FC270 'select: inbox' in flow 'page' names no tab of the tab set of flow 'hubTabs', which runs it as a tab; 'inbox' is a tab of flow 'app', under the sheet 'hub' that presents flow 'hubShell': a presented flow hides the tab bars below it; finish it with an outcome whose handler in flow 'home' selects 'inbox'"
                ])
        // A tab set inside a tab of a tab bar presented as a cover, and a pushed child in one of its tabs.
        #expect(
            found(
                """
                flow: app
                tabs: [home, inbox, { tab: hub, title: Hub }]
                start: home
                children:
                  home: { flow: page }
                  inbox: { flow: page }
                  hub: { flow: outerTabs, presentation: cover, on: { closed: { select: inbox } } }
                ---- outerTabs.yaml ----
                flow: outerTabs
                tabs: [nested, list]
                start: nested
                outcomes: [closed]
                children:
                  nested: { flow: hubTabs, on: { closed: { finish: closed } } }
                  list: { flow: list, on: { closed: { finish: closed } } }
                ---- list.yaml ----
                flow: list
                start: l
                outcomes: [closed]
                screens:
                  l: { on: { open: { start: detail } } }
                children:
                  detail: { flow: detail, on: { done: { finish: closed } } }
                ---- detail.yaml ----
                flow: detail
                start: d
                outcomes: [done]
                screens:
                  d: { on: { toInbox: { select: inbox }, done: { finish: done } } }
                \(hubTabs)
                \(page)
                """, codes: ["FC270"]) == [
                    "detail.yaml:5:33 FC270 'select: inbox' in flow 'detail' names no tab of any tab set enclosing it where flow 'list' runs it as child 'detail'; 'inbox' is a tab of flow 'app', under the cover 'hub' that presents flow 'outerTabs': a presented flow hides the tab bars below it; finish it with an outcome whose handler in flow 'app' selects 'inbox'",
                    "page.yaml:5:33 FC270 'select: inbox' in flow 'page' names no tab of the tab set of flow 'hubTabs', which runs it as a tab; 'inbox' is a tab of flow 'app', under the cover 'hub' that presents flow 'outerTabs': a presented flow hides the tab bars below it; finish it with an outcome whose handler in flow 'app' selects 'inbox'",
                ])
    }
}

/// The validator's side of `select: TAB` with `routes:` (format 1.3): the routes are checked as a deep link's
/// routes after a tab — an unknown name or a route not reached by one action is FC374, arguments are checked
/// by the argument rules (missing or unknown FC506 for a screen, FC401 for a child, mistyped FC502, unresolved FC501).
@Suite struct SelectRoutesRuleTests {
    private func found(_ handler: String) -> [String] {
        let example = """
            flow: shop
            tabs: [cart, orders, { tab: checkout }]
            start: cart
            children:
              cart: { flow: cart }
              orders: { flow: orders }
              checkout:
                flow: checkout
                presentation: cover
                on:
                  placed: \(handler)
                  abandoned: stay
            ---- cart.yaml ----
            flow: cart
            start: items
            screens:
              items: {}
            ---- orders.yaml ----
            flow: orders
            start: list
            screens:
              list: { on: { open: { params: { orderID: string }, push: order, with: { orderID: $orderID } } } }
              order:
                params: { orderID: string }
                on: { receipt: { push: receipt } }
              receipt: {}
            ---- checkout.yaml ----
            flow: checkout
            start: pay
            outcomes:
              placed: { params: { orderID: string, total: double } }
              abandoned:
            screens:
              pay:
                on:
                  place: { params: { orderID: string }, finish: placed, with: { orderID: $orderID, total: 1.5 } }
                  abandon: { finish: abandoned }
            """
        return RuleExample(example).validate().diagnostics.map {
            "\($0.location.file):\($0.location.line):\($0.location.column) \($0.code) \($0.message)"
        }
    }

    @Test func routesWithTheOutcomesDataAreClean() {
        #expect(found("{ select: orders, routes: [{ order: { orderID: $orderID } }, receipt] }") == [])
    }

    @Test func anUnknownScreenIsReportedAtItsName() {
        #expect(
            found("{ select: orders, routes: [{ ordr: { orderID: $orderID } }] }") == [
                "example.yaml:11:44 FC374 in 'select: orders', flow 'orders' has no screen or child 'ordr'; did you mean 'order'?"
            ])
    }

    @Test func aRouteNotReachedByOneActionIsReported() {
        #expect(
            found("{ select: orders, routes: [receipt] }") == [
                "example.yaml:11:42 FC374 in 'select: orders', 'receipt' is not reached by one action from 'list', where child 'orders' starts; list every route of the back stack"
            ])
    }

    @Test func aTabThatIsNotTheFlowsOwnOrAnItemIsReported() {
        #expect(
            found("{ select: ordrs, routes: [order] }") == [
                "example.yaml:11:25 FC374 'select: ordrs' with 'routes' shows them in a tab of its own flow; flow 'shop' has no tab 'ordrs'; did you mean 'orders'?"
            ])
        #expect(
            found("{ select: checkout, routes: [pay] }") == [
                "example.yaml:11:25 FC374 'select: checkout' with 'routes' shows them in a tab of its own flow; 'checkout' is a tab-bar item that presents, with no stack of its own"
            ])
    }

    @Test func missingUnknownMistypedAndUnresolvedArgumentsAreReported() {
        #expect(
            found("{ select: orders, routes: [order] }") == [
                "example.yaml:11:42 FC506 screen 'order' needs argument 'orderID' (string); pass it in the route as '{ order: { orderID: … } }'"
            ])
        #expect(
            found("{ select: orders, routes: [{ order: { orderID: $total } }] }") == [
                "example.yaml:11:62 FC502 '$total' is a double, but parameter 'orderID' of screen 'order' is a string; pass a string"
            ])
        #expect(
            found("{ select: orders, routes: [{ order: { orderID: $orderID, note: x } }] }") == [
                "example.yaml:11:72 FC506 screen 'order' has no parameter 'note'; its parameters are 'orderID'"
            ])
        #expect(
            found("{ select: orders, routes: [{ order: { orderID: $orderNumber } }] }") == [
                "example.yaml:11:62 FC501 '$orderNumber' refers to no parameter in scope: outcome 'placed' of flow 'checkout' or flow 'shop' declares no 'orderNumber'; declare it under the flow's 'params' or pass a literal"
            ])
    }

    @Test func routesAreAllowedOnlyWithSelect() {
        #expect(
            found("{ finish: done, routes: [order] }").filter { $0.contains("'routes'") } == [
                "example.yaml:11:31 FC108 'routes' is allowed only with 'select'"
            ])
    }
}

/// FC303 follows a tab flow's own `select` and `stay` (issue 32, item 1): a sheet the tab flow presents after
/// a tab's flow finished, whose handler selects the tab that signs out, leaves the tab flow able to finish.
@Suite struct TabFlowLivenessTests {
    @Test func aLayersHandlerThatSelectsATabFromWhichTheTabFlowFinishesIsNoFC303() {
        let example = """
            flow: app
            start: main
            children:
              main: { flow: mainTabs, on: { signedOut: { replaceRoot: main } } }
            ---- tabs.yaml ----
            flow: mainTabs
            tabs: [home, settings]
            start: home
            outcomes: [signedOut]
            children:
              home: { flow: home, on: { compose: { start: compose } } }
              settings: { flow: settings, on: { signedOut: { finish: signedOut } } }
              compose: { flow: compose, presentation: sheet, on: { posted: { select: settings } } }
            ---- home.yaml ----
            flow: home
            start: list
            outcomes: [compose]
            screens:
              list: { on: { compose: { finish: compose } } }
            ---- settings.yaml ----
            flow: settings
            start: root
            outcomes: [signedOut]
            screens:
              root: { on: { signOut: { finish: signedOut } } }
            ---- compose.yaml ----
            flow: compose
            start: editor
            outcomes: [posted]
            screens:
              editor: { on: { post: { finish: posted } } }
            """
        #expect(RuleExample(example).validate().diagnostics.map { "\($0.code) \($0.message)" } == [])
    }
}
