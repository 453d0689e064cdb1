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
