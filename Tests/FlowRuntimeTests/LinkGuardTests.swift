import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Deep links that cannot skip a condition, guarded links that continue after sign-in, and link
/// policies that protect a flow while its descendants are shown.
@MainActor
struct LinkGuardTests {
    static let app = """
        flow: app
        conditions: [isLoggedIn]
        start: { if: isLoggedIn, then: main, else: auth }
        children:
          auth: { flow: auth, on: { signedIn: { replaceRoot: main }, cancelled: { replaceRoot: auth } } }
          main: { flow: main }
        links:
          "/posts/{postId:int}": [main, { detail: { postId: $postId } }]
        """
    static let auth = """
        flow: auth
        start: signIn
        outcomes: [signedIn, cancelled]
        screens:
          signIn: { on: { submit: { finish: signedIn }, cancel: { finish: cancelled } } }
        """
    static let main = """
        flow: main
        conditions: [isPremium]
        start: feed
        screens:
          feed:
            on:
              open: { params: { postId: int }, push: detail, with: { postId: $postId } }
              upgrade: { if: isPremium, then: { push: premium }, else: { push: pricing } }
          detail: { params: { postId: int } }
          premium: {}
          pricing: {}
        """

    func coordinator(_ app: String = Self.app, host: TestHost) throws -> FlowCoordinator {
        try FlowCoordinator(bundle: try Fixtures.bundle([app, Self.auth, Self.main]), flow: "app", host: host.host)
    }

    @Test func aLinkCannotWalkPastTheConditionThatGuardsItsFirstRoute() throws {
        let host = TestHost()
        let coordinator = try coordinator(host: host)
        let refused = StepResult(
            .rejected,
            .linkContradictsCondition(
                url: "/posts/5", route: "main", because: "flow 'app' starts at 'auth' now ('isLoggedIn' is false)"))
        // Launched from the URL, before start.
        #expect(coordinator.open("/posts/5") == refused)
        #expect(coordinator.status == .idle)
        #expect(coordinator.path.isEmpty)
        // After start.
        coordinator.start()
        #expect(coordinator.open("/posts/5") == refused)
        #expect(coordinator.screens == ["auth.signIn"])
        host.conditions["isLoggedIn"] = true
        #expect(coordinator.open("/posts/5") == .applied)
        #expect(coordinator.screens == ["main.feed", "main.detail(postId: 5)"])
    }

