import FlowExplorer
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// The explorer's store of visited states (docs/RUNNING.md, "How states are kept"): a 64-bit fingerprint
/// and a 16-byte record a state, whole states only on the frontier.
@MainActor
struct StateStoreTests {
    /// The tab-bar app: the store stays within 64 bytes a visited state, every state is covered by
    /// itself (no reduction), and the collision bound is n(n-1)/2 pairs times 2^-64.
    @Test func theStoreKeepsAtMost64BytesAVisitedState() throws {
        let report = try FlowExplorer.explore(try Fixtures.shipped(), flow: "social")
        #expect(report.states == 2594)
        #expect(report.coveredStates == 2594)
        #expect(report.reductionFactor == 1)
        #expect(report.bytesPerState <= 64)
        // The records (16 bytes each, in an array that grows by doubling: 4,096 slots) and the fingerprint
        // index (12 bytes a bucket, 4,096 buckets for 2,594 states: at most three quarters used) are exact; the
        // table of distinct script lines varies with the route tokens the process has handed out (other
        // tests' coordinators too).
        #expect(report.storeBytes >= 4096 * 16 + 4096 * 12)
        #expect(report.peakFrontier == 456)
        #expect(report.fingerprintCollisionBound == 2594.0 * 2593 / 2 / 18_446_744_073_709_551_616.0)
    }

    /// The records give back what each state was reached with: the first state is the new coordinator,
    /// and each other's parent was reached before it, one line shorter.
    @Test func theRecordsGiveBackEachStatesParentLineAndDepth() throws {
        let report = try FlowExplorer.explore(try Fixtures.shipped(), flow: "market")
        #expect(report.reached.count == 30)
        let first = report.reached[0]
        #expect(first.parent == nil && first.command == nil && first.depth == 0)
        #expect(first.path == [] && first.status == "idle" && !first.asksForConfirmation)
        #expect(report.reached[1].parent == 0)
        #expect(report.reached[1].command?.line == "start")
        #expect(report.reached[1].depth == 1)
        for index in report.reached.indices.dropFirst() {
            let state = report.reached[index]
            guard let parent = state.parent else {
                Issue.record("state \(index) has no parent")
                continue
            }
            #expect(parent < index)
            #expect(report.reached[parent].depth == state.depth - 1)
            #expect(report.commands(of: index) == report.commands(of: parent) + [state.command!])
        }
    }

    /// A state is kept as its hash alone, so the hash must read every field equality compares (drafts,
    /// the stack depths, the pending confirmation's prompt and routes among them): over every state the
    /// shipped apps reach (each rebuilt by its witness), as many distinct hashes as distinct states.
    @Test(arguments: ["app", "notesApp", "reading", "social", "market"])
    func distinctStatesHaveDistinctHashes(flow: String) throws {
        let bundle = try Fixtures.shipped()
        let report = try FlowExplorer.explore(bundle, flow: flow)
        var copies: Set<CoordinatorStateCopy> = []
        var hashes: Set<Int> = []
        for index in report.reached.indices {
            let runner = try FlowScriptRunner(bundle: bundle, flow: flow)
            for line in report.witness(of: index) { _ = runner.run(line: line) }
            let copy = runner.coordinator.copyState()
            copies.insert(copy)
            hashes.insert(copy.hashValue)
        }
        #expect(copies.count > 1)
        #expect(hashes.count == copies.count)
    }
}
