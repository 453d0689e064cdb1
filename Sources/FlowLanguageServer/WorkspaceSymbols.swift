/// `workspace/symbol` (LSP 3.17): the flows, screens, events and child flows of every file whose name
/// holds the query's characters in order, case-insensitively (`rdlst` finds `readingList`); all of
/// them for an empty query. At most ``maximumWorkspaceSymbols``, in file and offset order.
extension LanguageServer {
    static let maximumWorkspaceSymbols = 1_000

    func workspaceSymbols(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let query = Array((params["query"].string ?? "").lowercased().unicodeScalars)
        let analysis = currentAnalysis()
        var found: [JSONValue] = []
        for path in analysis.index.byFile.keys.sorted() {
            for occurrence in analysis.index.byFile[path] ?? [] where occurrence.isDefinition {
                let (kind, container): (Int, String?) =
                    switch occurrence.key {
                    case .flow: (Self.symbolInterface, nil)
                    case .screen(let flow, _): (Self.symbolClass, flow)
                    case .child(let flow, _): (Self.symbolModule, flow)
                    case .event(let flow, let screen, _): (Self.symbolEvent, "\(flow).\(screen)")
                    default: (0, nil)
                    }
                guard kind != 0, Self.matches(query, occurrence.key.name) else { continue }
                var information: [String: JSONValue] = [
                    "name": .string(occurrence.key.name), "kind": .integer(kind),
                    "location": location(path, occurrence.range, in: analysis),
                ]
                if let container { information["containerName"] = .string(container) }
                found.append(.object(information))
                if found.count == Self.maximumWorkspaceSymbols { return .array(found) }
            }
        }
        return .array(found)
    }

    /// Whether `name` holds the scalars of `query` (lowercased) in order.
    static func matches(_ query: [Unicode.Scalar], _ name: String) -> Bool {
        var remaining = query[...]
        for scalar in name.lowercased().unicodeScalars where remaining.first == scalar {
            remaining = remaining.dropFirst()
            if remaining.isEmpty { break }
        }
        return remaining.isEmpty
    }
}
