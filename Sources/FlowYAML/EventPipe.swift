import CYaml

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libyaml event copied out of the parser: what ``DocumentBuilder`` reads of an event, and no more.
struct CopiedEvent {
    var type: yaml_event_type_t
    /// The marks' line and column (from 1), and libyaml's character index as `offset`: the builder converts
    /// it to a byte offset (the parsing thread, the busier one, is spared the `LineIndex`).
    var start: YAMLDocument.Mark32
    var end: YAMLDocument.Mark32
    /// A scalar's text: `count` bytes at `first` in its batch's `text`.
    var first: UInt32
    var count: UInt32
    /// A scalar's style (`YAMLDocument.styles` index).
    var style: UInt8
    /// The anchor (an alias's name), and the tag, as indices into the batch's `names`; -1 for none.
    var anchor: Int32
    var tag: Int32
}

/// A run of copied events, handed from the parsing thread to the building one whole. Each batch is
/// written by one thread at a time: the pipe's lock hands it over.
final class EventBatch: @unchecked Sendable {
    // Unchecked: the producer writes a batch only between taking it from the free list and
    // publishing it, and the consumer reads it only between taking it and recycling it; both moves
    // happen under `EventPipe`'s lock, so the two threads never touch a batch at the same time.

    /// What a batch holds; the producer fills it as a local value (a class's stored arrays would be
    /// checked for exclusive access at every append). Speed: PERFORMANCE.md, "Shapes kept for speed".
    struct Contents {
        var events: [CopiedEvent] = []
        var text: [UInt8] = []
        var names: [String] = []
        /// libyaml's error after the last event of the batch, if parsing failed there.
        var error: YAMLError?
    }

    var contents = Contents()

    /// Events per batch: large enough that the lock is taken rarely, small enough that building starts early.
    static let capacity = 2_048

    init() {
        contents.events.reserveCapacity(Self.capacity)
    }

    @inline(__always)
    func name(_ index: Int32) -> String? { index < 0 ? nil : contents.names[Int(index)] }

    /// The contents, emptied (their capacity kept), for the producer to fill; `contents` is left empty.
    func takeEmptied() -> Contents {
        var taken = Contents()
        swap(&taken, &contents)
        taken.events.removeAll(keepingCapacity: true)
        taken.text.removeAll(keepingCapacity: true)
        taken.names.removeAll(keepingCapacity: true)
        taken.error = nil
        return taken
    }
}

/// libyaml's parse on a thread of its own, feeding ``DocumentBuilder`` on the calling thread through
/// batches of copied events: the scan of a large file overlapped with building its document.
///
/// The producer parses and copies each event's marks, text and names into a batch; at most `inFlight` batches exist, so it runs at most that far ahead and memory stays bounded
/// whatever the input. A parse error ends the producer's last batch, after the events before it, so
/// the builder meets it exactly where a sequential build would; a builder error cancels the producer.
/// ``finish()`` must be called before the ``EventParser`` is released: it joins the producer thread.
final class EventPipe: @unchecked Sendable {
    // Unchecked: every mutable field below is read and written under `mutex` only; the parser is used by
    // the producer thread alone until `finish()` has joined it.
    private let parser: EventParser
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var ready: [EventBatch] = []
    private var readyHead = 0
    private var free: [EventBatch] = []
    private var cancelled = false
    private var thread: pthread_t?
    private var joined = false

    /// Batches in flight, filled or free, between the two threads.
    private static let inFlight = 4
    /// The producer thread's stack: libyaml parses with heap stacks, so it needs little.
    private static let stackSize = 512 << 10

