/// A flow's declarations looked up by name: the declaration list is shared (not copied per entry)
/// and a table maps each name to its first position, so duplicates resolve to the first one.
struct NamedIndex<Element: Sendable>: Sendable {
    /// The declarations, in source order.
    let elements: [Element]
    private let positions: [String: Int]

    init(_ elements: [Element], name: (Element) -> String) {
        self.elements = elements
        var positions: [String: Int] = [:]
        positions.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() where positions[name(element)] == nil {
            positions[name(element)] = position
        }
        self.positions = positions
    }

    /// The distinct names, in no particular order (for suggestions).
    var names: Dictionary<String, Int>.Keys { positions.keys }

    /// The first declaration named `name`, if any.
    subscript(name: String) -> Element? { positions[name].map { elements[$0] } }
}
