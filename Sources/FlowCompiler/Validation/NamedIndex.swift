/// A flow's declarations looked up by name: the declaration list and the name table are the flow's own
/// (`FlowDefinition.screenPositions`, `childPositions`), shared, not copied or rebuilt; duplicates resolve
/// to the first one.
struct NamedIndex<Element: Sendable>: Sendable {
    /// The declarations, in source order.
    let elements: [Element]
    private let positions: [String: Int]

    init(_ elements: [Element], positions: [String: Int]) {
        self.elements = elements
        self.positions = positions
    }

    /// The distinct names, in no particular order (for suggestions).
    var names: Dictionary<String, Int>.Keys { positions.keys }

    /// Whether every declaration has a name of its own (then a declaration's position is its name's).
    var isUnique: Bool { positions.count == elements.count }

    /// The position of the first declaration named `name`, if any.
    func position(of name: String) -> Int? { positions[name] }

    /// The first declaration named `name`, if any.
    subscript(name: String) -> Element? { positions[name].map { elements[$0] } }
}
