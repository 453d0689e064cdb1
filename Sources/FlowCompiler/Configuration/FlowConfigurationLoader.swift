import FlowDefinitions
import FlowModel
import FlowYAML
import Foundation

/// A configuration file read: the settings, and the file with its diagnostics (for snippets); with the
/// configuration files nearer some flows (``FlowConfiguration/nearer``).
public struct LoadedConfiguration: Sendable {
    public var configuration: FlowConfiguration
    /// The configuration file, with every problem found in it (YAML errors, FC095); path "" for none (only
    /// nearer ones were found).
    public var file: FlowSourceFile
    /// The files of ``FlowConfiguration/nearer``, with their problems.
    public var nearerFiles: [FlowSourceFile] = []

    /// No configuration file of its own: the defaults, for files no nearer configuration governs.
    public static var defaults: LoadedConfiguration {
        LoadedConfiguration(
            configuration: FlowConfiguration(), file: FlowSourceFile(path: "", bytes: [], flow: nil, diagnostics: []))
    }

    /// Adds `loaded` as a configuration nearer some flows than this one.
    public mutating func add(nearer loaded: LoadedConfiguration) {
        configuration.nearer.append(loaded.configuration)
        nearerFiles.append(loaded.file)
    }
}

/// Finds and reads `.flowc.yml` with the strict YAML reader, reporting every problem at its node
/// (FC095) and keeping whatever is valid.
public enum FlowConfigurationLoader {
    /// The names looked for, in order, in each folder.
    public static let fileNames = [".flowc.yml", ".flowc.yaml"]

