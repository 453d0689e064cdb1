import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Every conditional choice a link's routes pass through is evaluated when the link opens (and when a
/// queued link is dequeued): `replaceRoot` sites, a child's or tab's conditional start, the child a
/// flow's start started, a presented child started through an `if`.
@MainActor
struct LinkPathConditionTests {
    // A splash screen decides between main and sign-in; sign-in's handler shows main unconditionally.
    static let splash = """
        flow: app
        conditions: [isLoggedIn]
        start: splash
        screens:
          splash: { on: { loaded: { if: isLoggedIn, then: { replaceRoot: main }, else: { replaceRoot: auth } } } }
        children:
          auth: { flow: auth, on: { signedIn: { replaceRoot: main }, cancelled: { replaceRoot: auth } } }
          main: { flow: main }
        links:
          "/posts/{postId:int}": [main, { detail: { postId: $postId } }]
        """

    func coordinator(_ sources: [String], _ flow: String, host: TestHost) throws -> FlowCoordinator {
        try FlowCoordinator(bundle: try Fixtures.bundle(sources), flow: flow, host: host.host)
    }

    @Test func aReplaceRootBehindASplashConditionIsNotSkipped() throws {
        let host = TestHost()
        let coordinator = try coordinator([Self.splash, LinkGuardTests.auth, LinkGuardTests.main], "app", host: host)
        let refused = StepResult(
            .rejected,
            .linkContradictsCondition(
                url: "/posts/5", route: "main",
                because:
                    "flow 'app' starts at 'splash' now, and event 'loaded' of screen 'splash' shows it first only when 'isLoggedIn' is true, and it is false"
            ))
        // Before start (launched from the URL) and after.
        #expect(coordinator.open("/posts/5") == refused)
        #expect(coordinator.path.isEmpty)
        coordinator.start()
        #expect(coordinator.open("/posts/5") == refused)
        #expect(coordinator.screens == ["app.splash"])
        host.conditions["isLoggedIn"] = true
        #expect(coordinator.open("/posts/5") == .applied)
        #expect(coordinator.screens == ["main.feed", "main.detail(postId: 5)"])
    }

    @Test func aReplaceRootReachedWithoutAConditionStillOpens() throws {
        // splash → intro → home, no condition on the way; a later `if` that also shows home does not matter.
        let app = """
            flow: app
            conditions: [verified]
            start: splash
            screens:
              splash: { on: { loaded: { replaceRoot: intro } } }
              intro: { on: { next: { replaceRoot: home } } }
              home: { on: { logout: { replaceRoot: login } } }
              login: { on: { ok: { if: verified, then: { replaceRoot: home }, else: { push: verify } } } }
              verify: {}
            links:
              "/home": [home]
              "/login": [login]
            """
        let coordinator = try coordinator([app], "app", host: TestHost())
        #expect(coordinator.open("/home") == .applied)
        #expect(coordinator.screens == ["app.home"])
        #expect(coordinator.open("/login") == .applied)
        #expect(coordinator.screens == ["app.login"])
    }

    @Test func aRouteShownOnlyAfterAChildFinishesIsRefused() throws {
        // The first route is shown by a child's outcome handler: a link cannot finish the child (sign-in),
        // whatever the handler's `if` answers.
        let app = """
            flow: app
            conditions: [isPro]
            start: auth
            screens:
              pro: {}
              basic: {}
            children:
              auth: { flow: auth, on: { signedIn: { if: isPro, then: { replaceRoot: pro }, else: { replaceRoot: basic } }, cancelled: { replaceRoot: auth } } }
            links:
              "/pro": [pro]
            """
        let host = TestHost()
        let coordinator = try coordinator([app, LinkGuardTests.auth], "app", host: host)
        let refused = StepResult(
            .rejected,
            .linkContradictsCondition(
                url: "/pro", route: "pro",
                because:
                    "flow 'app' starts at 'auth' now, and it is shown first only after child 'auth' finishes, which a link cannot do"
            ))
        #expect(coordinator.open("/pro") == refused)
        host.conditions["isPro"] = true
        #expect(coordinator.open("/pro") == refused)
        #expect(coordinator.path.isEmpty)
    }

