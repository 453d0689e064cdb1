import FlowDefinitions
import FlowModel

/// A declaration or argument that is found by its name.
protocol NamedEntry {
    /// The name as written.
    var entryName: String { get }
}

extension ParameterDefinition: NamedEntry {
    var entryName: String { name.value }
}

extension ArgumentDefinition: NamedEntry {
    var entryName: String { name.value }
}

// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// Finds entries of one list (a receiver's parameters, the arguments passed) by name, the first of
/// duplicates winning. A list is scanned; a table is built only when both the list and the number of
/// lookups are long, so the cost stays linear in the two (at most 8 × the longer one).
struct NameLookup<Entry: NamedEntry & Sendable>: Sendable {
    /// The entries, in source order.
    let entries: [Entry]
    private let positions: [String: Int]?

    /// The longest list, or the fewest lookups, searched by scanning.
    private static var scanLimit: Int { 8 }

    /// - Parameter lookups: how many lookups will follow (an upper bound).
    init(_ entries: [Entry], lookups: Int) {
        self.entries = entries
        guard entries.count > Self.scanLimit, lookups > Self.scanLimit else {
            positions = nil
            return
        }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() where positions[entry.entryName] == nil {
            positions[entry.entryName] = position
        }
        self.positions = positions
    }

    /// The first entry named `name`, if any.
    subscript(name: String) -> Entry? {
        if let positions { return positions[name].map { entries[$0] } }
        return entries.first { $0.entryName == name }
    }

    /// Whether an entry is named `name`.
    func contains(_ name: String) -> Bool { self[name] != nil }
}
