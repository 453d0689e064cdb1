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

    /// The issue's own example: signed out, `open /t/NOTVALID` where `threadID` has `pattern: "[a-z0-9]{8}"` is
    /// refused for its pattern at once; sign-in is never shown and nothing is held.
    @Test func aGuardedLinkWhoseArgumentFailsItsPatternIsRefusedBeforeSignIn() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: app
            conditions: [isSignedIn]
            start: { if: isSignedIn, then: threads, else: login }
            children:
              login: { flow: login, on: { signedIn: { replaceRoot: threads } } }
              threads: { flow: threads }
            links:
              "/t/{threadID}":
                when: isSignedIn
                routes: [threads, { thread: { threadID: $threadID } }]
                otherwise: { routes: [login], continueOn: signedIn }
            """,
            """
            flow: login
            start: form
            outcomes: [signedIn]
            screens:
              form: { on: { submit: { finish: signedIn } } }
            """,
            """
            flow: threads
            start: list
            screens:
              list: { on: { open: { push: thread, with: { threadID: abcd1234 } } } }
              thread:
                params: { threadID: { type: string, pattern: "[a-z0-9]{8}" } }
            """,
        ])
        let host = TestHost()
        host.conditions["isSignedIn"] = false
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "app", host: host.host)
        #expect(coordinator.start() == .applied)
        #expect(coordinator.screens == ["login.form"])
        let refused = coordinator.open("/t/NOTVALID")
        #expect(refused.status == .rejected)
        #expect(
            refused.reason?.description
                == "'threadID' of screen 'thread' of flow 'threads': \"NOTVALID\" does not match the pattern \"[a-z0-9]{8}\""
        )
        #expect(coordinator.screens == ["login.form"])
        #expect(coordinator.snapshot().instances.allSatisfy { $0.pendingLink == nil })
        // A valid id goes through sign-in and opens after it.
        let guarded = coordinator.open("/t/abcd1234")
        #expect(guarded.status == .applied)
        #expect(coordinator.snapshot().instances.contains { $0.pendingLink != nil })
    }
}
