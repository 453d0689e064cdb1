#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own for `body`, joined by ``join()``: the one way the project starts a thread
/// (``ParallelMap``'s workers and `background(_:)`, the YAML parsing thread of `EventPipe`, the language
/// server's reader thread). A POSIX thread, with the stack size the caller chooses, or the system's
/// default.
///
/// ```swift
/// guard let thread = JoinableThread(stackSize: 512 << 10, { parse() }) else { return parseHere() }
/// build()
/// thread.join()
/// ```
package final class JoinableThread: @unchecked Sendable {
    // Unchecked: `thread` is written once, by `init`, before the value is shared; `join()` is called once.
    private var thread: pthread_t?

    /// Starts `body` on a new thread (`stackSize` bytes of stack; nil: the system's default), or returns
    /// nil if the system started none (the caller then does the work itself).
    package init?(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var started: pthread_t?
        let status = pthread_create(
            &started, &attributes,
            { context in
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        #else
        var started = pthread_t()
        let status = pthread_create(
            &started, &attributes,
            { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        #endif
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        thread = started
    }

    /// Waits for the thread to finish; what it wrote is visible after. Call once.
    package func join() {
        guard let thread else { return }
        self.thread = nil
        pthread_join(thread, nil)
    }

    /// Lets the thread finish on its own, never joined (a thread that runs until the process ends).
    package func detach() {
        guard let thread else { return }
        self.thread = nil
        pthread_detach(thread)
    }

    /// The body, boxed to cross `pthread_create`'s context pointer.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
