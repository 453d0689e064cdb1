import FlowModel

extension MessageText {
    /// `a`, `a and b`, `a, b and c` (or `a, b or c` with `conjunction: "or"`): how a diagnostic's message
    /// lists names (each already written as messages write it, ``MessageText/name(_:)``).
    static func englishList(_ items: [String], conjunction: String = "and") -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }
}
