import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Host closures run inside a step; one that calls back into the coordinator is refused, so two steps
/// never interleave on one state (a completion delivered twice, a `stop` undone by the step around it).
@MainActor
struct ReentrancyTests {
    /// A host that runs `reenter` (once) when asked `isLoggedIn`, then answers false.
    @MainActor final class ReentrantHost {
        var reenter: (() -> StepResult)?
        var results: [StepResult] = []
        var checkAnswer = true
        var host: FlowHost {
            FlowHost(
                condition: { [weak self] name in
                    if name == "isLoggedIn", let self, let action = self.reenter {
                        self.reenter = nil
                        self.results.append(action())
                    }
                    return false
                },
                check: { [weak self] _, _ in
                    if let self, let action = self.reenter {
                        self.reenter = nil
                        self.results.append(action())
                    }
                    return self?.checkAnswer ?? true
                })
        }
    }

    /// `app` on onboarding's last screen: `done` finishes onboarding and asks `isLoggedIn` in the handler.
    func appOnAccountSetup(_ reentrant: ReentrantHost) throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "app", host: reentrant.host)
        coordinator.start()
        coordinator.send("continue")
        coordinator.send("continue")
        #expect(coordinator.screens == ["onboarding.welcome", "onboarding.permissions", "onboarding.accountSetup"])
        return coordinator
    }

    static let reentrant = StepResult(.rejected, .reentrantStep)

    @Test func stopFromAHostConditionIsRefused() throws {
        let reentrant = ReentrantHost()
        let coordinator = try appOnAccountSetup(reentrant)
        reentrant.reenter = { [unowned coordinator] in coordinator.stop() }
        #expect(coordinator.send("done") == .applied)
        #expect(reentrant.results == [Self.reentrant])
        // Before: the nested stop applied, then the step around it committed: "stopped" with a path.
        #expect(coordinator.status == .running)
        #expect(coordinator.screens == ["auth.signIn"])
        #expect(coordinator.send("submit") == .applied)
    }

    @Test func completionFromAHostConditionIsDeliveredOnce() throws {
        let reentrant = ReentrantHost()
        let coordinator = try appOnAccountSetup(reentrant)
        let onboarding = try #require(coordinator.root?.children.values.first)
        var handled = 0
        reentrant.reenter = {
            handled += 1
            return onboarding.finish("completed")
        }
        // `done` finishes onboarding; the handler asks isLoggedIn, whose host finishes onboarding again.
        #expect(coordinator.send("done") == .applied)
        #expect(handled == 1)
        #expect(reentrant.results == [Self.reentrant])
        #expect(coordinator.screens == ["auth.signIn"])
        #expect(coordinator.instanceFlows == ["app", "auth"])
        #expect(!onboarding.isAlive)
        #expect(onboarding.finish("completed").status == .stale)
    }

    /// A completion is disarmed while its own step runs: the handler's host finishing the same instance
    /// again gets `stale` (the instance is finishing), not a second delivery or a re-entrant step.
    @Test func aSecondFinishFromInsideTheFinishsOwnStepIsStale() throws {
        let reentrant = ReentrantHost()
        let coordinator = try appOnAccountSetup(reentrant)
        let onboarding = try #require(coordinator.root?.children.values.first)
        reentrant.reenter = { onboarding.finish("completed") }
        #expect(onboarding.finish("completed") == .applied)
        #expect(reentrant.results == [StepResult(.stale, .instanceNotAlive(onboarding.id))])
        #expect(coordinator.screens == ["auth.signIn"])
        #expect(!onboarding.isAlive)
    }

    @Test(arguments: 0..<11)
    func everyIntentFromInsideAStepIsRefused(intent: Int) throws {
        let intents: [(FlowCoordinator) -> StepResult] = [
            { $0.start() }, { $0.stop() }, { $0.send("back") }, { $0.back() }, { $0.back(toLength: 1) },
            { $0.reconcile(to: Array($0.path.prefix(1))) }, { $0.reconcile(toTokens: []) },
            { $0.confirmRemoval() }, { $0.keepEditing() }, { $0.open("/anything") },
            { $0.restore($0.snapshot()) },
        ]
        let reentrant = ReentrantHost()
        let coordinator = try appOnAccountSetup(reentrant)
        reentrant.reenter = { [unowned coordinator] in intents[intent](coordinator) }
        #expect(coordinator.send("done") == .applied)
        #expect(reentrant.results == [Self.reentrant])
        #expect(coordinator.screens == ["auth.signIn"])
        #expect(coordinator.instanceFlows == ["app", "auth"])
        #expect(coordinator.status == .running)
    }

    @Test func hostChecksThatCallBackInAreRefused() throws {
        let reentrant = ReentrantHost()
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading", host: reentrant.host)
        reentrant.reenter = { [unowned coordinator] in coordinator.send("selectBook", arguments: ["bookID": .int(1)]) }
        #expect(coordinator.open("/books/7") == .applied)
        #expect(reentrant.results == [Self.reentrant])
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)"])
    }

    @Test func aCompletionRefusedForReentrancyStaysArmed() throws {
        let reentrant = ReentrantHost()
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading", host: reentrant.host)
        coordinator.open("/books/7/edit")
        let edit = try #require(coordinator.root?.children.values.first)
        // A link whose host check finishes the editor, then refuses the book: the link is rejected and
        // the nested finish refused, so nothing changed.
        reentrant.checkAnswer = false
        reentrant.reenter = { edit.finish("saved") }
        let before = coordinator.path
        #expect(coordinator.open("/books/8").status == .rejected)
        #expect(reentrant.results == [Self.reentrant])
        #expect(coordinator.path == before)
        #expect(edit.isAlive)
        #expect(edit.finish("saved") == .applied)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)"])
    }
}
