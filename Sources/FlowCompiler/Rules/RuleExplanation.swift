/// The text `flowc explain CODE` prints for a rule.
public enum RuleExplanation {
    /// Code, identifier and severity, the summary, the explanation, who reports it, then the first triggering and
    /// non-triggering examples with the `↓` markers kept (they show where the diagnostic points). An
    /// example longer than 40 lines (FC406's chain of 66 files) shows its first and last 4 lines and
    /// those around each marker, with a line saying how many were left out.
    public static func text(for rule: RuleDescription) -> String {
        var text =
            "\(rule.code) \(rule.identifier) (\(rule.severity.rawValue)): \(rule.summary)\n\n\(rule.explanation)\n"
            + "\nReported by \(rule.reporter.text).\n"
        if let example = rule.triggeringExamples.first {
            text += "\nTriggers (↓ marks where the diagnostic points):\n\n" + indent(shortened(example)) + "\n"
        }
        if let example = rule.nonTriggeringExamples.first {
            text += "\nDoes not trigger:\n\n" + indent(shortened(example)) + "\n"
        }
        return text
    }

    /// Lines kept at each end of a long example, and around each marked line.
    private static let keptLines = 4
    /// Examples up to this many lines are shown whole.
    private static let wholeLines = 40

    /// `example` with long unmarked runs of lines left out (a line `⋮ (N lines like these)` in their place).
    private static func shortened(_ example: String) -> String {
        let lines = example.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > wholeLines else { return example }
        var keep = [Bool](repeating: false, count: lines.count)
        for index in lines.indices
        where index < keptLines || index >= lines.count - keptLines || lines[index].contains("↓") {
            for near in max(0, index - 1)...min(lines.count - 1, index + 1) { keep[near] = true }
        }
        var result: [Substring] = []
        var left = 0
        for (index, line) in lines.enumerated() {
            if keep[index] {
                if left > 0 { result.append("⋮ (\(left) lines like these)") }
                left = 0
                result.append(line)
            } else {
                left += 1
            }
        }
        return result.joined(separator: "\n")
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}
