import FlowDefinitions

/// `textDocument/documentSymbol` (LSP 3.17): the file's flow, holding its screens (each holding its
/// events), child flows and outcomes. Hierarchical `DocumentSymbol`s when the client supports them
/// (`hierarchicalDocumentSymbolSupport`), else flat `SymbolInformation`s with their container's name.
extension LanguageServer {
    // SymbolKind values (LSP 3.17).
    static let symbolModule = 2
    static let symbolClass = 5
    static let symbolEvent = 24
    static let symbolEnumMember = 22
    static let symbolInterface = 11

    struct FlowSymbol {
        var name: String
        var kind: Int
        var detail: String
        /// The whole declaration, as far as the index can tell: from the name to its last nested name.
        var range: Range<Int>
        var selection: Range<Int>
        var children: [FlowSymbol] = []
    }

    func documentSymbols(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let path = try documentPath(params)
        let analysis = currentAnalysis()
        guard let table = analysis.lines[path], let flow = analysis.flowsByPath[path],
            let symbol = Self.symbol(of: flow, table: table, index: analysis.index)
        else { return [] }
        if clientCapabilities["textDocument"]["documentSymbol"]["hierarchicalDocumentSymbolSupport"].bool == true {
            return [documentSymbol(symbol, table)]
        }
        var flat: [JSONValue] = []
        func add(_ symbol: FlowSymbol, container: String?) {
            var information: [String: JSONValue] = [
                "name": .string(symbol.name), "kind": .integer(symbol.kind),
                "location": location(path, symbol.selection, in: analysis),
            ]
            if let container { information["containerName"] = .string(container) }
            flat.append(.object(information))
            for child in symbol.children { add(child, container: symbol.name) }
        }
        add(symbol, container: nil)
        return .array(flat)
    }

    private func documentSymbol(_ symbol: FlowSymbol, _ table: LineTable) -> JSONValue {
        [
            "name": .string(symbol.name), "kind": .integer(symbol.kind), "detail": .string(symbol.detail),
            "range": table.range(of: symbol.range, in: encoding).json,
            "selectionRange": table.range(of: symbol.selection, in: encoding).json,
            "children": .array(symbol.children.map { documentSymbol($0, table) }),
        ]
    }

    /// The symbol tree of `flow`, from the definitions the index found in its file.
    static func symbol(of flow: FlowDefinition, table: LineTable, index: SymbolIndex) -> FlowSymbol? {
        let definitions = (index.byFile[flow.file] ?? []).filter(\.isDefinition)
        guard let flowName = definitions.first(where: { $0.key == .flow(flow.name.value) }) else { return nil }
        var children: [FlowSymbol] = []
        for screen in flow.screens {
            guard
                let name = definitions.first(where: {
                    $0.key == .screen(flow: flow.name.value, name: screen.name.value)
                })
            else { continue }
            let events = screen.events.compactMap { event -> FlowSymbol? in
                let key = SymbolKey.event(flow: flow.name.value, screen: screen.name.value, name: event.name.value)
                return definitions.first { $0.key == key }.map {
                    FlowSymbol(
                        name: event.name.value, kind: symbolEvent, detail: "event", range: $0.range, selection: $0.range
                    )
                }
            }
            let end = max(name.range.upperBound, events.map(\.range.upperBound).max() ?? 0)
            children.append(
                FlowSymbol(
                    name: screen.name.value, kind: symbolClass, detail: "screen", range: name.range.lowerBound..<end,
                    selection: name.range, children: events))
        }
        for child in flow.children {
            guard
                let name = definitions.first(where: { $0.key == .child(flow: flow.name.value, name: child.name.value) })
            else { continue }
            children.append(
                FlowSymbol(
                    name: child.name.value, kind: symbolModule, detail: "child flow \(child.flow.value)",
                    range: name.range,
                    selection: name.range))
        }
        for outcome in flow.outcomes {
            guard
                let name = definitions.first(where: { $0.key == .outcome(flow: flow.name.value, name: outcome.value) })
            else { continue }
            children.append(
                FlowSymbol(
                    name: outcome.value, kind: symbolEnumMember, detail: "outcome", range: name.range,
                    selection: name.range))
        }
        return FlowSymbol(
            name: flow.name.value, kind: symbolInterface, detail: "flow", range: 0..<table.bytes.count,
            selection: flowName.range, children: children)
    }
}