    @Test func aSplashReachedOnlyThroughSignInIsNotSkipped() throws {
        // The conditional start shows auth; auth's handler shows splash, whose event shows main.
        let app = """
            flow: app
            conditions: [isLoggedIn]
            start: { if: isLoggedIn, then: splash, else: auth }
            screens:
              splash: { on: { ready: { replaceRoot: main } } }
            children:
              auth: { flow: auth, on: { signedIn: { replaceRoot: splash }, cancelled: { replaceRoot: auth } } }
              main: { flow: main }
            links:
              "/posts/{postId:int}": [main, { detail: { postId: $postId } }]
            """
        let host = TestHost()
        let coordinator = try coordinator([app, LinkGuardTests.auth, LinkGuardTests.main], "app", host: host)
        let refused = StepResult(
            .rejected,
            .linkContradictsCondition(
                url: "/posts/5", route: "main",
                because:
                    "flow 'app' starts at 'auth' now ('isLoggedIn' is false), and it is shown first only after child 'auth' finishes, which a link cannot do"
            ))
        #expect(coordinator.open("/posts/5") == refused)
        coordinator.start()
        #expect(coordinator.open("/posts/5") == refused)
        #expect(coordinator.screens == ["auth.signIn"])
        host.conditions["isLoggedIn"] = true
        #expect(coordinator.open("/posts/5") == .applied)
        #expect(coordinator.screens == ["main.feed", "main.detail(postId: 5)"])
    }

    // A child whose start is conditional: the route after it is reached from the screen start shows now.
    static let profile = """
        flow: profile
        conditions: [hasProfile]
        start: { if: hasProfile, then: timeline, else: setup }
        screens:
          timeline: { on: { settings: { push: settings } } }
          settings: {}
          setup: {}
        """

