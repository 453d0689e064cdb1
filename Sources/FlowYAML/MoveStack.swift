/// A growable stack that moves its elements instead of copying them: the
/// children of every open collection are pushed here, and closing a collection
/// moves its children into one exactly-sized array (one allocation per
/// collection, no retain/release traffic). Non-copyable, so the storage has a
/// single owner and is freed (remaining elements included) on every path.
struct MoveStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Number of elements on the stack.
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Pushes `element`, doubling the storage when full.
    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes and returns the top element. The stack must not be empty.
    @inline(__always)
    mutating func pop() -> Element {
        precondition(count > 0, "pop from an empty MoveStack")
        count -= 1
        return (base + count).move()
    }

    /// Destroys the elements from index `start` to the top.
    mutating func removeAll(from start: Int) {
        (base + start).deinitialize(count: count - start)
        count = start
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// The elements from index `start` to the top, valid until the next mutation.
    func elements(from start: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    /// Removes the elements from index `start` to the top and returns them, in order, as an array.
    ///
    /// The array is allocated with `reserveCapacity`, which the compiler specializes for
    /// `Element`; `Array(unsafeUninitializedCapacity:)` goes through the standard library's
    /// unspecialized allocator, which looks up the storage's generic metadata on every call
    /// (several hundred instructions per collection).
    mutating func popArray(from start: Int) -> [Element] {
        let moved = count - start
        guard moved > 0 else { return [] }
        let source = base + start
        count = start
        var array: [Element] = []
        array.reserveCapacity(moved)
        for offset in 0..<moved {
            array.append((source + offset).move())
        }
        return array
    }
}
