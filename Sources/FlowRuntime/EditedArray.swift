/// An array as a step changes it, without copying it: a prefix of the array the step started from, then
/// the elements the step appended.
///
/// Steps only cut the path and the instance chain and append to them, so this is all a step's change
/// needs. Dropping the edit leaves the original untouched (a rejected step changes nothing); ``apply(to:)``
/// makes the change in the original in place, without copying its elements, when nothing else shares it.
/// Writing an element of the prefix first moves it, and the elements after it, into the appended part.
struct EditedArray<Element>: RandomAccessCollection {
    /// The array the edit started from. Only its first `keptCount` elements are part of the edit.
    private var base: [Element]
    private var keptCount: Int
    /// The elements appended after the kept prefix.
    private var added: [Element] = []

    /// An edit of `base` that has changed nothing yet.
    init(_ base: [Element]) {
        self.base = base
        self.keptCount = base.count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { keptCount + added.count }

    subscript(position: Int) -> Element {
        get { position < keptCount ? base[position] : added[position - keptCount] }
        set {
            if position < keptCount {
                added.insert(contentsOf: base[position..<keptCount], at: 0)
                keptCount = position
            }
            added[position - keptCount] = newValue
        }
    }

    /// The last element (the standard library's `last` goes through the index arithmetic of a generic collection).
    var last: Element? {
        if let element = added.last { return element }
        return keptCount > 0 ? base[keptCount - 1] : nil
    }

    mutating func append(_ element: Element) { added.append(element) }

    /// Removes the elements from position `count` on.
    mutating func truncate(to count: Int) {
        if count <= keptCount {
            keptCount = count
            added.removeAll()
        } else {
            added.truncate(to: count - keptCount)
        }
    }

    /// Makes `original`, the array this edit started from, equal to the edit, and empties the edit.
    /// The edit lets go of `original`'s storage first, so that cutting and appending happen in place.
    mutating func apply(to original: inout [Element]) {
        assert(original.count == base.count, "an edit applies only to the array it started from")
        base = []
        original.truncate(to: keptCount)
        // One at a time: a step appends a few elements, cheaper so than through the general `append(contentsOf:)`.
        for element in added { original.append(element) }
        keptCount = 0
        added = []
    }
}
