/// The summary `flowc validate` prints after the diagnostics in text format:
///
///     flow        screens  children  links  file
///     reading           2         1      2  Flows/reading.yaml
///     8 flows in 8 files: no problems
public enum ValidationSummary {
    public static func text(for result: ValidationResult) -> String {
        let nameWidth = max(4, result.flows.map(\.name.value.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        func right(_ number: Int, _ width: Int) -> String {
            String(repeating: " ", count: max(0, width - String(number).count)) + String(number)
        }
        var lines: [String] = []
        if !result.flows.isEmpty {
            lines.append("\(pad("flow", nameWidth))  screens  children  links  file")
            for flow in result.flows.sorted(by: { $0.name.value < $1.name.value }) {
                lines.append(
                    "\(pad(flow.name.value, nameWidth))  \(right(flow.screens.count, 7))  \(right(flow.children.count, 8))  \(right(flow.links.count, 5))  \(flow.file)"
                )
            }
        }
        let errors = result.diagnostics.filter { $0.severity == .error }.count
        let warnings = result.diagnostics.count - errors
        let flows = result.flows.count == 1 ? "1 flow" : "\(result.flows.count) flows"
        let files = result.files.count == 1 ? "1 file" : "\(result.files.count) files"
        let findings =
            errors + warnings == 0
            ? "no problems"
            : "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        lines.append("\(flows) in \(files): \(findings)")
        return lines.joined(separator: "\n")
    }
}
