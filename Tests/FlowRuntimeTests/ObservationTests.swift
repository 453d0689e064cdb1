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

    /// Whether an observer of `property` that subscribes now hears `step`.
    private func heard(_ property: () -> Void, _ step: () -> Void) -> Bool {
        let flag = Flag()
        withObservationTracking {
            property()
        } onChange: {
            flag.fired = true
        }
        step()
        return flag.fired
    }

    /// Every committed change of the path is announced, each one to the observer subscribed at the time (a
    /// restored state too); a refused step and a step that changes nothing announce nothing.
    @Test func everyCommittedChangeOfThePathIsAnnounced() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        let path = { _ = coordinator.path }
        #expect(heard(path) { coordinator.start() })
        #expect(heard(path) { coordinator.send("selectBook", arguments: ["bookID": .int(2)]) })
        let details = coordinator.copyState()
        #expect(heard(path) { coordinator.send("edit") })
        #expect(!heard(path) { coordinator.send("noSuchEvent") })
        #expect(!heard(path) { coordinator.reconcile(to: coordinator.path) })
        #expect(heard(path) { coordinator.restoreState(details) })
        #expect(coordinator.path.map(\.screen) == ["library", "details"])
        #expect(heard(path) { coordinator.back() })
        #expect(coordinator.path.map(\.screen) == ["library"])
    }

    /// An observer that subscribes after steps ran with nothing reading the coordinator hears the next change
    /// of what it reads: a property's changes are announced from its first read on, whenever that is.
    @Test func anObserverSubscribingAfterUnreadStepsHearsTheNextChange() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        coordinator.start()
        coordinator.send("selectBook", arguments: ["bookID": .int(2)])
        coordinator.send("edit")
        coordinator.send("cancel")
        let status = Flag()
        withObservationTracking {
            _ = coordinator.status
        } onChange: {
            status.fired = true
        }
        #expect(heard({ _ = coordinator.path }) { coordinator.back() })
        #expect(!status.fired)
        #expect(!heard({ _ = coordinator.pendingConfirmation }) { coordinator.open("/books/3/edit") })
        #expect(heard({ _ = coordinator.pendingConfirmation }) { coordinator.back() })
        #expect(coordinator.pendingConfirmation != nil)
        coordinator.stop()
        #expect(status.fired)
    }

    /// A tool's coordinator that nothing observes (``FlowCoordinator/readsRegisterObservation`` off): its reads
    /// subscribe no one, and a property read before it was turned off is still announced.
    @Test func aCoordinatorWhoseReadsRegisterNothingStillAnnouncesWhatWasRead() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        coordinator.start()
        let path = Flag()
        withObservationTracking {
            _ = coordinator.path
        } onChange: {
            path.fired = true
        }
        coordinator.readsRegisterObservation = false
        let status = Flag()
        withObservationTracking {
            _ = coordinator.status
        } onChange: {
            status.fired = true
        }
        coordinator.send("selectBook", arguments: ["bookID": .int(2)])
        #expect(path.fired)
        coordinator.stop()
        #expect(!status.fired)
    }
}
