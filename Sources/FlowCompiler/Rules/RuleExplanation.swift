/// The text `flowc explain CODE` prints for a rule.
public enum RuleExplanation {
    /// Code, identifier and severity, the summary, the explanation, then the first triggering and
    /// non-triggering examples with the `↓` markers kept (they show where the diagnostic points).
    public static func text(for rule: RuleDescription) -> String {
        var text = "\(rule.code) \(rule.identifier) (\(rule.severity.rawValue)): \(rule.summary)\n\n\(rule.explanation)\n"
        if let example = rule.triggeringExamples.first {
            text += "\nTriggers (↓ marks where the diagnostic points):\n\n" + indent(example) + "\n"
        }
        if let example = rule.nonTriggeringExamples.first {
            text += "\nDoes not trigger:\n\n" + indent(example) + "\n"
        }
        return text
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}
