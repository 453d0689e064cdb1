import FlowDefinitions
import FlowModel
import FlowYAML

/// A mapping whose keys were checked against a schema: unknown keys were reported and dropped.
struct KeyedMapping<Key: SchemaKey> {
    struct Entry {
        let key: Key
        let keyNode: YAMLNodeRef
        let value: YAMLNodeRef
    }

    let entries: [Entry]

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    subscript(key: Key) -> YAMLNodeRef? {
        for index in entries.indices where entries[index].key == key { return entries[index].value }
        return nil
    }

    func keyNode(_ key: Key) -> YAMLNodeRef? {
        for index in entries.indices where entries[index].key == key { return entries[index].keyNode }
        return nil
    }
}

/// Reading nodes of the expected kinds, reporting each mismatch at the node.
extension FlowDecoder {
    /// Where `node` is written; for a node copied by an alias, the alias's use, with the copied
    /// text's position as `copiedFrom` (diagnostics add a note there).
    func location(of node: YAMLNodeRef) -> SourceLocation {
        let start = document.start(of: node)
        guard let alias = document.alias(of: node) else {
            return SourceLocation(file: file, line: start.line, column: start.column, offset: start.offset)
        }
        let content = start == alias.start ? alias.anchorStart : start
        return SourceLocation(
            file: file, line: alias.start.line, column: alias.start.column, offset: alias.start.offset,
            copiedFrom: SourceLocation.AliasOrigin(
                anchor: alias.anchor, line: content.line, column: content.column, offset: content.offset))
    }

    /// Where a scalar's text starts: after the opening quote of a quoted scalar.
    func contentLocation(of node: YAMLNodeRef) -> SourceLocation {
        var location = location(of: node)
        if !document.isAliased(node), let style = document.style(of: node),
            style == .singleQuoted || style == .doubleQuoted
        {
            location.column += 1
            location.offset += 1
        }
        return location
    }

    mutating func report<Rule: DiagnosticRule>(
        _ rule: Rule.Type, _ message: String, at node: YAMLNodeRef, notes: [DiagnosticNote] = []
    ) {
        var diagnostic = rule.diagnostic(message, at: location(of: node), notes: notes)
        let (start, end) =
            document.alias(of: node).map { ($0.start, $0.end) } ?? (document.start(of: node), document.end(of: node))
        if end.line == start.line, end.column > start.column {
            diagnostic.endColumn = end.column
        }
        diagnostics.append(diagnostic)
    }

    // MARK: Node shapes (read through the file's `YAMLDocument`)

    /// The text of a scalar node, or nil for a sequence or mapping.
    func scalar(of node: YAMLNodeRef) -> String? { document.scalar(of: node) }

    /// The entries of a mapping node, or nil for a scalar or sequence.
    func mappingEntries(_ node: YAMLNodeRef) -> YAMLEntries? {
        document.kind(of: node) == .mapping ? document.entries(of: node) : nil
    }

    /// The items of a sequence node, or nil for a scalar or mapping.
    func sequenceItems(_ node: YAMLNodeRef) -> YAMLItems? {
        document.kind(of: node) == .sequence ? document.items(of: node) : nil
    }

    func isMapping(_ node: YAMLNodeRef) -> Bool { document.kind(of: node) == .mapping }
    func isSequence(_ node: YAMLNodeRef) -> Bool { document.kind(of: node) == .sequence }
    func isScalar(_ node: YAMLNodeRef) -> Bool { document.kind(of: node) == .scalar }

    /// `"scalar"`, `"sequence"` or `"mapping"`.
    func kindName(_ node: YAMLNodeRef) -> String { document.kind(of: node).name }

    func startOffset(_ node: YAMLNodeRef) -> Int { document.startOffset(of: node) }
    func endOffset(_ node: YAMLNodeRef) -> Int { document.endOffset(of: node) }

    /// `key:` with nothing after it.
    func isEmptyPlainScalar(_ node: YAMLNodeRef) -> Bool {
        document.style(of: node) == .plain && document.scalar(of: node, is: "")
    }

    /// A plain (unquoted) scalar: only these can be `$references`.
    func isPlainScalar(_ node: YAMLNodeRef) -> Bool { document.style(of: node) == .plain }

