import FlowTestSupport
import Foundation
import Testing

@testable import FlowModel

/// An app decoding the bundle it ships does the work on its own thread: a small bundle starts no threads,
/// a large one uses every core.
struct SmallBundleThreadTests {
    @Test func decodingTheShippedBundleStartsNoThread() throws {
        let bytes = BundleCodec.encode(try Fixtures.shipped())
        let before = ParallelMap.startedThreadCount()
        let bundle = try BundleCodec.decode(bytes)
        #expect(bundle.integrityProblem() == nil)
        #expect(ParallelMap.startedThreadCount() == before)
        #expect(bundle.flows.count == 40)
    }

    @Test func aMapOverMuchWorkUsesTheOtherCores() {
        let before = ParallelMap.startedThreadCount()
        let squares = ParallelMap.map(count: 8, work: 10, parallelFrom: 10) { $0 * $0 }
        #expect(squares == [0, 1, 4, 9, 16, 25, 36, 49])
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(ParallelMap.startedThreadCount() == before + min(8, cores) - 1)
        let serial = ParallelMap.map(count: 8, work: 9, parallelFrom: 10) { $0 * $0 }
        #expect(serial == squares)
        #expect(ParallelMap.startedThreadCount() == before + min(8, cores) - 1)
    }
}
