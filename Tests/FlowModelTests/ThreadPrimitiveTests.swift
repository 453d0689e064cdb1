import FlowModel
import Testing

/// The thread primitives the compiler side and the language server share (docs/ARCHITECTURE.md,
/// FlowModel/Primitives): a started thread's writes are seen after `join()`, and a bounded hand-off over a
/// `ConditionLock` delivers every item once, in order, whichever thread runs first.
struct ThreadPrimitiveTests {
    /// A bounded queue between two threads, as EventPipe and the language server's inbox hold one.
    final class BoundedQueue: @unchecked Sendable {
        // Unchecked: `items` and `closed` are touched only inside `lock.withLock`.
        let lock = ConditionLock()
        var items: [Int] = []
        var closed = false
        let limit: Int

        init(limit: Int) { self.limit = limit }

        func put(_ item: Int) {
            lock.withLock {
                lock.wait { items.count < limit }
                items.append(item)
                lock.broadcast()
            }
        }

        func close() {
            lock.withLock {
                closed = true
                lock.broadcast()
            }
        }

        /// Every item waiting, after waiting for one; nil once closed and empty.
        func takeAll() -> [Int]? {
            lock.withLock {
                lock.wait { !items.isEmpty || closed }
                guard !items.isEmpty else { return nil }
                defer {
                    items = []
                    lock.broadcast()
                }
                return items
            }
        }
    }

    @Test func aBoundedHandOffDeliversEveryItemOnceInOrder() throws {
        let queue = BoundedQueue(limit: 3)
        let producer = try #require(
            JoinableThread(stackSize: 256 << 10) {
                for item in 0..<2_000 { queue.put(item) }
                queue.close()
            })
        var received: [Int] = []
        var largestBatch = 0
        while let batch = queue.takeAll() {
            received += batch
            largestBatch = max(largestBatch, batch.count)
        }
        producer.join()
        #expect(received == Array(0..<2_000))
        #expect(largestBatch <= 3)
    }

    @Test func aJoinedThreadsWritesAreSeenAfterTheJoin() throws {
        final class Box: @unchecked Sendable { var value = 0 }  // written by the thread, read after the join
        let box = Box()
        let thread = try #require(JoinableThread { box.value = 42 })
        thread.join()
        thread.join()  // a second join does nothing
        #expect(box.value == 42)
    }

    @Test func backgroundWorkReturnsItsResult() {
        let pending = ParallelMap.background { (1...100).reduce(0, +) }
        #expect(pending.wait() == 5_050)
    }
}