    /// `[A-Za-z_][A-Za-z0-9_]*`: the names of flows, screens, children, events, parameters,
    /// outcomes and conditions, so that `$name` references and generated code can use them.
    static func isIdentifier(_ text: String) -> Bool {
        // On UTF-8 bytes: an identifier is ASCII, and any byte of a non-ASCII character fails the test as its scalar would.
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), first.isASCIILetterOrUnderscore else { return false }
        while let byte = bytes.next() {
            guard byte.isASCIILetterOrUnderscore || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                return false
            }
        }
        return true
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// The text of a scalar node; reports a wrong-kind diagnostic for sequences and mappings.
    /// `what` describes the node in that diagnostic ("a \(what)").
    mutating func readScalar(_ node: YAMLNodeRef, as what: @autoclosure () -> String) -> String? {
        if let text = scalar(of: node) { return text }
        report(WrongNodeKind.self, "expected \(what()) (a scalar), found a \(kindName(node))", at: node)
        return nil
    }

    /// The items of a sequence node; an empty plain value reads as an empty sequence.
    mutating func readSequence(_ node: YAMLNodeRef, as what: @autoclosure () -> String) -> YAMLItems? {
        if isSequence(node) || isEmptyPlainScalar(node) { return document.items(of: node) }
        report(WrongNodeKind.self, "expected \(what()) as a sequence, found a \(kindName(node))", at: node)
        return nil
    }

    /// The entries of a mapping node; an empty plain value reads as an empty mapping.
    mutating func readMapping(_ node: YAMLNodeRef, as what: String) -> YAMLEntries? {
        if isMapping(node) || isEmptyPlainScalar(node) { return document.entries(of: node) }
        let text = scalar(of: node)
        let found = text.map { "the scalar \(MessageText.name($0))" } ?? "a \(kindName(node))"
        report(
            WrongNodeKind.self,
            "expected \(what) as a mapping, found \(found)" + (text.map(Self.missingSpaceHint) ?? ""), at: node)
        return nil
    }

    /// For a scalar written as `key:value` (`push:details`): the hint that YAML needs a space after the
    /// colon to read a key and a value; "" otherwise.
    static func missingSpaceHint(_ text: String) -> String {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return "" }
        let key = text[..<colon]
        let value = text[text.index(after: colon)...]
        guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), let first = value.first,
            !first.isWhitespace, first != "/", first != ":"
        else { return "" }
        return "; YAML reads a key and its value only with a space after the colon: write '\(key): \(value)'"
    }

    /// A mapping checked against `Key`: unknown keys are reported with a suggestion, missing
    /// required keys at the mapping. `allowEmpty` accepts an empty value (`welcome:`) as an empty mapping.
    mutating func readMapping<Key: SchemaKey>(
        _ node: YAMLNodeRef, as what: String, keys: Key.Type, required: [Key], allowEmpty: Bool = false
    ) -> KeyedMapping<Key>? {
        if !allowEmpty, isEmptyPlainScalar(node) {
            report(WrongNodeKind.self, "expected \(what) as a mapping, found an empty value", at: node)
            return nil
        }
        guard let raw = readMapping(node, as: what) else { return nil }
        var entries: [KeyedMapping<Key>.Entry] = []
        entries.reserveCapacity(raw.count)
        slippedEntries = []
        // The last known key, while it holds named entries (`params`, `on`, …) and is empty: the unknown keys
        // right after it are its entries, dedented (`params:` then `id: int` at the same indentation).
        var emptyHolder: (key: Key, name: Located<String>)?
        for entry in raw {
            // Speed: PERFORMANCE.md, "Shapes kept for speed".
            guard let match = document.withScalarBytes(of: entry.key, { Key.named($0) }) else { continue }
            guard let key = match else {
                let text = scalar(of: entry.key) ?? ""
                if let holder = emptyHolder {
                    let holderName = holder.name.value
                    diagnostics.append(
                        MisplacedKey.diagnostic(
                            "\(MessageText.name(text)) is indented as a key of \(what), but it looks like an entry of \(MessageText.name(holderName)) above it, which is empty; indent \(MessageText.name(text)) (and what belongs to it) under \(MessageText.name(holderName))",
                            at: Located(text, at: location(of: entry.key)),
                            notes: [DiagnosticNote("\(MessageText.name(holderName)) is here", at: holder.name.location)]
                        ))
                    slippedEntries.append((holder: holderName, name: text))
                    continue
                }
                let known = Key.allCases.map(\.rawValue)
                let suggestion = NameSuggestion.closest(to: text, among: known)
                let advice =
                    suggestion.map { "did you mean \(MessageText.name($0))?" }
                    ?? "expected one of \(known.joined(separator: ", "))"
                report(UnknownKey.self, "unknown key \(MessageText.name(text)) in \(what); \(advice)", at: entry.key)
                continue
            }
            entries.append(.init(key: key, keyNode: entry.key, value: entry.value))
            emptyHolder =
                Self.holdsNamedEntries(key.rawValue) && isEmptyPlainScalar(entry.value)
                ? (key, Located(key.rawValue, at: location(of: entry.key))) : nil
        }
        let mapping = KeyedMapping(entries: entries)
        for key in required where mapping[key] == nil {
            report(MissingKey.self, "missing key '\(key.rawValue)' in \(what)", at: node)
        }
        return mapping
    }

    /// Whether a key's value is a mapping of named entries (parameters, events, screens, children, outcomes),
    /// whose entries, dedented, would read as unknown keys beside it.
    static func holdsNamedEntries(_ key: String) -> Bool {
        ["params", "on", "screens", "children", "outcomes", "links"].contains(key)
    }

    /// The entries of a mapping whose keys are names (screens, events, parameters …), each key
    /// checked to be an identifier.
    mutating func namedEntries(_ node: YAMLNodeRef, as what: String, entryName: String) -> [(
        Located<String>, YAMLNodeRef
    )] {
        guard let entries = readMapping(node, as: what) else { return [] }
        var named: [(Located<String>, YAMLNodeRef)] = []
        named.reserveCapacity(entries.count)
        for entry in entries {
            if let name = readName(entry.key, as: entryName) { named.append((name, entry.value)) }
        }
        return named
    }

    /// A scalar that must be an identifier.
    mutating func readName(_ node: YAMLNodeRef, as what: String) -> Located<String>? {
        guard let text = readScalar(node, as: "a \(what)") else { return nil }
        guard Self.isIdentifier(text) else {
            let shown = text.isEmpty ? "an empty value" : MessageText.name(text)
            report(
                InvalidName.self,
                "\(shown) is not a valid \(what); use ASCII letters, digits and '_', starting with a letter or '_'",
                at: node)
            return nil
        }
        return Located(text, at: location(of: node))
    }

    /// A sequence of names (`outcomes: [saved, discarded]`).
    mutating func readNames(_ node: YAMLNodeRef, as what: String) -> [Located<String>] {
        guard let items = readSequence(node, as: "a list of \(what)s") else { return [] }
        return items.compactMap { readName($0, as: what) }
    }

    /// A scalar that must be one of `Choice`'s raw values.
    mutating func readEnumValue<Choice: RawRepresentable<String> & CaseIterable & Hashable & Sendable>(
        _ node: YAMLNodeRef, _ type: Choice.Type, as what: String
    ) -> Located<Choice>? {
        guard let text = readScalar(node, as: "a \(what)") else { return nil }
        guard let value = Choice(rawValue: text) else {
            let known = Choice.allCases.map(\.rawValue)
            let suggestion = NameSuggestion.hint(for: text, among: known)
            report(
                InvalidValue.self,
                "unknown \(what) \(MessageText.name(text))\(suggestion.isEmpty ? "; expected one of \(known.joined(separator: ", "))" : suggestion)",
                at: node)
            return nil
        }
        return Located(value, at: location(of: node))
    }

    /// A scalar parsed strictly as an integer no smaller than `minimum`.
    mutating func readInteger(_ node: YAMLNodeRef, as what: String, minimum: Int) -> Located<Int>? {
        guard let text = readScalar(node, as: "a \(what)") else { return nil }
        guard case .int(let number) = ParameterType.int.parse(text), number >= minimum else {
            report(
                InvalidValue.self,
                "\(MessageText.name(text)) is not a valid \(what); write a whole number of at least \(minimum)",
                at: node)
            return nil
        }
        return Located(number, at: location(of: node))
    }
}

extension UInt8 {
    fileprivate var isASCIILetterOrUnderscore: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || self == UInt8(ascii: "_")
    }
}
