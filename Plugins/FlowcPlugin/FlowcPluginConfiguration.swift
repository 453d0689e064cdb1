import Foundation

/// What a target's optional `flowc-plugin.json` says, beside its sources:
///
/// ```json
/// { "paths": ["../../Flows"], "namespace": "ReadingFlows" }
/// ```
///
/// `paths` are flow files or folders relative to the target's folder (default: `["Flows"]`); `namespace` is
/// the enum that holds the bundle and the `Host` protocol (default: `Flows`).
struct FlowcPluginConfiguration: Decodable {
    /// The configuration file's name.
    static let fileName = "flowc-plugin.json"

    var paths: [String] = ["Flows"]
    var namespace: String = "Flows"
    /// The configuration file, when the target has one (an input of the build command).
    var file: URL?

    private enum CodingKeys: String, CodingKey {
        case paths, namespace
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        paths = try container.decodeIfPresent([String].self, forKey: .paths) ?? ["Flows"]
        namespace = try container.decodeIfPresent(String.self, forKey: .namespace) ?? "Flows"
    }

    /// The configuration of the target in `folder`: its `flowc-plugin.json`, or the defaults.
    static func load(from folder: URL) throws -> FlowcPluginConfiguration {
        let url = folder.appending(path: fileName)
        guard let data = FileManager.default.contents(atPath: url.path(percentEncoded: false)) else {
            return FlowcPluginConfiguration()
        }
        do {
            var configuration = try JSONDecoder().decode(FlowcPluginConfiguration.self, from: data)
            configuration.file = url
            return configuration
        } catch {
            throw FlowcPluginError(
                "\(url.path(percentEncoded: false)): not a valid flowc plugin configuration (\(error)); write { \"paths\": [\"Flows\"], \"namespace\": \"Flows\" }"
            )
        }
    }

    /// The configured paths (relative to `folder`) and the flow files in them (`*.yaml`, `*.yml`, searched
    /// recursively, hidden ones skipped), sorted.
    /// - Throws: when a path does not exist.
    func flowPaths(in folder: URL) throws -> (roots: [URL], files: [URL]) {
        var roots: [URL] = []
        var files: [URL] = []
        let manager = FileManager.default
        for path in paths {
            let root = folder.appending(path: path).standardized
            let rootPath = root.path(percentEncoded: false)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: rootPath, isDirectory: &isFolder) else {
                let configured =
                    file == nil
                    ? "the target has no '\(path)' folder; add one with its flow files, or name the flow paths in \(Self.fileName)"
                    : "'\(path)' in \(Self.fileName) does not exist"
                throw FlowcPluginError("\(folder.path(percentEncoded: false)): \(configured)")
            }
            roots.append(root)
            guard isFolder.boolValue else {
                files.append(root)
                continue
            }
            let found = manager.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            while let url = found?.nextObject() as? URL {
                if ["yaml", "yml"].contains(url.pathExtension.lowercased()) { files.append(url) }
            }
        }
        return (roots, files.sorted { $0.path(percentEncoded: false) < $1.path(percentEncoded: false) })
    }
}

/// A configuration problem, reported as the plugin's error.
struct FlowcPluginError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
