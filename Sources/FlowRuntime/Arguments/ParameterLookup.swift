import FlowModel

// Name lookups in the short parameter, argument and event lists of a graph.
//
// Speed: PERFORMANCE.md, "Shapes kept for speed".

extension Array where Element == ParameterNode {
    /// The position of the last parameter named `name` (of two with one name the last wins, as in a
    /// dictionary filled in parameter order).
    func lastIndex(named name: String) -> Int? {
        lastIndex { $0.name == name }
    }

    /// Whether some parameter is named `name`.
    func contains(named name: String) -> Bool {
        contains { $0.name == name }
    }

    /// Whether every one of `names` is the name of a parameter.
    func containsAll<Names: Sequence<String>>(_ names: Names) -> Bool {
        names.allSatisfy { contains(named: $0) }
    }

    /// Whether every one of `arguments` is named after a parameter.
    func containsAll(namesOf arguments: [ArgumentNode]) -> Bool {
        arguments.allSatisfy { contains(named: $0.name) }
    }

    /// `values`, aligned with these parameters, by parameter name (the public, named form of arguments).
    func named(_ values: [Value]) -> [String: Value] {
        var named: [String: Value] = [:]
        for index in indices where index < values.count { named[self[index].name] = values[index] }
        return named
    }
}

extension Array where Element == EventNode {
    /// The position of the event named `name` (a screen declares each event once).
    func index(named name: String) -> Int? {
        firstIndex { $0.name == name }
    }
}

extension Array where Element == ArgumentNode {
    /// The position of the last argument named `name` (of two with one name the last wins).
    func lastIndex(named name: String) -> Int? {
        lastIndex { $0.name == name }
    }

    /// The arguments' names, in order.
    var names: [String] { map(\.name) }
}
