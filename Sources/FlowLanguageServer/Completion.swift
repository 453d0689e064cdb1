import FlowCompiler
import FlowDefinitions

/// `textDocument/completion` (LSP 3.17), from the text of the line before the cursor:
///
/// - after `push:`, `popTo:` — the flow's screens; after `start:` (in an action) — its child flows;
///   after `replaceRoot:`, a top-level `start:` or `then:`/`else:` — both; after `select:` — the tabs
///   it may select; after `finish:` — its outcomes; after `if:`/`when:` — its conditions; after
///   `check:` — the checks named anywhere in the workspace; after `flow:` in a child — every flow;
/// - after `$` — the parameters in scope, as validation resolves `$name` there (``ReferenceScope``);
/// - a key inside `with:` — the parameters of the screen or child flow the action shows;
/// - a key under a child's `on:` — the outcomes of its flow it has no handler for yet.
extension LanguageServer {
    func completion(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (path, offset, analysis) = try documentPosition(params)
        guard let table = analysis.lines[path], let flow = analysis.flowsByPath[path] else { return [] }
        let line = table.line(of: offset)
        let lineStart = table.lineBounds(line).lowerBound
        let before = String(decoding: table.bytes[lineStart..<offset], as: UTF8.self)
        let items = Self.completionItems(
            before: before, offset: offset, path: path, flow: flow, table: table, analysis: analysis)
        return ["isIncomplete": false, "items": .array(items.map(\.json))]
    }

    struct CompletionItem: Equatable {
        var label: String
        /// LSP `CompletionItemKind`.
        var kind: Int
        var detail: String

        var json: JSONValue { ["label": .string(label), "kind": .integer(kind), "detail": .string(detail)] }
    }

    // CompletionItemKind values (LSP 3.17).
    static let kindModule = 9
    static let kindClass = 7
    static let kindEnumMember = 20
    static let kindVariable = 6
    static let kindField = 5
    static let kindEvent = 23

    static func completionItems(
        before: String, offset: Int, path: String, flow: FlowDefinition, table: LineTable, analysis: WorkspaceAnalysis
    ) -> [CompletionItem] {
        let index = analysis.index
        func screens() -> [CompletionItem] {
            flow.screens.map { CompletionItem(label: $0.name.value, kind: kindClass, detail: "screen") }
        }
        func children() -> [CompletionItem] {
            flow.children.map {
                CompletionItem(label: $0.name.value, kind: kindModule, detail: "child flow \($0.flow.value)")
            }
        }
        // `$name` in scope.
        if let dollar = before.lastIndex(of: "$"), before[before.index(after: dollar)...].allSatisfy(isNameCharacter) {
            return scope(at: offset, path: path, flow: flow, index: index).map { owner, parameter in
                CompletionItem(
                    label: parameter.name.value, kind: kindVariable, detail: "\(parameter.type.value) (\(owner))")
            }
        }
        let trimmed = before.trimmingCharacters(in: .whitespaces)
        let keyword = Self.keyBeforeValue(trimmed)
        switch keyword {
        case "push", "popTo": return screens()
        case "start":
            let isTopLevel = !before.hasPrefix(" ") && !before.hasPrefix("\t") && !before.contains("{")
            return isTopLevel ? screens() + children() : children()
        case "replaceRoot", "then", "else": return screens() + children()
        case "finish":
            return flow.outcomes.map { CompletionItem(label: $0.value, kind: kindEnumMember, detail: "outcome") }
        case "if", "when":
            return flow.conditions.map { CompletionItem(label: $0.value, kind: kindEnumMember, detail: "condition") }
        case "select":
            let parents = index.flowsByName.values.filter { parent in
                parent.tabs.contains { parent.child(named: $0.name.value)?.flow.value == flow.name.value }
            }
            return (flow.tabs + parents.sorted { $0.name.value < $1.name.value }.flatMap(\.tabs)).map {
                CompletionItem(label: $0.name.value, kind: kindEnumMember, detail: "tab")
            }
        case "check":
            let names = Set(
                index.byKey.keys.compactMap { key -> String? in
                    if case .check(let name) = key { return name }
                    return nil
                })
            return names.sorted().map { CompletionItem(label: $0, kind: kindEnumMember, detail: "host check") }
        case "flow" where before.hasPrefix(" ") || before.contains("{"):
            return index.flowsByName.keys.sorted().map { CompletionItem(label: $0, kind: kindModule, detail: "flow") }
        default: break
        }
        guard trimmed.allSatisfy(isNameCharacter) || trimmed.hasSuffix("{") || trimmed.hasSuffix(",") else { return [] }
        // A key: inside `with:` on this line, or a handler under a child's `on:`.
        if before.contains("with:") {
            return receiverParameters(before: offset, path: path, index: index).map {
                CompletionItem(label: $0.name.value, kind: kindField, detail: "parameter: \($0.type.value)")
            }
        }
        let indent = before.prefix { $0 == " " }.count
        if let parentKey = Self.parentKey(of: table.line(of: offset), indent: indent, in: table), parentKey == "on",
            let child = index.definitions(
                in: path, before: offset,
                where: {
                    if case .child = $0 { return true }
                    return false
                }
            ).last, case .child(_, let childName) = child.key,
            let declaration = flow.child(named: childName), let childFlow = index.flowsByName[declaration.flow.value]
        {
            let handled = Set(declaration.handlers.map(\.outcome.value))
            return childFlow.outcomes.filter { !handled.contains($0.value) }.map {
                CompletionItem(
                    label: $0.value, kind: kindEvent, detail: "outcome of \(childFlow.name.value), not handled")
            }
        }
        return []
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-" || character == "."
    }

