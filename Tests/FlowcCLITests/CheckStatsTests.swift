import Foundation
import Testing

/// `flowc check --stats`: a second line per root flow with what the store of visited states took (and how
/// many of the steps ran the runtime's step: the unread-answers reduction reuses the others).
@Suite struct CheckStatsTests {
    @Test func statsFollowEachRootFlowsLine() throws {
        let output = try FlowcProcess.run(["check", "Flows/reading.yaml", "Flows/edit.yaml", "--stats"])
        #expect(output.status == 0)
        #expect(output.standardError == "")
        #expect(
            output.standardOutput == """
                flow reading: complete, 24 states, 304 steps, no guarantee broken
                  stats: 24 states covered (reduction factor 1.00), 201 of 304 steps run (the rest reused), 2488 bytes stored (103.7 per state; FC809's graph 2016 more), frontier peak 13 states, fingerprint collision chance at most 1.5e-17

                """)
    }
}
