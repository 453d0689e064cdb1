import FlowDefinitions
import FlowModel
import FlowYAML

/// Decoding `tabs`, and the name-or-mapping items tabs and link routes share.
extension FlowDecoder {
    /// `tabs: [feed, { search: { scope: all } }]`: names, or one-entry mappings of name → arguments; since
    /// format 1.2 also a tab written out in full, `{ tab: search, title: Search, icon: magnifyingglass,
    /// with: { scope: all } }` (a mapping whose `tab` is a name; in earlier formats such a mapping was an
    /// error, so no valid file changes meaning).
    mutating func readTabs(_ node: YAMLNodeRef) -> [TabDefinition] {
        guard let items = readSequence(node, as: "a list of tabs") else { return [] }
        if items.isEmpty {
            report(InvalidValue.self, "'tabs' is empty; list at least one tab, or remove 'tabs'", at: node)
        }
        return items.flatMap { item -> [TabDefinition] in
            let before = diagnostics.count
            // A tab entry that does not decode is damaged: the graph rules say nothing about it.
            defer { noteDamage(since: before, from: startOffset(item), to: endOffset(item)) }
            if isFullTab(item) { return readFullTab(item).map { [$0] } ?? [] }
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

    /// Whether `item` is a tab written out in full: a mapping with a `tab` entry whose value is a scalar (a
    /// one-entry `{ tab: { … } }` is the child `tab` with arguments, as in format 1.1).
    private func isFullTab(_ item: YAMLNodeRef) -> Bool {
        guard let entries = mappingEntries(item) else { return false }
        return entries.contains { scalar(of: $0.key) == TabKeys.tab.rawValue && isScalar($0.value) }
    }

    /// `{ tab: NAME, title: TEXT, icon: TEXT, with: { ARGUMENTS } }` (since format 1.2).
    private mutating func readFullTab(_ item: YAMLNodeRef) -> TabDefinition? {
        guard let mapping = readMapping(item, as: "a tab", keys: TabKeys.self, required: [.tab]),
            let name = mapping[.tab].flatMap({ readName($0, as: "tab name") })
        else { return nil }
        var tab = TabDefinition(name: name, arguments: mapping[.with].map { readArguments($0) } ?? [])
        if let node = mapping[.title] {
            tab.title = readLabel(node, as: "a tab's title")
        }
        if let node = mapping[.icon] {
            tab.icon = readLabel(node, as: "a tab's icon")
        }
        return tab
    }

    /// A tab's `title` or `icon`: a non-empty scalar.
    private mutating func readLabel(_ node: YAMLNodeRef, as what: String) -> Located<String>? {
        guard let text = readScalar(node, as: what) else { return nil }
        guard !text.isEmpty else {
            report(InvalidValue.self, "\(what) is empty; write the text, or remove the key", at: node)
            return nil
        }
        return Located(text, at: location(of: node))
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
