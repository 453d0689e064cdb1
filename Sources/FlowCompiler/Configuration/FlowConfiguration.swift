import FlowModel
import Foundation

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

    /// Configuration files nearer some flow files than this one (each `.flowc.yml` found from a named path's
    /// folder upward, or in a folder a scan enters), as SwiftLint applies the configuration nearest each file:
    /// a file in or below one's folder takes that one's globs and rules (the deepest folder wins, nothing is
    /// merged); every other file takes this one's.
    public var nearer: [FlowConfiguration] = []

    public init() {}

    /// The configuration that governs the file at `path` (absolute, standardized): the one of ``nearer``
    /// whose folder holds it most deeply, else this one.
    public func governing(_ path: String) -> FlowConfiguration {
        var best: FlowConfiguration?
        for candidate in nearer where candidate.holds(path) && candidate.folder.count > (best?.folder.count ?? -1) {
            best = candidate
        }
        return best ?? self
    }

    /// Whether `path` (absolute) lies in this configuration's folder or below it.
    func holds(_ path: String) -> Bool {
        path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// The formats `format` may name.
    public static let formats = ["text", "json", "sarif", "github", "gitlab"]

    /// Whether a file found while scanning a folder is read, by the globs of the configuration that governs it
    /// (``governing(_:)``). `path` is absolute; files outside that configuration's folder are always read.
    public func admits(_ path: String) -> Bool {
        guard nearer.isEmpty else { return governing(path).admitsOwn(path) }
        return admitsOwn(path)
    }

    private func admitsOwn(_ path: String) -> Bool {
        let prefix = folder == "/" ? "/" : folder + "/"
        guard path.hasPrefix(prefix) else { return true }
        let relative = String(path.dropFirst(prefix.count))
        if !include.isEmpty, !include.contains(where: { $0.matches(relative) }) { return false }
        return !exclude.contains { $0.matches(relative) }
    }

    /// `diagnostics` with each rule's configured severity, by the configuration that governs the diagnostic's
    /// file (``governing(_:)``); rules set to `off` are dropped.
    public func applySeverities(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !rules.isEmpty || nearer.contains(where: { !$0.rules.isEmpty }) else { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            let rules =
                nearer.isEmpty
                ? rules
                : governing(URL(fileURLWithPath: diagnostic.location.file).standardizedFileURL.path).rules
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
