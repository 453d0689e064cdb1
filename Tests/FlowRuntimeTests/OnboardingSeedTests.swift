import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// The second seed: welcome → permissions → account setup; onboarding finishes, the app replaces its
/// root, and the onboarding instance is released.
@MainActor
struct OnboardingSeedTests {
    @Test func onboardingFinishesAndIsReleased() throws {
        let host = TestHost()
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "app", host: host.host)
        #expect(coordinator.start() == .applied)
        #expect(host.asked == ["hasOnboarded"])
        #expect(coordinator.screens == ["onboarding.welcome"])
        #expect(coordinator.instanceFlows == ["app", "onboarding"])
        weak let onboarding = coordinator.root?.children.values.first
        #expect(onboarding?.flow == "onboarding")

        #expect(coordinator.send("continue") == .applied)
        #expect(coordinator.send("continue") == .applied)
        #expect(coordinator.screens == ["onboarding.welcome", "onboarding.permissions", "onboarding.accountSetup"])
        #expect(coordinator.send("back") == .applied)
        #expect(coordinator.screens == ["onboarding.welcome"])
        coordinator.send("continue")
        coordinator.send("continue")

        host.conditions["isLoggedIn"] = true
        #expect(coordinator.send("done") == .applied)
        #expect(coordinator.screens == ["posts.list"])
        #expect(coordinator.instanceFlows == ["app", "main", "posts"])
        #expect(onboarding == nil)
        #expect(coordinator.status == .running)
    }

    @Test func onboardingWithoutSessionGoesToAuth() throws {
        let host = TestHost()
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "app", host: host.host)
        coordinator.start()
        let welcome = coordinator.top.token
        coordinator.send("continue")
        coordinator.send("continue")
        coordinator.send("done")
        #expect(coordinator.screens == ["auth.signIn"])
        #expect(coordinator.instanceFlows == ["app", "auth"])
        #expect(coordinator.send("continue", from: welcome) == StepResult(.stale, .routeNotOnPath(welcome)))
    }

    @Test func onboardingAloneRecordsTheRootOutcome() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "onboarding")
        coordinator.start()
        coordinator.send("continue")
        coordinator.send("continue")
        #expect(coordinator.send("done") == .applied)
        #expect(coordinator.path.isEmpty)
        #expect(coordinator.root == nil)
        #expect(coordinator.status == .finished(outcome: "completed"))
        #expect(coordinator.send("continue") == StepResult(.rejected, .notRunning))
        #expect(coordinator.start() == .applied)
        #expect(coordinator.screens == ["onboarding.welcome"])
        #expect(coordinator.start() == StepResult(.rejected, .alreadyRunning))
    }
}
