import FlowCompiler
import FlowDefinitions
import FlowModel

/// `textDocument/hover` (LSP 3.17), Markdown:
///
/// - a screen: its parameters with types and constraints, who reaches it (events, handlers, links, the
///   start) and its events;
/// - a child flow or tab: the flow it runs, that flow's outcomes (and which are handled) and its
///   presentation;
/// - a flow, outcome, parameter or condition: what declares it and how many uses it has;
/// - a rule code (in a `# flowc:disable` comment), or any position a diagnostic covers: the rule's
///   explanation, as `flowc explain CODE` prints it.
extension LanguageServer {
    func hover(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (path, offset, analysis) = try documentPosition(params)
        guard let table = analysis.lines[path] else { return .null }
        var sections: [String] = []
        var range: Range<Int>?
        if let occurrence = analysis.index.occurrence(at: offset, in: path) {
            sections.append(Self.describe(occurrence.key, index: analysis.index))
            range = occurrence.range
        }
        let word = NameRange.word(at: Self.wordStart(offset, in: table), in: table)
        let text = String(decoding: table.bytes[word], as: UTF8.self)
        if let rule = RuleRegistry.rule(code: text) {
            sections.append(Self.explanation(rule))
            range = range ?? word
        }
        for diagnostic in analysis.diagnostics(of: path) {
            let covered = analysis.byteRange(of: diagnostic)
            guard covered.contains(offset) || covered.upperBound == offset,
                let rule = RuleRegistry.rule(code: diagnostic.code),
                !sections.contains(Self.explanation(rule))
            else { continue }
            sections.append(Self.explanation(rule))
            range = range ?? covered
        }
        guard !sections.isEmpty else { return .null }
        var hover: [String: JSONValue] = [
            "contents": ["kind": "markdown", "value": .string(sections.joined(separator: "\n\n---\n\n"))]
        ]
        if let range { hover["range"] = table.range(of: range, in: encoding).json }
        return .object(hover)
    }

    static func explanation(_ rule: RuleDescription) -> String {
        "**\(rule.code) \(rule.identifier)** (\(rule.severity.rawValue))\n\n```text\n\(RuleExplanation.text(for: rule))\n```"
    }

    /// The start of the name holding `offset` (or `offset`).
    static func wordStart(_ offset: Int, in table: LineTable) -> Int {
        let lineStart = table.lineBounds(table.line(of: offset)).lowerBound
        var start = min(offset, table.bytes.count)
        while start > lineStart, NameRange.isNameByte(table.bytes[start - 1]) { start -= 1 }
        return start
    }

    /// `name: type` and its constraints: `postID: int (min 1, default 3, check postExists)`.
    static func describe(_ parameter: ParameterDefinition) -> String {
        var parts: [String] = []
        if let minimum = parameter.minimum { parts.append("min \(number(minimum.value))") }
        if let maximum = parameter.maximum { parts.append("max \(number(maximum.value))") }
        if let length = parameter.minimumLength { parts.append("minLength \(length.value)") }
        if let length = parameter.maximumLength { parts.append("maxLength \(length.value)") }
        if let pattern = parameter.pattern { parts.append("pattern \(pattern.value)") }
        if let values = parameter.allowedValues {
            parts.append("values \(values.map { "\($0.value)" }.joined(separator: ", "))")
        }
        if let check = parameter.check { parts.append("check \(check.value)") }
        if let value = parameter.defaultValue { parts.append("default \(value.value)") }
        let constraints = parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
        return "`\(parameter.name.value): \(parameter.type.value)`\(constraints)"
    }

    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func describe(_ key: SymbolKey, index: SymbolIndex) -> String {
        let uses = index.occurrences(of: key).filter { !$0.isDefinition }
        let reachedBy = Array(Set(uses.compactMap(\.context))).sorted()
        switch key {
        case .screen(let flowName, let name):
            var lines = ["**screen `\(name)`** of flow `\(flowName)`"]
            guard let screen = index.flowsByName[flowName]?.screen(named: name) else {
                return (lines + ["not declared"]).joined(separator: "\n\n")
            }
            lines.append(
                screen.parameters.isEmpty
                    ? "No parameters."
                    : "Parameters:\n" + screen.parameters.map { "- " + describe($0) }.joined(separator: "\n"))
            lines.append(
                reachedBy.isEmpty
                    ? "Nothing reaches it." : "Reached by:\n" + reachedBy.map { "- \($0)" }.joined(separator: "\n"))
            lines.append(
                screen.events.isEmpty
                    ? "No events."
                    : "Events: " + screen.events.map { "`\($0.name.value)`" }.joined(separator: ", "))
            return lines.joined(separator: "\n\n")
        case .child(let flowName, let name):
            guard let child = index.flowsByName[flowName]?.child(named: name) else {
                return "**child flow `\(name)`** of flow `\(flowName)`: not declared"
            }
            let handled = Set(child.handlers.map(\.outcome.value))
            let outcomes = index.flowsByName[child.flow.value]?.outcomes.map {
                "`\($0.value)`" + (handled.contains($0.value) ? "" : " (not handled)")
            }
            let isTab = index.flowsByName[flowName]?.tab(named: name) != nil
            return [
                "**\(isTab ? "tab" : "child flow") `\(name)`** of flow `\(flowName)`",
                "Runs flow `\(child.flow.value)`, presented as \(child.presentationStyle.rawValue).",
                outcomes.map {
                    $0.isEmpty ? "Its flow declares no outcomes." : "Outcomes: " + $0.joined(separator: ", ")
                }
                    ?? "Flow `\(child.flow.value)` is not in the workspace.",
            ].joined(separator: "\n\n")
        case .flow(let name):
            guard let flow = index.flowsByName[name] else { return "**flow `\(name)`**: not in the workspace" }
            var lines = ["**flow `\(name)`** (\(flow.file))"]
            if let description = flow.description { lines.append(description) }
            lines.append("\(flow.screens.count) screens, \(flow.children.count) child flows.")
            if !flow.parameters.isEmpty {
                lines.append("Parameters:\n" + flow.parameters.map { "- " + describe($0) }.joined(separator: "\n"))
            }
            if !flow.outcomes.isEmpty {
                lines.append("Outcomes: " + flow.outcomes.map { "`\($0.value)`" }.joined(separator: ", "))
            }
            if !reachedBy.isEmpty { lines.append("Run by:\n" + reachedBy.map { "- \($0)" }.joined(separator: "\n")) }
            return lines.joined(separator: "\n\n")
        case .parameter(_, let name):
            let definition = index.definitions(of: key).first
            let parameter = definition.flatMap { found in
                index.flowsByName.values.lazy.compactMap { flow in
                    allParameters(of: flow).first {
                        $0.name.value == name && $0.name.location.offset <= found.range.lowerBound
                            && found.range.lowerBound <= $0.name.location.offset + 3 && flow.file == found.path
                    }
                }.first
            }
            return ["**parameter**", parameter.map(describe) ?? "`\(name)`", "\(uses.count) uses."].joined(
                separator: "\n\n")
        default:
            return "**\(key.kindName) `\(key.name)`**\n\n\(uses.count) uses."
                + (reachedBy.isEmpty ? "" : "\n\n" + reachedBy.map { "- \($0)" }.joined(separator: "\n"))
        }
    }

    /// Every parameter declared in `flow`: the flow's, its outcomes', its screens' and their events'.
    static func allParameters(of flow: FlowDefinition) -> [ParameterDefinition] {
        flow.parameters + flow.outcomeParameters.values.flatMap { $0 }
            + flow.screens.flatMap { $0.parameters + $0.events.flatMap(\.parameters) }
    }
}
