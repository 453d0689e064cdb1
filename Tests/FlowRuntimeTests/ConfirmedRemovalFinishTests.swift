import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// A confirmed removal that delivers a `confirm` screen's declared outcome to the parent's handler is a
/// finish (docs/RUNNING.md, "Finishing"): the step lists the instance once in `finished`, with its outcome
/// and values, in the order a `finish` would, not in `removed`; the instances above it are removed because
/// it finished; its links go as a finish's. A removal whose handler does not run delivers nothing: the
/// instance is removed. Every path that runs a parent's outcome handler after a confirmed removal goes
/// through one function (`Transition.removeAsBack`): back, dismissal, an event from below the top (its
/// `stay` handler too), a wrapper's handler (OutcomeThroughWrapperTests); a `finish` (by event or a kept
/// handle) reports as before. A link, `replaceRoot`, `pop` or `restore` that removes a `confirm` route, and
/// a removal in a kept tab, run no handler: they deliver no outcome.
@MainActor
struct ConfirmedRemovalFinishTests {
    /// Breaker round 14's `min-out`: a sheet child whose first screen asks before it goes, with `cancelled`.
    static let app = """
        flow: app
        start: home
        screens:
          home:
            on:
              open: { start: c }
              openStay: { start: s }
              done: { push: end }
              next: { push: second }
          second:
            on:
              open: { start: c }
          end: {}
        links:
          "/end": [home, end]
        children:
          c:
            flow: cFlow
            presentation: sheet
            on:
              cancelled: { push: end }
              ok: stay
          s:
            flow: cFlow
            on:
              cancelled: stay
              ok: stay
        """
    static let cFlow = """
        flow: cFlow
        start: entry
        outcomes: [cancelled, ok]
        screens:
          entry:
            removal: { policy: confirm, ask: drop, outcome: cancelled }
            on:
              ok: { finish: ok }
              more: { start: d }
        children:
          d: { flow: dFlow, on: { done: stay } }
        """
    static let dFlow = """
        flow: dFlow
        start: inner
        outcomes: [done]
        screens:
          inner: { on: { ok: { finish: done } } }
        """

