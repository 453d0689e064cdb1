import FlowModel
import FlowYAML

/// A mapping whose keys were checked against a schema: unknown keys were reported and dropped.
struct KeyedMapping<Key: SchemaKey> {
    struct Entry {
        let key: Key
        let keyNode: YAMLNode
        let value: YAMLNode
    }

    let entries: [Entry]

    // Index loops: `first(where:)` copied every entry it passed (three nodes each), for every key asked.
    subscript(key: Key) -> YAMLNode? {
        for index in entries.indices where entries[index].key == key { return entries[index].value }
        return nil
    }

    func keyNode(_ key: Key) -> YAMLNode? {
        for index in entries.indices where entries[index].key == key { return entries[index].keyNode }
        return nil
    }
}

/// Reading nodes of the expected kinds, reporting each mismatch at the node.
extension FlowDecoder {
    /// Where `node` is written; for a node copied by an alias, the alias's use, with the copied
    /// text's position as `copiedFrom` (diagnostics add a note there).
    func location(of node: YAMLNode) -> SourceLocation {
        guard let alias = node.alias else {
            return SourceLocation(file: file, line: node.start.line, column: node.start.column, offset: node.start.offset)
        }
        let content = alias.contentStart(of: node)
        return SourceLocation(
            file: file, line: alias.start.line, column: alias.start.column, offset: alias.start.offset,
            copiedFrom: SourceLocation.AliasOrigin(
                anchor: alias.anchor, line: content.line, column: content.column, offset: content.offset))
    }

    /// Where a scalar's text starts: after the opening quote of a quoted scalar.
    func contentLocation(of node: YAMLNode) -> SourceLocation {
        var location = location(of: node)
        switch node.content {
        case .scalar(_, .singleQuoted) where node.alias == nil, .scalar(_, .doubleQuoted) where node.alias == nil:
            location.column += 1
            location.offset += 1
        default:
            break
        }
        return location
    }

