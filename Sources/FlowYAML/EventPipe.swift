import CYaml
import FlowModel

/// A run of libyaml's events, handed from the parsing thread to the building one whole. Each batch is
/// written by one thread at a time: the pipe's lock hands it over. The events are libyaml's own, not
/// copies: the building thread deletes them once read (`delete(_:)`).
final class EventBatch: @unchecked Sendable {
    // Unchecked: the producer writes a batch only between taking it from the free list and
    // publishing it, and the consumer reads it only between taking it and recycling it; both moves
    // happen under `EventPipe`'s lock, so the two threads never touch a batch at the same time.

    /// What a batch holds; the producer fills it as a local value (a class's stored arrays would be
    /// checked for exclusive access at every append). Speed: PERFORMANCE.md, "Shapes kept for speed".
    struct Contents {
        var events: [yaml_event_t] = []
        /// libyaml's error after the last event of the batch, if parsing failed there.
        var error: YAMLError?
    }

    var contents = Contents()

    /// Events per batch: large enough that the lock is taken rarely, small enough that building starts early.
    static let capacity = 1_024

    init() {
        contents.events.reserveCapacity(Self.capacity)
    }

    /// Frees the events' memory (libyaml's `yaml_event_delete`) and empties `contents`, its capacity kept.
    static func delete(_ contents: inout Contents) {
        for index in contents.events.indices { yaml_event_delete(&contents.events[index]) }
        contents.events.removeAll(keepingCapacity: true)
        contents.error = nil
    }
}

/// libyaml's parse on a thread of its own, feeding ``DocumentBuilder`` on the calling thread through
/// batches of events: the scan of a large file overlapped with building its document.
///
/// The producer only parses: each event goes into a batch as libyaml made it, and the builder reads it
/// exactly as a sequential build does, then deletes it. At most `inFlight` batches exist, so the producer
/// runs at most that far ahead and memory stays bounded whatever the input. A parse error ends the
/// producer's last batch, after the events before it, so the builder meets it exactly where a sequential
/// build would; a builder error cancels the producer.
/// ``finish()`` must be called before the ``EventParser`` is released: it joins the producer thread.
/// Speed: PERFORMANCE.md, "Shapes kept for speed".
final class EventPipe: @unchecked Sendable {
    // Unchecked: every mutable field below is read and written under `lock` only; the parser is used by
    // the producer thread alone until `finish()` has joined it.
    private let parser: EventParser
    private let lock = ConditionLock()
    private var ready: [EventBatch] = []
    private var readyHead = 0
    private var free: [EventBatch] = []
    private var cancelled = false
    private var thread: JoinableThread?
    private var joined = false

    /// Batches in flight, filled or free, between the two threads.
    private static let inFlight = 4
    /// The producer thread's stack: libyaml parses with heap stacks, so it needs little.
    private static let stackSize = 512 << 10

    /// Starts the producer on `parser`, or returns nil if no thread could be started (the caller then
    /// builds on one thread).
    init?(parser: EventParser) {
        self.parser = parser
        free = (0..<Self.inFlight).map { _ in EventBatch() }
        guard let started = JoinableThread(stackSize: Self.stackSize, { [self] in produce() }) else { return nil }
        lock.withLock { thread = started }
    }

    /// The next batch, waiting for the producer if needed. The last batch holds the stream's end or an error.
    func take() -> EventBatch {
        lock.withLock {
            lock.wait { readyHead < ready.count }
            let batch = ready[readyHead]
            readyHead += 1
            if readyHead == ready.count {
                ready.removeAll(keepingCapacity: true)
                readyHead = 0
            }
            return batch
        }
    }

    /// Gives a batch back to the producer with the contents the builder took out of it and read, their
    /// events deleted.
    func recycle(_ batch: EventBatch, contents: inout EventBatch.Contents) {
        EventBatch.delete(&contents)
        swap(&batch.contents, &contents)
        lock.withLock {
            free.append(batch)
            lock.broadcast()
        }
    }

    /// Stops the producer (if it still runs), joins its thread and deletes the events no one has read.
    /// Call once, before releasing the parser.
    func finish() {
        let thread = lock.withLock {
            cancelled = true
            lock.broadcast()
            defer { joined = true }
            return joined ? nil : self.thread
        }
        guard let thread else { return }
        thread.join()
        lock.withLock {
            for batch in ready[readyHead...] { EventBatch.delete(&batch.contents) }
            ready.removeAll()
            readyHead = 0
        }
    }

    // MARK: - The producer thread

    /// A free batch, or nil once the builder has cancelled.
    private func freeBatch() -> EventBatch? {
        lock.withLock {
            lock.wait { !free.isEmpty || cancelled }
            return cancelled ? nil : free.removeLast()
        }
    }

    private func publish(_ batch: EventBatch) {
        lock.withLock {
            ready.append(batch)
            lock.broadcast()
        }
    }

    /// Parses until the stream ends, an error, or cancellation.
    private func produce() {
        while let batch = freeBatch() {
            var contents = EventBatch.Contents()
            swap(&contents, &batch.contents)
            var ended = false
            while contents.events.count < EventBatch.capacity {
                do throws(YAMLError) {
                    let event = try parser.take()
                    contents.events.append(event)
                    ended = event.type == YAML_STREAM_END_EVENT
                } catch {
                    contents.error = error
                    ended = true
                }
                if ended { break }
            }
            batch.contents = contents
            publish(batch)
            if ended { return }
        }
    }
}
