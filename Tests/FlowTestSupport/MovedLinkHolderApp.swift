import FlowModel
import FlowRuntime

/// An app whose queued deep link can move from one instance to another across a restore (docs/RUNNING.md,
/// "Snapshots": a restore judges the links it drops by URL): `login` (`linkPolicy: queue`) runs as a sheet
/// from `home` or from `product`, and holds the links opened while it runs. Restoring a state where another
/// `login` instance (over `product`) holds `/product/3` onto one where the `login` over `home` held it moves
/// the link to a new holder; the runtime reports it not dropped and the explorer's FC804 agrees.
public enum MovedLinkHolderApp {
    /// The store: `login` as a sheet from `home` or from `product`.
    public static let store = """
        flow: store
        start: home
        screens:
          home:
            on:
              view: { params: { id: int }, push: product, with: { id: $id } }
              signIn: { start: login }
          product:
            params: { id: int }
            on:
              signIn: { start: login }
        children:
          login: { flow: login, presentation: sheet, on: { signedIn: stay, cancelled: stay } }
        links:
          "/product/{id:int}": [home, { product: { id: $id } }]
        """
    /// A sign-in that queues the links opened while it runs (`linkPolicy: queue`); HeldLinkRuleTests uses it too.
    public static let login = """
        flow: login
        start: form
        outcomes: [signedIn, cancelled]
        linkPolicy: queue
        screens:
          form: { on: { ok: { finish: signedIn }, cancel: { finish: cancelled } } }
        """

    /// `store` and `login`, validated and lowered.
    public static func bundle() throws -> FlowBundle { try Fixtures.bundle([store, login]) }

    /// A started coordinator of `store`: sign-in over `product(id: 1)` when `overProduct`, else over `home`,
    /// holding `/product/3` when `holding`. Instances: store #1, login #2.
    @MainActor
    public static func coordinator(overProduct: Bool, holding: Bool) throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try bundle(), flow: "store")
        guard coordinator.start() == .applied,
            !overProduct || coordinator.send("view", arguments: ["id": .int(1)]) == .applied,
            coordinator.send("signIn") == .applied,
            !holding || coordinator.open("/product/3") == StepResult(.queued)
        else { throw Fixtures.FixtureError(message: "the moved-link-holder app did not reach its state") }
        return coordinator
    }
}
