import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// A link is judged whole — URL, types, constraints, host checks — before any guard or link policy acts on
/// it (issue 32, item 8): signed out, a link to a note the host's check refuses is refused at once, instead
/// of sending the person through sign-in to be refused after.
@MainActor
struct LinkJudgedWholeTests {
    @Test func aGuardedLinkWithAnInvalidArgumentIsRefusedBeforeItsGuardActs() throws {
        let host = TestHost()
        host.checks["noteExists"] = ["9": false]
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "notesApp", host: host.host)
        #expect(coordinator.start() == .applied)
        let path = coordinator.path
        let refused = coordinator.open("/notes/9")
        #expect(
            refused
                == StepResult(
                    .rejected,
                    .checkFailed(
                        receiver: "screen 'note' of flow 'notebook'", name: "noteID", check: "noteExists",
                        value: .int(9))))
        #expect(coordinator.path == path)
        #expect(coordinator.snapshot().instances.allSatisfy { $0.pendingLink == nil })
        // A valid one still goes through sign-in and waits for it.
        let guarded = coordinator.open("/notes/8")
        #expect(guarded.status == .applied)
        #expect(coordinator.screens == ["login.email"])
        #expect(
            guarded.reason?.description
                == "deep link '/notes/8' needs condition 'isSignedIn', which does not hold: its 'otherwise' routes opened; it opens when flow 'login' finishes with 'signedIn'"
        )
    }
}
