extension ArgumentPassing {
    /// `a`, `a and b`, `a, b and c` (or `a, b or c` with `conjunction: "or"`).
    static func englishList(_ items: [String], conjunction: String = "and") -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }
}
