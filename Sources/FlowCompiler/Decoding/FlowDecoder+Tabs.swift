import FlowDefinitions
import FlowModel
import FlowYAML

/// Decoding `tabs`, and the name-or-mapping items tabs and link routes share.
extension FlowDecoder {
    /// `tabs: [feed, { search: { scope: all } }]`: names, or one-entry mappings of name → arguments.
    mutating func readTabs(_ node: YAMLNodeRef) -> [TabDefinition] {
        guard let items = readSequence(node, as: "a list of tabs") else { return [] }
        if items.isEmpty {
            report(InvalidValue.self, "'tabs' is empty; list at least one tab, or remove 'tabs'", at: node)
        }
        return items.flatMap { item -> [TabDefinition] in
            let before = diagnostics.count
            // A tab entry that does not decode is damaged: the graph rules say nothing about it.
            defer { noteDamage(since: before, from: startOffset(item), to: endOffset(item)) }
            if let entries = mappingEntries(item), entries.count > 1 {
                report(
                    InvalidValue.self,
                    "a tab is a child name, or a mapping with one entry, CHILD: { ARGUMENTS }; write each tab as an entry of its own",
                    at: item)
                // Several tabs written as one entry: each name counts as the tab meant (without arguments), so
                // the children it names are not also reported as never started. One mistake, one error.
                return entries.compactMap { entry in
                    scalar(of: entry.key).flatMap {
                        Self.isIdentifier($0)
                            ? TabDefinition(name: Located($0, at: location(of: entry.key)), arguments: []) : nil
                    }
                }
            }
            return readNamedItem(
                item, as: "a tab", nameKind: "tab name",
                shape: "a tab is a child name, or a mapping with one entry, CHILD: { ARGUMENTS }"
            )
            .map { [TabDefinition(name: $0.name, arguments: $0.arguments)] } ?? []
        }
    }

    /// A list item that is a name, or a one-entry mapping of name → arguments (a link's route, a tab).
    /// - Parameter shape: the message reported for a mapping of another shape.
    mutating func readNamedItem(_ item: YAMLNodeRef, as what: String, nameKind: String, shape: String)
        -> (name: Located<String>, arguments: [ArgumentDefinition])?
    {
        if isScalar(item) { return readName(item, as: nameKind).map { ($0, []) } }
        guard let pairs = readMapping(item, as: what), pairs.count == 1, let pair = pairs.first else {
            if isMapping(item) { report(InvalidValue.self, shape, at: item) }
            return nil
        }
        guard let name = readName(pair.key, as: nameKind) else { return nil }
        return (name, readArguments(pair.value))
    }
}
