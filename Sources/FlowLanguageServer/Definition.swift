/// `textDocument/definition`: from a use to its declaration, across files (LSP 3.17).
///
/// A screen, child, tab, outcome (a handler goes to the child flow's `outcomes:` entry), `$parameter`,
/// condition or link placeholder goes to its declaration; a child's `flow:` value, and the name of a
/// child declaration itself, go to the `flow:` line of the file that declares that flow.
extension LanguageServer {
    func definition(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (path, offset, analysis) = try documentPosition(params)
        guard let occurrence = analysis.index.occurrence(at: offset, in: path) else { return .null }
        var key = occurrence.key
        if occurrence.isDefinition, case .child(let flowName, let name) = key,
            let child = analysis.index.flowsByName[flowName]?.child(named: name)
        {
            key = .flow(child.flow.value)
        }
        let definitions = analysis.index.definitions(of: key)
        guard !definitions.isEmpty else { return .null }
        return .array(definitions.map { location($0.path, $0.range, in: analysis) })
    }
}
