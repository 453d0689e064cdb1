import FlowModel
import FlowRuntime
import FlowTestSupport
import Observation
import Testing

/// The coordinator is observable, so a SwiftUI NavigationStack bound to `path` updates.
@MainActor
struct ObservationTests {
    final class Flag: @unchecked Sendable { var fired = false }

    @Test func changingThePathNotifiesObservers() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        coordinator.start()
        let flag = Flag()
        withObservationTracking {
            _ = coordinator.path
        } onChange: {
            flag.fired = true
        }
        coordinator.send("selectBook", arguments: ["bookID": .int(2)])
        #expect(flag.fired)
        let pending = Flag()
        coordinator.send("edit")
        withObservationTracking {
            _ = coordinator.pendingConfirmation
        } onChange: {
            pending.fired = true
        }
        #expect(coordinator.back() == StepResult(.pending))
        #expect(pending.fired)
    }
}