    /// The key whose value the cursor is writing (`push` in `push: det` or `{ push: det`), if any.
    static func keyBeforeValue(_ text: String) -> String? {
        var value = Substring(text)
        while let last = value.last, isNameCharacter(last) { value = value.dropLast() }
        value = value.drop { _ in false }
        guard value.hasSuffix(":") || value.hasSuffix(": ") else { return nil }
        var key = value.dropLast(value.hasSuffix(": ") ? 2 : 1)
        while let last = key.last, last == " " { key = key.dropLast() }
        var start = key.endIndex
        while start > key.startIndex, isNameCharacter(key[key.index(before: start)]) {
            start = key.index(before: start)
        }
        return String(key[start...])
    }

    /// The key of the nearest line above `line` indented less than `indent` (`on` for a handler).
    static func parentKey(of line: Int, indent: Int, in table: LineTable) -> String? {
        var current = line - 1
        while current >= 0 {
            let bounds = table.lineBounds(current)
            let text = String(decoding: table.bytes[bounds], as: UTF8.self)
            let lineIndent = text.prefix { $0 == " " }.count
            let content = text.dropFirst(lineIndent)
            if !content.isEmpty, !content.hasPrefix("#"), lineIndent < indent {
                return content.split(separator: ":", maxSplits: 1).first.map { String($0) }
            }
            current -= 1
        }
        return nil
    }

    /// The parameters in scope at `offset`, as validation resolves `$name` there (``ReferenceScope``): each
    /// with what declares it, nearest layer first.
    static func scope(at offset: Int, path: String, flow: FlowDefinition, index: SymbolIndex) -> [(
        String, ParameterDefinition
    )] {
        guard let scope = index.resolver.scope(in: flow, at: index.site(at: offset, in: path)) else {
            return flow.parameters.map { ("flow \(flow.name.value)", $0) }
        }
        return scope.layers.flatMap { layer in
            let owner: String
            switch layer.declarer {
            case .flow(let name): owner = "flow \(name)"
            case .screen(let name): owner = "screen \(name)"
            case .event(let name, _): owner = "event \(name)"
            case .outcome(let outcome, let flow): owner = "outcome \(outcome) of \(flow)"
            case .link(let pattern): owner = "link \(pattern)"
            case .starters(let screens, _): owner = "screen \(screens.joined(separator: ", "))"
            }
            return layer.parameters.map { (owner, $0) }
        }
    }

    /// The parameters of the screen or child flow the nearest action before `offset` shows.
    static func receiverParameters(before offset: Int, path: String, index: SymbolIndex) -> [ParameterDefinition] {
        let uses = (index.byFile[path] ?? []).filter { occurrence in
            guard !occurrence.isDefinition, occurrence.range.upperBound <= offset else { return false }
            switch occurrence.key {
            case .screen, .child: return true
            default: return false
            }
        }
        guard let last = uses.last else { return [] }
        switch last.key {
        case .screen(let flowName, let name):
            return index.flowsByName[flowName]?.screen(named: name)?.parameters ?? []
        case .child(let flowName, let name):
            guard let child = index.flowsByName[flowName]?.child(named: name) else { return [] }
            return index.flowsByName[child.flow.value]?.parameters ?? []
        default: return []
        }
    }
}