    mutating func report<Rule: DiagnosticRule>(
        _ rule: Rule.Type, _ message: String, at node: YAMLNode, notes: [DiagnosticNote] = []
    ) {
        var diagnostic = rule.diagnostic(message, at: location(of: node), notes: notes)
        let (start, end) = node.alias.map { ($0.start, $0.end) } ?? (node.start, node.end)
        if end.line == start.line, end.column > start.column {
            diagnostic.endColumn = end.column
        }
        diagnostics.append(diagnostic)
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`: the names of flows, screens, children, events, parameters,
    /// outcomes and conditions, so that `$name` references and generated code can use them.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetterOrUnderscore else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCIILetterOrUnderscore || ("0"..."9").contains($0) }
    }

    /// The text of a scalar node; reports a wrong-kind diagnostic for sequences and mappings.
    mutating func readScalar(_ node: YAMLNode, as what: String) -> String? {
        if let text = node.scalar { return text }
        report(WrongNodeKind.self, "expected \(what) (a scalar), found a \(node.kindName)", at: node)
        return nil
    }

    /// The items of a sequence node; an empty plain value reads as an empty sequence.
    mutating func readSequence(_ node: YAMLNode, as what: String) -> [YAMLNode]? {
        if let items = node.sequence { return items }
        if node.isEmptyPlainScalar { return [] }
        report(WrongNodeKind.self, "expected \(what) as a sequence, found a \(node.kindName)", at: node)
        return nil
    }

    /// The entries of a mapping node; an empty plain value reads as an empty mapping.
    mutating func readMapping(_ node: YAMLNode, as what: String) -> [YAMLMapEntry]? {
        if let entries = node.mapping { return entries }
        if node.isEmptyPlainScalar { return [] }
        let found = node.scalar.map { "the scalar '\($0)'" } ?? "a \(node.kindName)"
        report(WrongNodeKind.self, "expected \(what) as a mapping, found \(found)", at: node)
        return nil
    }

    /// A mapping checked against `Key`: unknown keys are reported with a suggestion, missing
    /// required keys at the mapping. `allowEmpty` accepts an empty value (`welcome:`) as an empty mapping.
    mutating func readMapping<Key: SchemaKey>(
        _ node: YAMLNode, as what: String, keys: Key.Type, required: [Key], allowEmpty: Bool = false
    ) -> KeyedMapping<Key>? {
        if !allowEmpty, node.isEmptyPlainScalar {
            report(WrongNodeKind.self, "expected \(what) as a mapping, found an empty value", at: node)
            return nil
        }
        guard let raw = readMapping(node, as: what) else { return nil }
        var entries: [KeyedMapping<Key>.Entry] = []
        for entry in raw {
            guard let text = entry.key.scalar else { continue }
            guard let key = Key(rawValue: text) else {
                let known = Key.allCases.map(\.rawValue)
                let suggestion = NameSuggestion.closest(to: text, among: known)
                let advice = suggestion.map { "did you mean '\($0)'?" }
                    ?? "expected one of \(known.joined(separator: ", "))"
                report(UnknownKey.self, "unknown key '\(text)' in \(what); \(advice)", at: entry.key)
                continue
            }
            entries.append(.init(key: key, keyNode: entry.key, value: entry.value))
        }
        let mapping = KeyedMapping(entries: entries)
        for key in required where mapping[key] == nil {
            report(MissingKey.self, "missing key '\(key.rawValue)' in \(what)", at: node)
        }
        return mapping
    }

    /// The entries of a mapping whose keys are names (screens, events, parameters …), each key
    /// checked to be an identifier.
    mutating func namedEntries(_ node: YAMLNode, as what: String, entryName: String) -> [(Located<String>, YAMLNode)] {
        guard let entries = readMapping(node, as: what) else { return [] }
        return entries.compactMap { entry in readName(entry.key, as: entryName).map { ($0, entry.value) } }
    }

    /// A scalar that must be an identifier.
    mutating func readName(_ node: YAMLNode, as what: String) -> Located<String>? {
        guard let text = readScalar(node, as: "a \(what)") else { return nil }
        guard Self.isIdentifier(text) else {
            let shown = text.isEmpty ? "an empty value" : "'\(text)'"
            report(InvalidName.self,
                "\(shown) is not a valid \(what); use ASCII letters, digits and '_', starting with a letter or '_'",
                at: node)
            return nil
        }
        return Located(text, at: location(of: node))
    }

    /// A sequence of names (`outcomes: [saved, discarded]`).
    mutating func readNames(_ node: YAMLNode, as what: String) -> [Located<String>] {
        (readSequence(node, as: "a list of \(what)s") ?? []).compactMap { readName($0, as: what) }
    }

    /// A scalar that must be one of `Choice`'s raw values.
    mutating func readEnumValue<Choice: RawRepresentable<String> & CaseIterable & Hashable & Sendable>(
        _ node: YAMLNode, _ type: Choice.Type, as what: String
    ) -> Located<Choice>? {
        guard let text = readScalar(node, as: "a \(what)") else { return nil }
        guard let value = Choice(rawValue: text) else {
            let known = Choice.allCases.map(\.rawValue)
            let suggestion = NameSuggestion.hint(for: text, among: known)
            report(InvalidValue.self,
                "unknown \(what) '\(text)'\(suggestion.isEmpty ? "; expected one of \(known.joined(separator: ", "))" : suggestion)",
                at: node)
            return nil
        }
        return Located(value, at: location(of: node))
    }

    /// A scalar parsed strictly as an integer no smaller than `minimum`.
    mutating func readInteger(_ node: YAMLNode, as what: String, minimum: Int) -> Located<Int>? {
        guard let text = readScalar(node, as: "a \(what)") else { return nil }
        guard case .int(let number) = ParameterType.int.parse(text), number >= minimum else {
            report(InvalidValue.self, "'\(text)' is not a valid \(what); write a whole number of at least \(minimum)", at: node)
            return nil
        }
        return Located(number, at: location(of: node))
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetterOrUnderscore: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_"
    }
}

extension YAMLNode {
    /// `key:` with nothing after it.
    var isEmptyPlainScalar: Bool {
        if case .scalar("", .plain) = content { return true }
        return false
    }

    /// A plain (unquoted) scalar: only these can be `$references`.
    var isPlainScalar: Bool {
        if case .scalar(_, .plain) = content { return true }
        return false
    }
}
