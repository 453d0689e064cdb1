import FlowModel

/// An array as a step changes it, without copying it: a prefix of the array the step started from, then
/// the elements the step appended.
///
/// Steps only cut the path and the instance chain and append to them, so this is all a step's change
/// needs. Dropping the edit leaves the original untouched (a rejected step changes nothing); ``apply(to:)``
/// makes the change in the original in place, without copying its elements, when nothing else shares it.
/// Writing an element of the prefix first moves it, and the elements after it, into the appended part.
struct EditedArray<Element>: RandomAccessCollection {
    /// The array the edit started from. Only its first `kept` elements are part of the edit.
    private var base: [Element]
    private var kept: Int
    /// The first element appended after the kept prefix, held inline: most steps append at most one route
    /// and one instance, and an array of their own would be allocated and freed for each.
    private var firstAdded: Element?
    /// The elements appended after `firstAdded`.
    private var moreAdded: [Element] = []

    /// An edit of `base` that has changed nothing yet.
    init(_ base: [Element]) {
        self.base = base
        self.kept = base.count
    }

    /// How many elements of the original array the edit still holds unchanged, at the same positions.
    var keptCount: Int { kept }

    /// How many elements the edit appended after the kept prefix.
    private var addedCount: Int { firstAdded == nil ? 0 : 1 + moreAdded.count }

    /// Whether applying the edit to `original`, the array it started from, leaves it as it is.
    func leavesUnchanged(_ original: [Element]) -> Bool { kept == original.count && firstAdded == nil }

    var startIndex: Int { 0 }
    var endIndex: Int { kept + addedCount }

    subscript(position: Int) -> Element {
        get {
            if position < kept { return base[position] }
            return position == kept ? firstAdded! : moreAdded[position - kept - 1]
        }
        set {
            if position < kept {
                let appended = Array(base[position..<kept]) + added
                truncate(to: position)
                for element in appended { append(element) }
            }
            if position == kept {
                firstAdded = newValue
            } else {
                moreAdded[position - kept - 1] = newValue
            }
        }
    }

    /// The appended elements, in order.
    private var added: [Element] { (firstAdded.map { [$0] } ?? []) + moreAdded }

    /// The last element (the standard library's `last` goes through the index arithmetic of a generic collection).
    var last: Element? {
        if let element = moreAdded.last { return element }
        if let element = firstAdded { return element }
        return kept > 0 ? base[kept - 1] : nil
    }

    mutating func append(_ element: Element) {
        if firstAdded == nil {
            firstAdded = element
        } else {
            moreAdded.append(element)
        }
    }

    /// Removes the elements from position `count` on.
    mutating func truncate(to count: Int) {
        if count <= kept {
            kept = count
            firstAdded = nil
            moreAdded.removeAll()
        } else if count == kept + 1 {
            moreAdded.removeAll()
        } else {
            moreAdded.truncate(to: count - kept - 1)
        }
    }

    /// Makes `original`, the array this edit started from, equal to the edit, and empties the edit.
    /// The edit lets go of `original`'s storage first, so that cutting and appending happen in place.
    mutating func apply(to original: inout [Element]) {
        assert(original.count == base.count, "an edit applies only to the array it started from")
        base = []
        original.truncate(to: kept)
        if let first = firstAdded {
            original.append(first)
            // One at a time: a step appends a few elements, cheaper so than through the general `append(contentsOf:)`.
            for element in moreAdded { original.append(element) }
        }
        kept = 0
        firstAdded = nil
        moreAdded = []
    }
}

extension EditedArray where Element == InstanceRecord {
    // The fields steps read most, read in place: `chain[depth].flow` would copy the whole record first.

    /// The bundle index of the flow of the instance at `position`.
    func flow(at position: Int) -> Int { field(at: position) { $0.flow } }

    /// The id of the instance at `position`.
    func id(at position: Int) -> FlowInstanceID { field(at: position) { $0.id } }

    /// The stack depth of the instance at `position` (``InstanceRecord/stackDepth``).
    func stackDepth(at position: Int) -> Int { field(at: position) { $0.stackDepth } }

    /// Whether the instance at `position` keeps drafts of its children.
    func hasDrafts(at position: Int) -> Bool { field(at: position) { !$0.drafts.isEmpty } }

    /// The tab set of the instance at `position`, if its flow has tabs.
    func tabs(at position: Int) -> TabSetRecord? { field(at: position) { $0.tabs } }

    /// The arguments of the instance at `position`.
    func values(at position: Int) -> [Value] { field(at: position) { $0.values } }
}

extension EditedArray {
    /// What `read` takes from the element at `position`, read where the element lies.
    private func field<Field>(at position: Int, _ read: (Element) -> Field) -> Field {
        if position < kept { return read(base[position]) }
        return position == kept ? read(firstAdded!) : read(moreAdded[position - kept - 1])
    }
}
