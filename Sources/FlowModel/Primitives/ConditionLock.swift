#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock with one condition: what two threads that hand work to each other wait on. The one way the
/// project's threads wait for one another besides ``ParallelMap``'s join: the YAML parsing thread and the
/// builder (`EventPipe`, FlowYAML), the language server's reader thread and its main loop
/// (`ServerLoop.Inbox`, FlowLanguageServer).
///
/// Synchronization's `Mutex` has no condition variable and Foundation's `NSCondition` is not linked by
/// FlowYAML, so this is a POSIX mutex and condition variable, allocated once; taking it costs what
/// `pthread_mutex_lock` costs.
///
/// ```swift
/// let lock = ConditionLock()
/// var queue: [Int] = []          // touched only inside `withLock`
/// // producer:
/// lock.withLock { queue.append(1); lock.broadcast() }
/// // consumer:
/// let first = lock.withLock { lock.wait { !queue.isEmpty }; return queue.removeFirst() }
/// ```
package final class ConditionLock: @unchecked Sendable {
    // Unchecked: the mutex and the condition are the POSIX objects made for being shared between threads;
    // their storage is allocated once and freed in `deinit`, when no thread can hold them.
    @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    @usableFromInline let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// `body` with the lock held. Inlinable, so the builder's and the parser's calls cost no more than the
    /// POSIX calls themselves.
    @inlinable
    package func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Waits, releasing the lock meanwhile, until `ready()` holds. Call with the lock held (inside
    /// ``withLock(_:)``); `ready()` is read with the lock held.
    @inlinable
    package func wait(until ready: () -> Bool) {
        while !ready() { pthread_cond_wait(condition, mutex) }
    }

    /// Wakes every thread waiting in ``wait(until:)``, to read their condition again. Call with the lock
    /// held, after changing what they wait for.
    @inlinable
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
