import Foundation

/// Runs work on a thread with a small stack, so a test fails (by crashing) when code recurses to an
/// input-controlled depth: 512 KiB is a secondary thread's stack on Apple platforms, far below
/// Linux's 8 MiB main thread.
enum SmallStack {
    static let bytes = 512 * 1024

    /// Runs `body` on a new thread with a `bytes`-sized stack and returns its result.
    static func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
        let box = ResultBox<Result>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = bytes
        thread.start()
        done.wait()
        return box.value!
    }

    private final class ResultBox<Value>: @unchecked Sendable {
        // Written once by the worker thread before the semaphore is signalled, read after the wait.
        var value: Value?
    }
}
