import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// The rename step of a restore (docs/RUNNING.md, "Versioned restore"): a snapshot of an earlier version
/// names flows, child declarations, tabs, screens and outcomes by the names they had; `formerly` maps each
/// to its current name before the usual checks, and the result lists what was renamed and what no
/// declaration has or had.
@MainActor
struct SnapshotRenamingTests {
    /// Version 2 of an app whose root flow was `app`, its child `a` was `signIn` running flow `auth`,
    /// `secret` was `vault`, and `login`'s outcome `done` was `ok`.
    static let store = """
        flow: store
        formerly: [app]
        conditions: [signedIn]
        start: home
        screens:
          home:
            on:
              signIn: { start: a }
              open: { push: secret }
          secret: { formerly: [vault] }
        children:
          a: { flow: login, formerly: [signIn], presentation: cover, on: { done: stay } }
        links:
          "/secret":
            when: signedIn
            routes: [home, secret]
            otherwise: { routes: [home, a], continueOn: done }
        """
    static let login = """
        flow: login
        formerly: [auth]
        outcomes:
          done: { formerly: [ok] }
        start: form
        screens:
          form: { on: { submit: { finish: done } } }
        """

    /// What version 1 saved: `app` showing `home`, and its child `signIn` (flow `auth`) holding the link
    /// `/secret` until it finishes with `ok`.
    static let saved = FlowSnapshot(
        instances: [
            FlowSnapshot.Instance(child: nil, flow: "app", routes: [FlowSnapshot.RouteEntry(screen: "home")]),
            FlowSnapshot.Instance(
                child: "signIn", flow: "auth", routes: [FlowSnapshot.RouteEntry(screen: "form")],
                pendingLink: FlowSnapshot.PendingLinkEntry(url: "/secret", continueOn: "ok")),
        ],
        bundleHash: "0123456789abcdef")

    @Test func everyKindOfNameIsRenamedBeforeTheChecks() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle([Self.store, Self.login]), flow: "store")
        let result = coordinator.restore(Self.saved)
        #expect(result.status == .applied)
        #expect(
            result.renaming?.renamed.map(\.description) == [
                "flow 'app' → 'store'", "child 'signIn' → 'a' in flow 'store'", "flow 'auth' → 'login'",
                "outcome 'ok' → 'done' in flow 'login'",
            ])
        #expect(result.renaming?.refused == [])
        #expect(coordinator.instanceFlows == ["store", "login"])
        #expect(coordinator.heldLinks(of: try #require(coordinator.path.last?.instance)).pending?.outcomeName == "done")
        // The restored state is what version 2 saves, under its own hash.
        let again = coordinator.snapshot()
        #expect(again.instances[1].child == "a")
        #expect(again.instances[1].pendingLink?.continueOn == "done")
        #expect(again.bundleHash == (try Fixtures.bundle([Self.store, Self.login]).contentHash))
    }

    @Test func aRenamedScreenOnTopRestoresAndAnUnknownOneIsReported() throws {
        let bundle = try Fixtures.bundle([Self.store, Self.login])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "store")
        let vault = FlowSnapshot(instances: [
            FlowSnapshot.Instance(
                child: nil, flow: "store",
                routes: [FlowSnapshot.RouteEntry(screen: "home"), FlowSnapshot.RouteEntry(screen: "vault")])
        ])
        let renamed = coordinator.restore(vault)
        #expect(renamed.status == .applied)
        #expect(renamed.renaming?.description == "renamed screen 'vault' → 'secret' in flow 'store'")
        #expect(coordinator.path.map(\.screen) == ["home", "secret"])
        var gone = vault
        gone.instances[0].routes[1].screen = "attic"
        gone.instances[0].flow = "shop"
        let refused = coordinator.restore(gone)
        #expect(refused.status == .rejected)
        #expect(refused.reason == .invalidSnapshot("its root flow is 'shop', not 'store'"))
        #expect(refused.renaming?.refused == ["flow 'shop' is not root flow 'store', now or formerly"])
        #expect(coordinator.path.map(\.screen) == ["home", "secret"])
    }

    @Test func renamingMapsNamesAndNothingElse() throws {
        let bundle = try Fixtures.bundle([Self.store, Self.login])
        let root = try #require(bundle.flowIndex(named: "store"))
        let (renamed, renaming) = SnapshotRenaming.rename(Self.saved, into: bundle, rootFlow: root)
        #expect(renamed.instances.map(\.flow) == ["store", "login"])
        #expect(renamed.instances.map(\.child) == [nil, "a"])
        #expect(renamed.instances.map(\.routes) == Self.saved.instances.map(\.routes))
        #expect(renamed.bundleHash == Self.saved.bundleHash)
        #expect(renaming.renamed.count == 4)
    }
}
