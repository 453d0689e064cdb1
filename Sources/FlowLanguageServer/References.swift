/// `textDocument/references`: every use of the name at the position, across files, with its
/// declaration when the client asks for it (`context.includeDeclaration`; LSP 3.17). An outcome's
/// uses are the parents' handlers and every `finish` of it.
extension LanguageServer {
    func references(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (path, offset, analysis) = try documentPosition(params)
        guard let occurrence = analysis.index.occurrence(at: offset, in: path) else { return .null }
        let includeDeclaration = params["context"]["includeDeclaration"].bool ?? true
        let found = analysis.index.occurrences(of: occurrence.key).filter { includeDeclaration || !$0.isDefinition }
        return .array(found.map { location($0.path, $0.range, in: analysis) })
    }
}