    @Test func anIfOnTheWayIsEvaluatedWhenTheLinkOpens() throws {
        let host = TestHost()
        host.conditions["isLoggedIn"] = true
        let app =
            Self.app + """

                  "/premium": [main, premium]
                """
        let coordinator = try coordinator(app, host: host)
        #expect(
            coordinator.open("/premium")
                == StepResult(
                    .rejected,
                    .linkContradictsCondition(
                        url: "/premium", route: "premium",
                        because:
                            "event 'upgrade' of screen 'feed' reaches it only when 'isPremium' is true, and it is false"
                    )))
        host.conditions["isPremium"] = true
        #expect(coordinator.open("/premium") == .applied)
        #expect(coordinator.screens == ["main.feed", "main.premium"])
    }

    static let guarded = """
        flow: app
        conditions: [isLoggedIn]
        start: { if: isLoggedIn, then: main, else: auth }
        children:
          auth: { flow: auth, on: { signedIn: { replaceRoot: main }, cancelled: { replaceRoot: auth } } }
          main: { flow: main }
        links:
          "/posts/{postId:int}":
            when: isLoggedIn
            routes: [main, { detail: { postId: $postId } }]
            otherwise: { routes: [auth], continueOn: signedIn }
          "/feed":
            when: [isLoggedIn]
            routes: [main]
        """

    @Test func aGuardedLinkSignsInFirstThenContinues() throws {
        let host = TestHost()
        let coordinator = try coordinator(Self.guarded, host: host)
        let opened = coordinator.open("/posts/5")
        #expect(
            opened
                == StepResult(
                    .applied, .linkGuarded(url: "/posts/5", condition: "isLoggedIn", flow: "auth", outcome: "signedIn"))
        )
        #expect(coordinator.screens == ["auth.signIn"])
        let auth = try #require(coordinator.root?.children.values.first)
        #expect(coordinator.heldLinks(of: auth.id).pending?.url == "/posts/5")
        // The pending link is part of the state: a snapshot keeps it and a restore brings it back.
        let snapshot = coordinator.snapshot()
        #expect(
            snapshot.instances.last?.pendingLink
                == FlowSnapshot.PendingLinkEntry(url: "/posts/5", continueOn: "signedIn"))
        #expect(coordinator.restore(snapshot) == .applied)
        host.conditions["isLoggedIn"] = true
        let signedIn = coordinator.send("submit")
        #expect(signedIn == .applied)
        #expect(signedIn.deferredLinks == [DeferredLink(url: "/posts/5", status: .applied)])
        #expect(coordinator.screens == ["main.feed", "main.detail(postId: 5)"])
    }

    @Test func aPendingLinkIsDroppedWithAReason() throws {
        let host = TestHost()
        let coordinator = try coordinator(Self.guarded, host: host)
        #expect(
            coordinator.open("/feed") == StepResult(.rejected, .linkGuardFailed(url: "/feed", condition: "isLoggedIn")))
        coordinator.open("/posts/5")
        let cancelled = coordinator.send("cancel")
        #expect(
            cancelled.deferredLinks == [
                DeferredLink(
                    url: "/posts/5", status: .rejected,
                    reason: .linkDropped(
                        url: "/posts/5", because: "flow 'auth' finished with 'cancelled', not 'signedIn'"))
            ])
        #expect(coordinator.screens == ["auth.signIn"])
        coordinator.open("/posts/6")
        let again = coordinator.open("/posts/7")
        #expect(
            again.deferredLinks == [
                DeferredLink(
                    url: "/posts/6", status: .rejected,
                    reason: .linkDropped(
                        url: "/posts/6", because: "flow 'auth' was removed before it finished"))
            ])
        let stopped = coordinator.stop()
        #expect(
            stopped.deferredLinks == [
                DeferredLink(
                    url: "/posts/7", status: .rejected,
                    reason: .linkDropped(
                        url: "/posts/7", because: "the coordinator stopped"))
            ])
        var bad = FlowSnapshot(instances: [
            FlowSnapshot.Instance(child: nil, flow: "app", routes: []),
            FlowSnapshot.Instance(
                child: "auth", flow: "auth", routes: [FlowSnapshot.RouteEntry(screen: "signIn")],
                pendingLink: FlowSnapshot.PendingLinkEntry(url: "/posts/5", continueOn: "signedOut")),
        ])
        #expect(
            coordinator.restore(bad)
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "the pending link '/posts/5' continues on 'signedOut', which is no outcome of flow 'auth'")))
        bad.instances[1].pendingLink = FlowSnapshot.PendingLinkEntry(url: "/nowhere", continueOn: "signedIn")
        #expect(
            coordinator.restore(bad)
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "its held link '/nowhere' matches no link of flow 'app'")))
    }

    static let shell = """
        flow: shell
        start: home
        linkPolicy: queue
        outcomes: [done]
        screens:
          home: { on: { wizard: { start: wizard }, done: { finish: done } } }
        children:
          wizard: { flow: wizard, on: { finished: stay } }
        links:
          "/other": [home]
        """
    static let wizard = """
        flow: wizard
        start: step
        outcomes: [finished]
        screens:
          step: { on: { next: { finish: finished } } }
        """

    @Test func aLinkPolicyProtectsItsFlowWhileADescendantIsShown() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle([Self.shell, Self.wizard]), flow: "shell")
        coordinator.start()
        coordinator.send("wizard")
        #expect(coordinator.screens == ["shell.home", "wizard.step"])
        #expect(coordinator.open("/other") == StepResult(.queued))
        #expect(coordinator.screens == ["shell.home", "wizard.step"])
        let shell = try #require(coordinator.root)
        #expect(coordinator.heldLinks(of: shell.id).queued == ["/other"])
        // A descendant that declares its own policy decides for itself.
        let allowing = Self.wizard + "\nlinkPolicy: allow\n"
        let other = try FlowCoordinator(bundle: try Fixtures.bundle([Self.shell, allowing]), flow: "shell")
        other.start()
        other.send("wizard")
        #expect(other.open("/other") == .applied)
        #expect(other.screens == ["shell.home"])
    }

    @Test func aQueuedLinkThatBecameInvalidSaysWhy() throws {
        // The protecting flow is a child: a root flow that finishes opens no link it held
        // (OutcomeThroughWrapperTests), while a child's finish opens what it queued, judged then.
        let shell = """
            flow: shell
            start: home
            screens:
              home: { on: { gate: { start: gate }, open: { params: { id: int }, push: detail, with: { id: $id } } } }
              detail: { params: { id: { type: int, check: exists } } }
            children:
              gate: { flow: gate, on: { done: stay } }
            links:
              "/detail/{id:int}": [home, { detail: { id: $id } }]
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
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([shell, gate]), flow: "shell", host: host.host)
        coordinator.start()
        coordinator.send("gate")
        #expect(coordinator.open("/detail/3") == StepResult(.queued))
        host.checks = ["exists": ["3": false]]
        let finished = coordinator.send("done")
        #expect(finished == .applied)
        #expect(
            finished.deferredLinks == [
                DeferredLink(
                    url: "/detail/3", status: .rejected,
                    reason: .checkFailed(
                        receiver: "screen 'detail' of flow 'shell'", name: "id", check: "exists", value: .int(3)))
            ])
        #expect(coordinator.screens == ["shell.home"])
    }
}
