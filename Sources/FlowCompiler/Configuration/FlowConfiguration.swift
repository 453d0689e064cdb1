import FlowModel

/// The settings of a configuration file (`.flowc.yml`, docs/CONFIG.md): which files a folder scan
/// reads, the severity of each rule, and `flowc validate`'s default output format.
public struct FlowConfiguration: Sendable {
    /// The severity a configuration gives a rule.
    public enum RuleSetting: String, Hashable, Sendable, CaseIterable {
        case error, warning, off
    }

    /// The configuration file's path ("" for none).
    public var path: String = ""
    /// The folder globs are relative to (absolute, no trailing `/`).
    public var folder: String = ""
    /// Files found in folders are read only when they match one of these (all when empty).
    public var include: [Glob] = []
    /// Files found in folders are skipped when they match one of these.
    public var exclude: [Glob] = []
    /// Rule code → setting.
    public var rules: [String: RuleSetting] = [:]
    /// `flowc validate`'s format when `--format` is not given: text, json, sarif, github or gitlab.
    public var format: String?
    /// `flowc diff`'s acknowledged breaks (`acceptedBreaks:`): saved-state shapes and link patterns, written
    /// as `flowc diff` names them, whose break or narrowing does not fail it.
    public var acceptedBreaks: [String] = []

    public init() {}

    /// The formats `format` may name.
    public static let formats = ["text", "json", "sarif", "github", "gitlab"]

    /// Whether a file found while scanning a folder is read. `path` is absolute; files outside the
    /// configuration's folder are always read.
    public func admits(_ path: String) -> Bool {
        let prefix = folder == "/" ? "/" : folder + "/"
        guard path.hasPrefix(prefix) else { return true }
        let relative = String(path.dropFirst(prefix.count))
        if !include.isEmpty, !include.contains(where: { $0.matches(relative) }) { return false }
        return !exclude.contains { $0.matches(relative) }
    }

    /// `diagnostics` with each rule's configured severity; rules set to `off` are dropped.
    public func applySeverities(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !rules.isEmpty else { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            guard let setting = rules[diagnostic.code] else { return diagnostic }
            var changed = diagnostic
            switch setting {
            case .off: return nil
            case .error: changed.severity = .error
            case .warning: changed.severity = .warning
            }
            return changed
        }
    }
}
