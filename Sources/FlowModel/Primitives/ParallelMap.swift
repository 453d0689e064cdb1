import Dispatch

/// Maps indices to results on all cores with no shared mutable state between workers.
///
/// Each iteration computes its result and initializes its own element of the result array: the
/// elements are disjoint memory, each written by exactly one iteration (`concurrentPerform` runs
/// every index once), and the array is read only after `concurrentPerform` has returned, that is
/// after every iteration has finished. No lock is needed, so none can be forgotten or misread by a
/// race detector. Shared by the validator (files, rules), lowering, and the bundle codec (flows).
package enum ParallelMap {
    /// `[transform(0), transform(1), …, transform(count - 1)]`, computed in parallel, in index order.
    package static func map<Element: Sendable>(count: Int, _ transform: @Sendable (Int) -> Element) -> [Element] {
        guard count > 0 else { return [] }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let slots = DisjointSlots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots.initialize(index, to: transform(index))
            }
            initializedCount = count
        }
    }

    /// `map(count:_:)`, with the iterations started in decreasing order of `size` (equal sizes in index
    /// order); the results are still in index order. On a few cores, a large item started last would
    /// run alone after the others have finished.
    static func map<Element: Sendable>(
        count: Int, largestFirst size: (Int) -> Int, _ transform: @Sendable (Int) -> Element
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
        // until `concurrentPerform` returns (see `ParallelMap`).
        let base: UnsafeMutablePointer<Element>

        func initialize(_ index: Int, to element: consuming Element) {
            (base + index).initialize(to: element)
        }
    }
}
