import FlowModel

// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// An array as a step changes it: a prefix of the array the step started from, then the elements the
/// step appended.
///
/// Steps only cut the path and the instance chain and append to them, so this is all a step's change
/// needs. Dropping the edit leaves the original untouched (a rejected step changes nothing); ``apply(to:)``
/// makes the change in the original.
/// Writing an element of the prefix first moves it, and the elements after it, into the appended part.
struct EditedArray<Element>: RandomAccessCollection {
    /// The array the edit started from. Only its first `kept` elements are part of the edit.
    private var base: [Element]
    private var kept: Int
    /// The elements appended after the kept prefix.
    private var added: [Element] = []

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// An edit of `base` that has changed nothing yet, appending into `storage` (empty; the storage a
    /// committed edit handed back).
    init(_ base: [Element], appendingInto storage: [Element] = []) {
        assert(storage.isEmpty, "an edit appends into empty storage")
        self.base = base
        self.kept = base.count
        self.added = storage
    }

    /// How many elements of the original array the edit still holds unchanged, at the same positions.
    var keptCount: Int { kept }

    /// Whether applying the edit to `original`, the array it started from, leaves it as it is.
    func leavesUnchanged(_ original: [Element]) -> Bool { kept == original.count && added.isEmpty }

    var startIndex: Int { 0 }
    var endIndex: Int { kept + added.count }

    subscript(position: Int) -> Element {
        get { position < kept ? base[position] : added[position - kept] }
        set {
            if position < kept {
                added.insert(contentsOf: base[position..<kept], at: 0)
                kept = position
            }
            added[position - kept] = newValue
        }
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// The last element.
    var last: Element? {
        if let element = added.last { return element }
        return kept > 0 ? base[kept - 1] : nil
    }

    mutating func append(_ element: Element) { added.append(element) }

    /// Removes the elements from position `count` on.
    mutating func truncate(to count: Int) {
        if count <= kept {
            kept = count
            added.truncate(to: 0)
        } else {
            added.truncate(to: count - kept)
        }
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// Makes `original`, the array this edit started from, equal to the edit, and empties the edit.
    /// - Returns: emptied storage for the next edit (``init(_:appendingInto:)``): the appended elements', or,
    ///   when the edit replaced the whole array, the old array's; empty without capacity when it grew past a
    ///   few elements, so that no large buffer stays held.
    mutating func apply(to original: inout [Element]) -> [Element] {
        assert(original.count == base.count, "an edit applies only to the array it started from")
        base = []
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        // An array the step replaced whole (start, stop, a deep link's fresh state): the appended elements
        // become the array as they are, and the old array's storage is the one handed back.
        if kept == 0 {
            swap(&original, &added)
        } else {
            original.truncate(to: kept)
            if !added.isEmpty { for element in added { original.append(element) } }
        }
        kept = 0
        var storage: [Element] = []
        swap(&storage, &added)
        guard storage.capacity <= 16 else { return [] }
        storage.truncate(to: 0)
        return storage
    }
}

extension EditedArray where Element == InstanceRecord {
    // The fields steps read most.
    // Speed: PERFORMANCE.md, "Shapes kept for speed".

    /// The bundle index of the flow of the instance at `position`.
    func flow(at position: Int) -> Int { position < kept ? base[position].flow : added[position - kept].flow }

    /// The id of the instance at `position`.
    func id(at position: Int) -> FlowInstanceID { position < kept ? base[position].id : added[position - kept].id }

    /// The child declaration that started the instance at `position` (``InstanceRecord/declaration``).
    func declaration(at position: Int) -> Int? {
        position < kept ? base[position].declaration : added[position - kept].declaration
    }

    /// How the instance at `position` was shown.
    func presentation(at position: Int) -> Presentation {
        position < kept ? base[position].presentation : added[position - kept].presentation
    }

    /// The stack depth of the instance at `position` (``InstanceRecord/stackDepth``).
    func stackDepth(at position: Int) -> Int {
        position < kept ? base[position].stackDepth : added[position - kept].stackDepth
    }

    /// Whether the instance at `position` keeps drafts of its children.
    func hasDrafts(at position: Int) -> Bool {
        position < kept ? base[position].hasDrafts : added[position - kept].hasDrafts
    }

    /// The tab set of the instance at `position`, if its flow has tabs.
    func tabs(at position: Int) -> TabSetRecord? { position < kept ? base[position].tabs : added[position - kept].tabs }

    /// The arguments of the instance at `position`.
    func values(at position: Int) -> [Value] { position < kept ? base[position].values : added[position - kept].values }
}

extension EditedArray where Element == Route {
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// The chain position of the last route's instance (``Route/depth``), read in place: `last?.depth`
    /// copies the route first.
    var lastDepth: Int? {
        if !added.isEmpty { return added[added.count - 1].depth }
        return kept > 0 ? base[kept - 1].depth : nil
    }
}
