import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// `FlowCoordinator.copyState()` and `restoreState(_:)`, the explorer's way to reach a state: a copy put
/// back is the state as it was, and copies compare up to route tokens and instance ids.
@MainActor
struct StateCopyTests {
    @Test func aCopyPutBackIsTheStateAsItWas() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        _ = coordinator.start()
        _ = coordinator.send("selectBook", textArguments: ["bookID": "7"])
        let copy = coordinator.copyState()
        let handle = try #require(coordinator.root)
        let before = coordinator.path
        _ = coordinator.send("edit")
        #expect(coordinator.path.count == 3)
        #expect(coordinator.restoreState(copy))
        #expect(coordinator.path == before)
        #expect(coordinator.copyState() == copy)
        #expect(coordinator.status == .running)
        // Handles are cancelled; new ones are handed out for the same instances.
        #expect(!handle.isAlive)
        #expect(coordinator.root?.isAlive == true)
        #expect(coordinator.root?.id == handle.id)
    }

    @Test func copiesCompareUpToTokensAndInstanceIds() throws {
        let bundle = try Fixtures.shipped()
        let once = try FlowCoordinator(bundle: bundle, flow: "reading")
        _ = once.start()
        _ = once.send("selectBook", textArguments: ["bookID": "7"])
        let twice = try FlowCoordinator(bundle: bundle, flow: "reading")
        _ = twice.start()
        _ = twice.send("selectBook", textArguments: ["bookID": "7"])
        _ = twice.back()
        _ = twice.send("selectBook", textArguments: ["bookID": "7"])
        #expect(once.path.map(\.token.rawValue) == [1, 2])
        #expect(twice.path.map(\.token.rawValue) == [1, 3])
        #expect(once.copyState() == twice.copyState())
        #expect(once.copyState().hashValue == twice.copyState().hashValue)
        // The fingerprint the explorer keeps a state as (``StateFingerprint``) likewise.
        #expect(fingerprint(of: once.copyState()) == fingerprint(of: twice.copyState()))
        _ = twice.back()
        _ = twice.send("selectBook", textArguments: ["bookID": "8"])
        #expect(once.copyState() != twice.copyState())
        #expect(fingerprint(of: once.copyState()) != fingerprint(of: twice.copyState()))
    }

    func fingerprint(of copy: CoordinatorStateCopy) -> UInt64 {
        var mixer = StateFingerprint()
        copy.fingerprint(into: &mixer)
        return mixer.value
    }

    @Test func aCopyFromAnotherCoordinatorIsIgnored() throws {
        let bundle = try Fixtures.shipped()
        let one = try FlowCoordinator(bundle: bundle, flow: "reading")
        let other = try FlowCoordinator(bundle: bundle, flow: "reading")
        _ = other.start()
        #expect(!one.restoreState(other.copyState()))
        #expect(one.status == .idle)
        #expect(one.path == [])
    }

    /// `isIdentical(to:)`, the explorer's O(1) "the step changed nothing": a refused step leaves a pending
    /// confirmation as it was, so the copy after it is identical to the one before; one that answers the
    /// question is not.
    @Test func aRefusedStepKeepsAPendingConfirmationIdentical() throws {
        let bundle = try Fixtures.shipped()
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "reading")
        _ = coordinator.start()
        _ = coordinator.send("selectBook", arguments: ["bookID": .int(4)])
        _ = coordinator.send("edit")
        #expect(coordinator.back() == StepResult(.pending))
        let asking = coordinator.copyState()
        #expect(asking.isAskingForConfirmation)
        #expect(asking.isIdentical(to: asking))
        #expect(coordinator.send("noSuchEvent").status == .rejected)
        let afterRefusal = coordinator.copyState()
        #expect(afterRefusal.isIdentical(to: asking))
        #expect(afterRefusal == asking)
        #expect(afterRefusal.hashValue == asking.hashValue)
        #expect(coordinator.keepEditing() == .applied)
        let declined = coordinator.copyState()
        #expect(!declined.isAskingForConfirmation)
        #expect(!declined.isIdentical(to: asking))
        #expect(declined != asking)
        // The same question asked again by a new step: equal.
        #expect(coordinator.back() == StepResult(.pending))
        #expect(coordinator.copyState() == asking)
    }
}