    /// The configuration file in `folder` or the nearest folder above it, if any.
    public static func find(from folder: String) -> String? {
        var current = URL(fileURLWithPath: folder).standardizedFileURL
        while true {
            for name in fileNames {
                let candidate = current.appendingPathComponent(name).path
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue {
                    return candidate
                }
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// The configuration files nearer the flows at `paths` than `primary` (a path, or nil): for each path
    /// (a file's folder, a folder itself), the nearest one in it or above it, and every one in the folders
    /// below a folder path (hidden folders are not entered, as a scan does not read them). Each once, in the
    /// order found; `-` (standard input) has none.
    public static func nearer(to paths: [String], than primary: String?) -> [String] {
        let manager = FileManager.default
        var seen = Set(primary.map { [FlowSourceFiles.identity(of: $0)] } ?? [])
        var found: [String] = []
        func note(_ path: String) {
            if seen.insert(FlowSourceFiles.identity(of: path)).inserted { found.append(path) }
        }
        func inFolder(_ folder: String) -> String? {
            for name in fileNames {
                let candidate = folder == "." ? name : folder + "/" + name
                var isFolder: ObjCBool = false
                if manager.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue {
                    return candidate
                }
            }
            return nil
        }
        for path in paths where path != "-" {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            let folder =
                isFolder.boolValue ? path : (path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : ".")
            if let nearest = find(from: folder) {
                // Shown as the path was written when it is in the path's folder.
                note(inFolder(folder) ?? nearest)
            }
            guard isFolder.boolValue,
                let walk = manager.enumerator(
                    at: URL(fileURLWithPath: path), includingPropertiesForKeys: [.isDirectoryKey],
                    options: [.skipsHiddenFiles])
            else { continue }
            let base = URL(fileURLWithPath: path).standardizedFileURL.path
            for case let url as URL in walk
            where (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
                let standardized = url.standardizedFileURL.path
                guard standardized.hasPrefix(base + "/") else { continue }
                let below = String(standardized.dropFirst(base.count + 1))
                if let config = inFolder((path.hasSuffix("/") ? String(path.dropLast()) : path) + "/" + below) {
                    note(config)
                }
            }
        }
        return found
    }

    /// Reads the configuration at `path`.
    /// - Throws: `FlowInputError` when the file cannot be read or is over 8 MiB (`YAMLLimits.maxFileBytes`).
    public static func load(path: String) throws(FlowInputError) -> LoadedConfiguration {
        switch try InputFile.read(path, limit: YAMLLimits.default.maxFileBytes) {
        case .bytes(let bytes):
            return load(bytes: bytes, path: path)
        case .tooLarge(let size, let limit):
            throw InputFile.tooLarge(
                path, size: size, limit: limit, kind: "the configuration file",
                advice: "a configuration holds a few settings: check that this is the right file")
        }
    }

    /// Reads a configuration from `bytes`; globs are relative to `path`'s folder.
    public static func load(bytes: [UInt8], path: String) -> LoadedConfiguration {
        var configuration = FlowConfiguration()
        configuration.path = path
        configuration.folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        if configuration.folder.count > 1, configuration.folder.hasSuffix("/") { configuration.folder.removeLast() }
        var diagnostics: [Diagnostic] = []
        do {
            let root = try YAMLLoader.load(bytes)
            var reader = Reader(path: path)
            reader.read(root, into: &configuration)
            diagnostics = reader.diagnostics
        } catch {
            // An empty configuration (or one with only comments) means the defaults.
            if error.kind != .emptyDocument { diagnostics.append(FlowFileReader.diagnostic(for: error, in: path)) }
        }
        return LoadedConfiguration(
            configuration: configuration,
            file: FlowSourceFile(path: path, bytes: bytes, flow: nil, diagnostics: diagnostics))
    }

    private struct Reader {
        let path: String
        var diagnostics: [Diagnostic] = []

        mutating func report(_ message: String, at node: YAMLNode) {
            var diagnostic = InvalidConfiguration.diagnostic(
                message,
                at: SourceLocation(
                    file: path, line: node.start.line, column: node.start.column, offset: node.start.offset))
            if node.end.line == node.start.line, node.end.column > node.start.column {
                diagnostic.endColumn = node.end.column
            }
            diagnostics.append(diagnostic)
        }

        mutating func read(_ root: YAMLNode, into configuration: inout FlowConfiguration) {
            guard let entries = root.mapping else {
                report(
                    "a configuration is a mapping with the keys include, exclude, rules, format and acceptedBreaks; found a \(root.kindName)",
                    at: root)
                return
            }
            for entry in entries {
                guard let key = entry.key.scalar else { continue }
                switch key {
                case "include": configuration.include = globs(entry.value, key: key)
                case "exclude": configuration.exclude = globs(entry.value, key: key)
                case "rules": configuration.rules = rules(entry.value)
                case "format":
                    guard let text = entry.value.scalar, FlowConfiguration.formats.contains(text) else {
                        report(
                            "'format' is one of \(FlowConfiguration.formats.joined(separator: ", "))", at: entry.value)
                        continue
                    }
                    configuration.format = text
                case "acceptedBreaks":
                    guard let items = entry.value.sequence, let texts = Optional(items.compactMap(\.scalar)),
                        texts.count == items.count
                    else {
                        report(
                            "'acceptedBreaks' is a list of the saved-state shapes and link patterns 'flowc diff' reports, such as [\"/posts/{postID:int}\"]",
                            at: entry.value)
                        continue
                    }
                    configuration.acceptedBreaks = texts
                default:
                    let known = ["include", "exclude", "rules", "format", "acceptedBreaks"]
                    let hint =
                        NameSuggestion.closest(to: key, among: known).map { "did you mean \(MessageText.name($0))?" }
                        ?? "expected one of \(known.joined(separator: ", "))"
                    report("unknown key \(MessageText.name(key)) in the configuration; \(hint)", at: entry.key)
                }
            }
        }

        mutating func globs(_ node: YAMLNode, key: String) -> [Glob] {
            guard let items = node.sequence else {
                report("\(MessageText.name(key)) is a list of globs, such as [\"Flows/**/*.yaml\"]", at: node)
                return []
            }
            return items.compactMap { item in
                guard let text = item.scalar, !text.isEmpty else {
                    report("a glob is a non-empty text, such as \"**/docker-compose.yml\"", at: item)
                    return nil
                }
                if text.hasPrefix("/") || text.split(separator: "/").contains(where: { $0 == ".." }) {
                    report(
                        "glob \(MessageText.name(text)) must be relative to the configuration's folder, without '..'",
                        at: item)
                    return nil
                }
                return Glob(text)
            }
        }

        mutating func rules(_ node: YAMLNode) -> [String: FlowConfiguration.RuleSetting] {
            guard let entries = node.mapping else {
                report(
                    "'rules' maps rule codes or identifiers to error, warning or off, such as { FC301: warning }",
                    at: node)
                return [:]
            }
            var settings: [String: FlowConfiguration.RuleSetting] = [:]
            for entry in entries {
                guard let name = entry.key.scalar else { continue }
                guard let rule = RuleRegistry.rule(code: name) else {
                    let known = RuleRegistry.all.flatMap { [$0.code, $0.identifier] }
                    let hint =
                        NameSuggestion.closest(to: name, among: known).map { "; did you mean \(MessageText.name($0))?" }
                        ?? "; 'flowc rules' lists them"
                    report("unknown rule \(MessageText.name(name))\(hint)", at: entry.key)
                    continue
                }
                guard let text = entry.value.scalar, let setting = FlowConfiguration.RuleSetting(rawValue: text) else {
                    report("a rule's setting is error, warning or off", at: entry.value)
                    continue
                }
                let changeable =
                    Suppression.isAdjustable(rule.code)
                    || rule.code == UnusedSuppression.description.code
                    || rule.code == InvalidSuppression.description.code
                guard changeable else {
                    report(
                        "\(rule.code) (\(rule.identifier)) keeps its severity: rules that read files and the configuration rule cannot be changed",
                        at: entry.key)
                    continue
                }
                if settings[rule.code] != nil {
                    report("rule \(rule.code) is set twice (by code and by identifier); set it once", at: entry.key)
                }
                settings[rule.code] = setting
            }
            return settings
        }
    }
}