    func started(_ event: String = "open") throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([Self.app, Self.cFlow, Self.dFlow]), flow: "app")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send(event) == .applied)
        return coordinator
    }

    /// `start`, `event open`, `back`, `confirm`: the handler `cancelled: { push: end }` runs and the child
    /// is reported finished with `cancelled`, not removed.
    @Test func aConfirmedBackThatDeliversAnOutcomeIsAFinish() throws {
        let coordinator = try started()
        #expect(coordinator.back() == StepResult(.pending))
        let confirmed = coordinator.confirmRemoval()
        #expect(confirmed.status == .applied)
        #expect(confirmed.reason == nil)
        #expect(confirmed.finished == [FinishedFlow(instance: FlowInstanceID(2), flow: "cFlow", outcome: "cancelled")])
        #expect(confirmed.removed == [])
        #expect(coordinator.screens == ["app.home", "app.end"])
    }

    /// The same by dismissing the sheet: reported alike (not as a dismissal).
    @Test func aConfirmedDismissalThatDeliversAnOutcomeIsAFinish() throws {
        let coordinator = try started()
        #expect(coordinator.dismiss() == StepResult(.pending))
        let confirmed = coordinator.confirmRemoval()
        #expect(confirmed.status == .applied)
        #expect(confirmed.finished == [FinishedFlow(instance: FlowInstanceID(2), flow: "cFlow", outcome: "cancelled")])
        #expect(confirmed.removed == [])
        #expect(coordinator.screens == ["app.home", "app.end"])
    }

    /// A `stay` handler delivers the outcome too (the removal's shortcut path), here by an event from the
    /// route below the pushed child, which removes the child's routes before it acts.
    @Test func anEventFromBelowWhoseRemovalDeliversToAStayHandlerIsAFinish() throws {
        let coordinator = try started("openStay")
        let home = try #require(coordinator.path.first?.token)
        #expect(coordinator.send("done", from: home) == StepResult(.pending))
        let confirmed = coordinator.confirmRemoval()
        #expect(confirmed.status == .applied)
        #expect(confirmed.finished == [FinishedFlow(instance: FlowInstanceID(2), flow: "cFlow", outcome: "cancelled")])
        #expect(confirmed.removed == [])
        #expect(coordinator.screens == ["app.home", "app.end"])
    }

    /// The instances above the one that finished go because it finished (why `finish`), as under a `finish`.
    @Test func theInstancesAboveTheFinishedOneAreRemovedBecauseItFinished() throws {
        let coordinator = try started()
        #expect(coordinator.send("more") == .applied)
        #expect(coordinator.screens == ["app.home", "cFlow.entry", "dFlow.inner"])
        #expect(coordinator.back(2) == StepResult(.pending))
        let confirmed = coordinator.confirmRemoval()
        #expect(confirmed.status == .applied)
        #expect(confirmed.finished == [FinishedFlow(instance: FlowInstanceID(2), flow: "cFlow", outcome: "cancelled")])
        #expect(confirmed.removed.map(\.description) == ["dFlow (#3, child d): finish"])
        #expect(coordinator.screens == ["app.home", "app.end"])
    }

    /// A removal that also takes a route of the parent skips the handler: nothing is delivered, so the
    /// instance is removed (why `back`), not finished.
    @Test func aRemovalWhoseHandlerIsSkippedIsNotAFinish() throws {
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([Self.app, Self.cFlow, Self.dFlow]), flow: "app")
        coordinator.start()
        #expect(coordinator.send("next") == .applied)
        #expect(coordinator.send("open") == .applied)
        #expect(coordinator.screens == ["app.home", "app.second", "cFlow.entry"])
        #expect(coordinator.back(2) == StepResult(.pending))
        let confirmed = coordinator.confirmRemoval()
        #expect(confirmed.status == .applied)
        #expect(
            confirmed.reason
                == .handlerSkipped(
                    flow: "app", outcome: "cancelled", because: "the removal also took routes of flow 'app'"))
        #expect(confirmed.finished == [])
        #expect(confirmed.removed.map(\.description) == ["cFlow (#2, child c): back"])
        #expect(coordinator.screens == ["app.home"])
    }

    /// A deep link that replaces the path across the `confirm` route asks too, but runs no handler: no
    /// outcome is delivered, so the child is removed by the link, not finished.
    @Test func aConfirmedLinkDeliversNoOutcome() throws {
        let coordinator = try started()
        #expect(coordinator.open("/end") == StepResult(.pending))
        let confirmed = coordinator.confirmRemoval()
        #expect(confirmed.status == .applied)
        #expect(confirmed.finished == [])
        #expect(confirmed.removed.map(\.description) == ["app (#1): link", "cFlow (#2, child c): link"])
        #expect(coordinator.screens == ["app.home", "app.end"])
    }

    /// Declining changes nothing and reports nothing; the question is asked although the step that asks it
    /// would finish the instance (its routes were not removed by its own decision).
    @Test func theRemovalIsStillAskedAboutAndKeepingReportsNoFinish() throws {
        let coordinator = try started()
        let asked = coordinator.back()
        #expect(asked == StepResult(.pending))
        #expect(asked.finished == [])
        #expect(coordinator.pendingConfirmation?.prompt == "drop")
        let kept = coordinator.keepEditing()
        #expect(kept.finished == [])
        #expect(kept.removed == [])
        #expect(coordinator.screens == ["app.home", "cFlow.entry"])
    }

    /// The child's own `finish` and a kept handle's `finish` report as before (the `finish` path).
    @Test func aFinishByEventOrByAKeptHandleReportsAsBefore() throws {
        let coordinator = try started()
        let byEvent = coordinator.send("ok")
        #expect(byEvent.finished == [FinishedFlow(instance: FlowInstanceID(2), flow: "cFlow", outcome: "ok")])
        #expect(byEvent.removed == [])
        #expect(coordinator.send("open") == .applied)
        let handle = try #require(coordinator.root?.children.values.first)
        let byHandle = handle.finish("cancelled")
        #expect(byHandle.finished == [FinishedFlow(instance: handle.id, flow: "cFlow", outcome: "cancelled")])
        #expect(byHandle.removed == [])
        #expect(coordinator.screens == ["app.home", "app.end"])
    }

    static let outcomeData = """
        flow: form
        start: edit
        outcomes:
          dropped: { params: { why: { type: string, default: gone } } }
        screens:
          edit:
            removal: { policy: confirm, ask: drop, outcome: dropped }
        """
    static let dataParent = """
        flow: parent
        start: home
        screens:
          home: { on: { edit: { start: form } } }
          note: { params: { why: string } }
        children:
          form: { flow: form, presentation: sheet, on: { dropped: { push: note, with: { why: $why } } } }
        """

    /// An outcome with parameters (their defaults: FC450 allows no required one) is reported with its values,
    /// and the handler reads them, as after a `finish`.
    @Test func theOutcomesDefaultValuesAreReportedAndReachTheHandler() throws {
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([Self.dataParent, Self.outcomeData]), flow: "parent")
        coordinator.start()
        #expect(coordinator.send("edit") == .applied)
        #expect(coordinator.back() == StepResult(.pending))
        let confirmed = coordinator.confirmRemoval()
        #expect(confirmed.status == .applied)
        #expect(
            confirmed.finished == [
                FinishedFlow(
                    instance: FlowInstanceID(2), flow: "form", outcome: "dropped", arguments: ["why": .string("gone")])
            ])
        #expect(confirmed.removed == [])
        #expect(coordinator.screens == ["parent.home", "parent.note(why: gone)"])
    }

    static let queueParent = """
        flow: shop
        start: home
        screens:
          home: { on: { signIn: { start: login }, cart: { push: cart } } }
          cart: {}
          gaveUp: {}
        children:
          login: { flow: login, presentation: sheet, on: { cancelled: { push: gaveUp }, signedIn: stay } }
        links:
          "/cart": [home, cart]
        """
    static let queueLogin = """
        flow: login
        start: form
        outcomes: [signedIn, cancelled]
        linkPolicy: queue
        screens:
          form:
            removal: { policy: confirm, ask: leave, outcome: cancelled }
            on: { ok: { finish: signedIn } }
        """

    /// The links the instance queued go as a finish's: they open after the step (before, they were dropped
    /// as held by a flow "removed before it finished").
    @Test func theLinksItQueuedOpenAsAfterAFinish() throws {
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([Self.queueParent, Self.queueLogin]), flow: "shop")
        coordinator.start()
        #expect(coordinator.send("signIn") == .applied)
        #expect(coordinator.open("/cart") == StepResult(.queued))
        #expect(coordinator.back() == StepResult(.pending))
        let confirmed = coordinator.confirmRemoval()
        #expect(confirmed.status == .applied)
        #expect(
            confirmed.finished == [FinishedFlow(instance: FlowInstanceID(2), flow: "login", outcome: "cancelled")])
        #expect(confirmed.deferredLinks == [DeferredLink(url: "/cart", status: .applied, reason: nil)])
        // The link that opened after the step rebuilt the tree from the root, as after any finish.
        #expect(confirmed.removed.map(\.description) == ["shop (#1): link"])
        #expect(coordinator.screens == ["shop.home", "shop.cart"])
    }
}
