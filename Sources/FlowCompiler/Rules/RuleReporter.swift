/// Which stage reports a rule's findings, and so which commands can print them: `flowc explain` says it, and
/// a suppression of a rule is judged unused (FC090) only by the stage that reports the rule.
public enum RuleReporter: String, Hashable, Sendable, CaseIterable {
    /// The loader and decoder (FC0xx, FC1xx): every command that reads flow files.
    case reading
    /// The rules over the decoded set (FC2xx–FC7xx): every command that validates flows.
    case validation
    /// The inline suppressions and the configuration file (FC090–FC095).
    case settings
    /// `flowc check`'s exploration (FC8xx): FlowExplorer's guarantees and warnings, as CheckCommand reports them.
    case check
    /// `flowc diff`'s comparison of two versions (FC9xx): FlowVersions' verdicts.
    case diff

    /// Where the findings come from, for `flowc explain`.
    public var text: String {
        switch self {
        case .reading:
            "every command that reads flow files (validate, check, paths, diff, compile, generate, graph, links, run, lsp), while loading and decoding"
        case .validation:
            "every command that validates flows (validate, check, paths, diff, compile, generate, graph, links, run, lsp)"
        case .settings: "every command that reads flow files, from inline suppressions and .flowc.yml"
        case .check: "flowc check, exploring every reachable state (FlowExplorer)"
        case .diff: "flowc diff, comparing two versions of the flows (FlowVersions)"
        }
    }

    /// Whether a validation (`FlowValidation`) reports it, so that it can tell an unused suppression of it.
    public var isValidation: Bool { self == .reading || self == .validation || self == .settings }
}
