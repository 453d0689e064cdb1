import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Maps indices to results on all cores with no shared mutable state between workers.
///
/// Each iteration computes its result and initializes its own element of the result array: the
/// elements are disjoint memory, each written by exactly one iteration (every index is claimed once,
/// from one atomic counter), and the array is read only after every worker has finished. No lock is
/// needed, so none can be forgotten or misread by a race detector. Shared by the validator (files,
/// flows' graphs, rules, a large flow's screens), lowering, and the bundle codec (flows).
///
/// The workers are the calling thread and one thread per other core (``JoinableThread``), started for
/// the call: a map may run inside another (a large file's screens, decoded in chunks, inside the map over
/// files), and `DispatchQueue.concurrentPerform` runs a nested call on the calling thread alone.
package enum ParallelMap {
    /// `[transform(0), transform(1), …, transform(count - 1)]`, computed in parallel, in index order.
    package static func map<Element: Sendable>(count: Int, _ transform: @escaping @Sendable (Int) -> Element)
        -> [Element]
    {
        guard count > 0 else { return [] }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let slots = DisjointSlots(base: buffer.baseAddress!)
            let claims = IndexClaims()
            let work: @Sendable () -> Void = {
                while case let index = claims.next(), index < count {
                    slots.initialize(index, to: transform(index))
                }
            }
            let helpers = max(0, min(count, ProcessInfo.processInfo.activeProcessorCount) - 1)
            countStartedThreads(helpers)
            // A helper the system does not start leaves its indices to the others (each claims until none is left).
            let threads = (0..<helpers).compactMap { _ in JoinableThread(work) }
            work()
            // The helpers' writes are visible after they are joined.
            for thread in threads { thread.join() }
            initializedCount = count
        }
    }

    /// `map(count:_:)` when `work` reaches `threshold`, else the same results computed on the calling thread
    /// alone: starting a thread costs more than a small map (an app decoding the bundle it ships starts
    /// none). `work` is in the caller's unit (bytes to decode, screens to check), and so is `threshold`.
    package static func map<Element: Sendable>(
        count: Int, work: Int, parallelFrom threshold: Int, _ transform: @escaping @Sendable (Int) -> Element
    ) -> [Element] {
        guard count > 1, work >= threshold else { return (0..<count).map(transform) }
        return map(count: count, transform)
    }

    /// The work from which the bundle codec and its integrity check use all cores: 256 KiB of bundle, or
    /// 2,048 screens. Below it they run on the calling thread: the shipped `Flows/` is a 2.6 KB bundle.
    package static let bundleBytesForParallelWork = 256 << 10
    package static let bundleScreensForParallelWork = 2_048

    /// `work()` started on a thread of its own; `Pending.wait()` returns its result. For one large piece of
    /// work that can run beside the caller's (a large flow's finishing nodes, beside the rest of its index).
    /// When no thread can be started, the work is done on the calling thread before this returns.
    package static func background<Result: Sendable>(_ work: @escaping @Sendable () -> Result) -> Pending<Result> {
        let pending = Pending<Result>()
        countStartedThreads(1)
        pending.thread = JoinableThread { pending.result = work() }
        if pending.thread == nil { pending.result = work() }
        return pending
    }

    /// The result of work started by `background(_:)`.
    package final class Pending<Result: Sendable>: @unchecked Sendable {
        // Unchecked: `result` is written once by the worker, and read only after `wait()` has joined it;
        // `thread` is written before the worker's result is asked for.
        fileprivate var result: Result?
        fileprivate var thread: JoinableThread?

        fileprivate init() {}

        /// Waits for the work to finish and returns its result. Call once.
        package func wait() -> Result {
            thread?.join()
            return result!
        }
    }

    /// How many threads maps called from the current thread have started, for tests and benchmarks that
    /// check a map stayed on its caller (each thread counts its own, so parallel tests do not interfere).
    package static func startedThreadCount() -> Int {
        Int(bitPattern: pthread_getspecific(startedThreadsKey))
    }

    /// A POSIX thread-specific slot holding the count as the bits of a pointer: reading and writing it
    /// costs a few instructions (Foundation's thread dictionary cost about 2 M instructions at first use).
    private static let startedThreadsKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static func countStartedThreads(_ started: Int) {
        guard started > 0 else { return }
        pthread_setspecific(startedThreadsKey, UnsafeRawPointer(bitPattern: startedThreadCount() + started))
    }

    /// Hands out each index once, to whichever worker asks first.
    private final class IndexClaims: Sendable {
        private let counter = Atomic<Int>(0)

        func next() -> Int { counter.add(1, ordering: .relaxed).oldValue }
    }

    /// `map(count:_:)`, with the iterations started in decreasing order of `size` (equal sizes in index
    /// order); the results are still in index order. On a few cores, a large item started last would
    /// run alone after the others have finished.
    package static func map<Element: Sendable>(
        count: Int, largestFirst size: (Int) -> Int, _ transform: @escaping @Sendable (Int) -> Element
    ) -> [Element] {
        let sizes = (0..<count).map(size)
        let order = (0..<count).sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
        let started = map(count: count) { transform(order[$0]) }
        var position = [Int](repeating: 0, count: count)
        for (slot, index) in order.enumerated() { position[index] = slot }
        return (0..<count).map { started[position[$0]] }
    }

    /// The result buffer as the iterations see it: only `initialize(_:to:)`, one call per index.
    private struct DisjointSlots<Element>: @unchecked Sendable {
        // Sendable because every iteration writes a different element and nothing reads the buffer
        // until every worker has finished (see `ParallelMap`).
        let base: UnsafeMutablePointer<Element>

        func initialize(_ index: Int, to element: consuming Element) {
            (base + index).initialize(to: element)
        }
    }
}