    /// Starts the producer on `parser`, or returns nil if no thread could be started (the caller then
    /// builds on one thread).
    init?(parser: EventParser) {
        self.parser = parser
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
        free = (0..<Self.inFlight).map { _ in EventBatch() }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, Self.stackSize)
        let context = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Darwin)
        var started: pthread_t?
        let status = pthread_create(
            &started, &attributes,
            { context in
                Unmanaged<EventPipe>.fromOpaque(context).takeRetainedValue().produce()
                return nil
            }, context)
        #else
        var started = pthread_t()
        let status = pthread_create(
            &started, &attributes,
            { context in
                Unmanaged<EventPipe>.fromOpaque(context!).takeRetainedValue().produce()
                return nil
            }, context)
        #endif
        guard status == 0 else {
            // `deinit` frees the lock: every stored property is initialized.
            Unmanaged<EventPipe>.fromOpaque(context).release()
            return nil
        }
        thread = started
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// The next batch, waiting for the producer if needed. The last batch holds the stream's end or an error.
    func take() -> EventBatch {
        pthread_mutex_lock(mutex)
        while readyHead == ready.count { pthread_cond_wait(changed, mutex) }
        let batch = ready[readyHead]
        readyHead += 1
        if readyHead == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyHead = 0
        }
        pthread_mutex_unlock(mutex)
        return batch
    }

    /// Gives a batch the builder has read back to the producer.
    func recycle(_ batch: EventBatch) {
        pthread_mutex_lock(mutex)
        free.append(batch)
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// Stops the producer (if it still runs) and joins its thread. Call once, before releasing the parser.
    func finish() {
        pthread_mutex_lock(mutex)
        cancelled = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
        guard !joined, let thread else { return }
        joined = true
        pthread_join(thread, nil)
    }

    // MARK: - The producer thread

    /// A free batch, or nil once the builder has cancelled.
    private func freeBatch() -> EventBatch? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while free.isEmpty, !cancelled { pthread_cond_wait(changed, mutex) }
        return cancelled ? nil : free.removeLast()
    }

    private func publish(_ batch: EventBatch) {
        pthread_mutex_lock(mutex)
        ready.append(batch)
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// Parses until the stream ends, an error, or cancellation.
    private func produce() {
        while let batch = freeBatch() {
            var contents = batch.takeEmptied()
            var ended = false
            while contents.events.count < EventBatch.capacity {
                do throws(YAMLError) {
                    ended = try parser.next { (event: borrowing yaml_event_t) -> Bool in
                        Self.copy(event, into: &contents)
                        return event.type == YAML_STREAM_END_EVENT
                    }
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

    /// A libyaml mark (0-based line and column, character index) with line and column from 1; the offset is
    /// still the character index.
    @inline(__always)
    private static func mark(_ mark: yaml_mark_t) -> YAMLDocument.Mark32 {
        YAMLDocument.Mark32(
            offset: UInt32(truncatingIfNeeded: mark.index),
            line: UInt32(truncatingIfNeeded: Int(mark.line) + 1),
            column: UInt32(truncatingIfNeeded: Int(mark.column) + 1))
    }

    /// Copies what the builder reads of `event` (only the marks it reads).
    @inline(__always)
    private static func copy(_ event: borrowing yaml_event_t, into batch: inout EventBatch.Contents) {
        let zero = YAMLDocument.Mark32(offset: 0, line: 0, column: 0)
        var copied = CopiedEvent(
            type: event.type, start: zero, end: zero, first: 0, count: 0, style: 0, anchor: -1, tag: -1)
        func name(_ raw: UnsafeMutablePointer<yaml_char_t>?) -> Int32 {
            guard let raw else { return -1 }
            batch.names.append(DocumentBuilder.string(raw))
            return Int32(truncatingIfNeeded: batch.names.count - 1)
        }
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            copied.start = mark(event.start_mark)
            copied.end = mark(event.end_mark)
            copied.first = UInt32(truncatingIfNeeded: batch.text.count)
            copied.count = UInt32(truncatingIfNeeded: scalar.length)
            if let value = scalar.value, scalar.length > 0 {
                batch.text.append(contentsOf: UnsafeBufferPointer(start: value, count: Int(scalar.length)))
            }
            copied.style = DocumentBuilder.style(scalar.style)
            copied.anchor = name(scalar.anchor)
            copied.tag = name(scalar.tag)
        case YAML_SEQUENCE_START_EVENT:
            copied.start = mark(event.start_mark)
            copied.anchor = name(event.data.sequence_start.anchor)
            copied.tag = name(event.data.sequence_start.tag)
        case YAML_MAPPING_START_EVENT:
            copied.start = mark(event.start_mark)
            copied.anchor = name(event.data.mapping_start.anchor)
            copied.tag = name(event.data.mapping_start.tag)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            copied.end = mark(event.end_mark)
        case YAML_ALIAS_EVENT:
            copied.start = mark(event.start_mark)
            copied.end = mark(event.end_mark)
            copied.anchor = name(event.data.alias.anchor)
        case YAML_DOCUMENT_START_EVENT:
            copied.start = mark(event.start_mark)
        default:
            break
        }
        batch.events.append(copied)
    }
}
