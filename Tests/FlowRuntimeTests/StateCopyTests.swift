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
        _ = twice.back()
        _ = twice.send("selectBook", textArguments: ["bookID": "8"])
        #expect(once.copyState() != twice.copyState())
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
}