    @Test func aChildsConditionalStartIsEvaluated() throws {
        let app = """
            flow: app
            start: home
            screens:
              home: { on: { me: { start: profile } } }
            children:
              profile: { flow: profile }
            links:
              "/settings": [home, profile, settings]
            """
        let host = TestHost()
        let coordinator = try coordinator([app, Self.profile], "app", host: host)
        #expect(
            coordinator.open("/settings")
                == StepResult(
                    .rejected,
                    .linkContradictsCondition(
                        url: "/settings", route: "settings",
                        because:
                            "flow 'profile' starts at 'setup' now ('hasProfile' is false), and no event of 'setup' pushes or starts it"
                    )))
        #expect(coordinator.path.isEmpty)
        host.conditions["hasProfile"] = true
        #expect(coordinator.open("/settings") == .applied)
        #expect(coordinator.screens == ["app.home", "profile.timeline", "profile.settings"])
    }

    @Test func routesInsideATabAreChecked() throws {
        let app = """
            flow: app
            start: main
            children:
              main: { flow: tabs }
            links:
              "/settings": [main, profile, settings]
              "/feed": [main, feed]
            """
        let tabs = """
            flow: tabs
            tabs: [feed, profile]
            start: feed
            children:
              feed: { flow: feed }
              profile: { flow: profile }
            """
        let feed = """
            flow: feed
            conditions: [isPro]
            start: { if: isPro, then: proTimeline, else: timeline }
            screens:
              timeline: {}
              proTimeline: {}
            """
        let host = TestHost()
        let coordinator = try coordinator([app, tabs, feed, Self.profile], "app", host: host)
        #expect(
            coordinator.open("/settings")
                == StepResult(
                    .rejected,
                    .linkContradictsCondition(
                        url: "/settings", route: "settings",
                        because:
                            "flow 'profile' starts at 'setup' now ('hasProfile' is false), and no event of 'setup' pushes or starts it"
                    )))
        #expect(coordinator.path.isEmpty)
        // Selecting a tab is always possible; its flow's start is evaluated now.
        #expect(coordinator.open("/feed") == .applied)
        #expect(coordinator.screens == ["feed.timeline"])
        host.conditions["hasProfile"] = true
        #expect(coordinator.open("/settings") == .applied)
        #expect(coordinator.screens == ["profile.timeline", "profile.settings"])
    }

    @Test func aSheetStartedThroughAnIfIsEvaluated() throws {
        let app = """
            flow: app
            conditions: [canCompose]
            start: home
            screens:
              home: { on: { compose: { if: canCompose, then: { start: composer }, else: { push: upsell } } } }
              upsell: {}
            children:
              composer: { flow: composer, presentation: sheet, on: { done: stay } }
            links:
              "/compose": [home, composer]
            """
        let composer = """
            flow: composer
            start: editor
            outcomes: [done]
            screens:
              editor: { on: { send: { finish: done } } }
            """
        let host = TestHost()
        let coordinator = try coordinator([app, composer], "app", host: host)
        #expect(
            coordinator.open("/compose")
                == StepResult(
                    .rejected,
                    .linkContradictsCondition(
                        url: "/compose", route: "composer",
                        because:
                            "event 'compose' of screen 'home' reaches it only when 'canCompose' is true, and it is false"
                    )))
        host.conditions["canCompose"] = true
        #expect(coordinator.open("/compose") == .applied)
        #expect(coordinator.stacks.map(\.kind) == [.root, .sheet])
    }

    @Test func aQueuedLinkIsCheckedAgainWhenItOpens() throws {
        // The protecting flow is a child: a root flow that finishes opens no link it held.
        let shell = """
            flow: shell
            conditions: [isPremium]
            start: home
            screens:
              home: { on: { gate: { start: gate }, premium: { if: isPremium, then: { push: premium }, else: { push: pricing } } } }
              premium: {}
              pricing: {}
            children:
              gate: { flow: gate, on: { done: stay } }
            links:
              "/premium": [home, premium]
            """
        let gate = """
            flow: gate
            start: step
            linkPolicy: queue
            outcomes: [done]
            screens:
              step: { on: { done: { finish: done } } }
            """
        let host = TestHost()
        host.conditions["isPremium"] = true
        let coordinator = try coordinator([shell, gate], "shell", host: host)
        coordinator.start()
        coordinator.send("gate")
        #expect(coordinator.open("/premium") == StepResult(.queued))
        host.conditions["isPremium"] = false
        let finished = coordinator.send("done")
        #expect(
            finished.deferredLinks == [
                DeferredLink(
                    url: "/premium", status: .rejected,
                    reason: .linkContradictsCondition(
                        url: "/premium", route: "premium",
                        because:
                            "event 'premium' of screen 'home' reaches it only when 'isPremium' is true, and it is false"
                    ))
            ])
        #expect(coordinator.screens == ["shell.home"])
    }

    @Test func aGrandchildUnderAChildThatStartsWithAChild() throws {
        let app = """
            flow: app
            start: home
            screens:
              home: { on: { account: { start: account } } }
            children:
              account: { flow: account }
            links:
              "/pro/detail": [home, account, pro, detail]
              "/basic/detail": [home, account, basic, detail]
            """
        let account = """
            flow: account
            conditions: [isPro]
            start: { if: isPro, then: { to: pro, with: { tier: 2 } }, else: { to: basic, with: { tier: 1 } } }
            children:
              pro: { flow: orders }
              basic: { flow: orders }
            """
        let orders = """
            flow: orders
            params: { tier: int }
            start: list
            screens:
              list: { on: { open: { push: detail } } }
              detail: {}
            """
        let host = TestHost()
        let coordinator = try coordinator([app, account, orders], "app", host: host)
        #expect(
            coordinator.open("/pro/detail")
                == StepResult(
                    .rejected,
                    .linkContradictsCondition(
                        url: "/pro/detail", route: "pro",
                        because: "flow 'account' starts at 'basic' now ('isPro' is false)")))
        #expect(coordinator.open("/basic/detail") == .applied)
        #expect(coordinator.screens == ["app.home", "orders.list", "orders.detail"])
        #expect(coordinator.instanceFlows == ["app", "account", "orders"])
        let basic = try #require(coordinator.root?.children.values.first?.children.values.first)
        #expect(basic.declaration == "basic")
        #expect(basic.arguments == ["tier": .int(1)])
        host.conditions["isPro"] = true
        #expect(coordinator.open("/pro/detail") == .applied)
        #expect(coordinator.screens == ["app.home", "orders.list", "orders.detail"])
        // The start's arguments, not the link's: the route names the child without arguments.
        let pro = try #require(coordinator.root?.children.values.first?.children.values.first)
        #expect(pro.declaration == "pro")
        #expect(pro.arguments == ["tier": .int(2)])
    }
}
