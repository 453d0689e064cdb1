import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// `ScriptCommand.step(on:)`, the explorer's step (a `finish` without creating the instance's handle), gives
/// the result and the state `step(on:handle:)` gives through the handle `FlowCoordinator.instance(_:)`
/// makes: for every instance id of each state (live, in a kept tab, gone, never made) and outcomes whose
/// texts parse, fail to parse, name no parameter or name no outcome.
@MainActor
struct HandleFreeFinishTests {
    /// The `finish` lines tried on each state: ids 1 to 6, each with these outcomes and texts.
    static let finishes: [String] = (1...6).flatMap { id in
        [
            "saved noteID=4", "saved noteID=0", "saved noteID=x", "saved other=1", "discarded", "nothing",
            "signedOut", "signedIn email=a@b.c", "signedIn email=ab",
        ].map { "finish #\(id) \($0)" }
    }

    /// The results of `line` after `prefix` on root flow `flow`, through a handle and without one, and
    /// whether the two coordinators are in the same state after it.
    static func both(_ flow: String, _ prefix: [String], _ line: String) throws -> (
        handle: StepResult?, handleFree: StepResult?, sameState: Bool
    ) {
        let bundle = try Fixtures.shipped()
        let viaHandle = try FlowScriptRunner(bundle: bundle, flow: flow)
        let handleFree = try FlowScriptRunner(bundle: bundle, flow: flow)
        for line in prefix {
            _ = viaHandle.run(line: line)
            _ = handleFree.run(line: line)
        }
        // The runner makes a handle of every live instance for its trace: put the state back, which cancels
        // them, so the finish takes the course without a handle (the explorer's, which restores each state).
        #expect(handleFree.coordinator.restoreState(handleFree.coordinator.copyState()))
        #expect(!handleFree.coordinator.holdsInstanceHandles)
        let command = try #require(try ScriptCommand.parse(line))
        let first = command.step(on: viaHandle.coordinator, handle: { viaHandle.coordinator.instance($0) })
        let second = command.step(on: handleFree.coordinator)
        return (first, second, viaHandle.coordinator.copyState() == handleFree.coordinator.copyState())
    }

    /// Every `finish` line on `flow` after `prefix`: the two paths agree; the statuses seen.
    static func agree(_ flow: String, _ prefix: [String]) throws -> Set<StepStatus> {
        var statuses: Set<StepStatus> = []
        for line in finishes {
            let (handle, handleFree, sameState) = try both(flow, prefix, line)
            #expect(handle == handleFree, "\(flow) after \(prefix): \(line)")
            #expect(sameState, "\(flow) after \(prefix): \(line)")
            if let handle { statuses.insert(handle.status) }
        }
        return statuses
    }

    @Test func aChildFlowFinishesAsThroughItsHandle() throws {
        let prefix = ["condition isSignedIn true", "start", "event write"]
        #expect(try Self.agree("notesApp", prefix) == [.applied, .rejected])
        // The texts are parsed by the outcome's parameters, as through a handle.
        let (parsed, _, _) = try Self.both("notesApp", prefix, "finish #3 saved noteID=x")
        #expect(parsed?.status == .rejected)
        #expect(
            parsed?.reason?.description == "'x' is not a valid int for 'noteID' of outcome 'saved' of flow 'newNote'")
        let (applied, _, _) = try Self.both("notesApp", prefix, "finish #3 saved noteID=4")
        #expect(applied?.status == .applied)
    }

    @Test func aStoppedCoordinatorRefusesAsThroughAHandle() throws {
        #expect(
            try Self.agree("notesApp", ["condition isSignedIn true", "start", "event write", "stop"]) == [
                .stale, .rejected,
            ])
    }

    @Test func aKeptTabsInstanceIsRefusedAsThroughAHandle() throws {
        let prefix = ["condition hasOnboarded true", "start", "select discover", "select account"]
        #expect(try Self.agree("podcasts", prefix).contains(.rejected))
    }
}
