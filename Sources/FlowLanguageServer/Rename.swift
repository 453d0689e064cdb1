import FlowCompiler
import FlowDefinitions

/// `textDocument/prepareRename` and `textDocument/rename` (LSP 3.17): screens, events, outcomes, flows,
/// parameters, child flows and tabs, conditions and link placeholders, renamed at their declaration
/// and every use, across files.
///
/// A rename is refused (RequestFailed, -32803, with the reason) when the new name is not a plain name,
/// when the same scope declares it already (screens and child flows share a flow's names; flows are
/// workspace-wide), or when the renamed files would not validate: the whole set is validated with the
/// edits applied, and any rule with more errors than before refuses it, naming the first new error.
/// A host check is not renamed (the host names it).
extension LanguageServer {
    func prepareRename(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (path, offset, analysis) = try documentPosition(params)
        guard let occurrence = analysis.index.occurrence(at: offset, in: path) else {
            throw ResponseError(.requestFailed, "no name here that can be renamed")
        }
        try Self.checkRenamable(occurrence.key)
        let table = analysis.lines[path] ?? LineTable([])
        return [
            "range": table.range(of: occurrence.range, in: encoding).json, "placeholder": .string(occurrence.key.name),
        ]
    }

    func rename(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (path, offset, analysis) = try documentPosition(params)
        guard let newName = params["newName"].string else { throw ResponseError(.invalidParams, "newName is missing") }
        guard let occurrence = analysis.index.occurrence(at: offset, in: path) else {
            throw ResponseError(.requestFailed, "no name here that can be renamed")
        }
        let key = occurrence.key
        try Self.checkRenamable(key)
        guard newName != key.name else { return ["changes": [:]] }
        guard Self.isPlainName(newName) else {
            throw ResponseError(
                .requestFailed,
                "'\(newName)' is not a plain name: use letters, digits and '_', starting with a letter or '_'")
        }
        if let clash = Self.clash(of: key, renamedTo: newName, in: analysis.index) {
            throw ResponseError(.requestFailed, "cannot rename to '\(newName)': \(clash)")
        }
        let occurrences = analysis.index.linkedKeys(of: key).flatMap { analysis.index.occurrences(of: $0) }
        var editsByPath: [String: [Range<Int>]] = [:]
        for found in occurrences { editsByPath[found.path, default: []].append(found.range) }
        try checkStillValidates(editsByPath, newName: newName, analysis: analysis)
        var changes: [String: JSONValue] = [:]
        for (file, ranges) in editsByPath {
            let table = analysis.lines[file] ?? LineTable([])
            changes[workspace.uri(of: file)] = .array(
                Set(ranges).sorted { $0.lowerBound < $1.lowerBound }.map { range in
                    ["range": table.range(of: range, in: encoding).json, "newText": .string(newName)]
                })
        }
        return ["changes": .object(changes)]
    }

    static func checkRenamable(_ key: SymbolKey) throws(ResponseError) {
        if case .check(let name) = key {
            throw ResponseError(
                .requestFailed, "check '\(name)' is named by the host app; rename it there and here by hand")
        }
    }

    /// Letters, digits and `_`, not starting with a digit: a name no YAML reading changes.
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            && !["true", "false", "null", "yes", "no", "on", "off", "stay"].contains(name.lowercased())
    }

    /// Why `newName` clashes with a name the scope of `key` declares, or nil.
    static func clash(of key: SymbolKey, renamedTo newName: String, in index: SymbolIndex) -> String? {
        func flow(_ name: String) -> FlowDefinition? { index.flowsByName[name] }
        switch key {
        case .flow:
            return flow(newName).map { "flow '\(newName)' is declared in \($0.file)" }
        case .screen(let flowName, _), .child(let flowName, _):
            guard let declaring = flow(flowName) else { return nil }
            if declaring.screen(named: newName) != nil { return "flow '\(flowName)' has a screen '\(newName)'" }
            if declaring.child(named: newName) != nil { return "flow '\(flowName)' has a child flow '\(newName)'" }
            return nil
        case .outcome(let flowName, _):
            return flow(flowName)?.outcomes.contains { $0.value == newName } == true
                ? "flow '\(flowName)' has an outcome '\(newName)'" : nil
        case .event(let flowName, let screen, _):
            return flow(flowName)?.screen(named: screen)?.events.contains { $0.name.value == newName } == true
                ? "screen '\(screen)' has an event '\(newName)'" : nil
        case .condition(let flowName, _):
            return flow(flowName)?.conditions.contains { $0.value == newName } == true
                ? "flow '\(flowName)' has a condition '\(newName)'" : nil
        case .parameter(let owner, _):
            return index.definitions(of: .parameter(owner: owner, name: newName)).isEmpty
                ? nil : "the same declaration has a parameter '\(newName)'"
        case .placeholder(let flowName, let pattern, _):
            return index.definitions(of: .placeholder(flow: flowName, pattern: pattern, name: newName)).isEmpty
                ? nil : "link '\(pattern)' has a placeholder '\(newName)'"
        case .check:
            return nil
        }
    }

    /// Validates the workspace with `newName` written over `editsByPath`; throws when some rule finds
    /// more errors than it does now.
    func checkStillValidates(
        _ editsByPath: [String: [Range<Int>]], newName: String, analysis: WorkspaceAnalysis
    )
        throws(ResponseError)
    {
        let replacement = Array(newName.utf8)
        let sources = workspace.sources().map { source -> (path: String, contents: FlowFileContents) in
            guard let ranges = editsByPath[source.path], case .bytes(var bytes) = source.contents else { return source }
            for range in Set(ranges).sorted(by: { $0.lowerBound > $1.lowerBound }) where range.upperBound <= bytes.count
            {
                bytes.replaceSubrange(range, with: replacement)
            }
            return (source.path, .bytes(bytes))
        }
        let renamed = FlowValidation.validate(
            contents: sources, configuration: workspace.configuration?.configuration, cache: workspace.cache)
        var before: [String: Int] = [:]
        for diagnostic in analysis.result.diagnostics where diagnostic.severity == .error {
            before[diagnostic.code, default: 0] += 1
        }
        var after: [String: Int] = [:]
        for diagnostic in renamed.diagnostics where diagnostic.severity == .error {
            after[diagnostic.code, default: 0] += 1
        }
        guard
            let worse = renamed.diagnostics.first(where: {
                $0.severity == .error && after[$0.code, default: 0] > before[$0.code, default: 0]
            })
        else { return }
        throw ResponseError(
            .requestFailed,
            "renaming to '\(newName)' would not validate: \(worse.location): \(worse.message) [\(worse.code)]")
    }
}
