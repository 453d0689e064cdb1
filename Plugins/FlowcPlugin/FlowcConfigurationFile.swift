import Foundation

/// The flowc configuration a plugin build uses: the `.flowc.yml` (or `.flowc.yaml`) of the target's folder
/// or of the nearest folder above it, up to the package's (or Xcode project's) folder — what `flowc` run in
/// the target's folder finds, without looking outside the package (docs/CONFIG.md, docs/HOSTING.md). The
/// build command passes it with `--config` and lists it as an input, so its `include`, `exclude` and `rules`
/// apply to plugin builds, and editing it runs the command again.
enum FlowcConfigurationFile {
    /// The names looked for in each folder, in order (as `flowc` looks for them).
    static let names = [".flowc.yml", ".flowc.yaml"]

    /// The configuration file for flows in `folder`, looked for in `folder` and each folder above it up to
    /// and including `root`; nil when there is none (or `folder` is not inside `root`).
    static func find(from folder: URL, within root: URL) -> URL? {
        let rootPath = path(of: root)
        var current = folder.standardizedFileURL
        while path(of: current) == rootPath || path(of: current).hasPrefix(rootPath == "/" ? "/" : rootPath + "/") {
            for name in names {
                let candidate = current.appending(path: name)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(
                    atPath: candidate.path(percentEncoded: false), isDirectory: &isFolder),
                    !isFolder.boolValue
                {
                    return candidate
                }
            }
            let parent = current.deletingLastPathComponent().standardizedFileURL
            if path(of: current) == rootPath || path(of: parent) == path(of: current) { return nil }
            current = parent
        }
        return nil
    }

    /// A folder's path without a trailing `/` (except for the root folder itself).
    private static func path(of url: URL) -> String {
        let path = url.standardizedFileURL.path(percentEncoded: false)
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
