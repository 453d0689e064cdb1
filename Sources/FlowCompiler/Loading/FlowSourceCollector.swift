import Foundation

/// A failure to find or read input files: a usage or I/O problem (`flowc` exits 2), not a finding.
public struct FlowInputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot read '\(path)': \(reason)" }
}

/// Turns the paths a user named into the flow files to read.
enum FlowSourceCollector {
    /// Files are taken as named, whatever their extension; folders are searched recursively for
    /// `*.yaml` and `*.yml` in any letter case (hidden files and folders skipped; symbolic links to
    /// folders not followed), in sorted order. Paths are kept as written (`Flows/reading.yaml`), so
    /// diagnostics repeat what the user typed; a file named twice (`a.yaml ./a.yaml`, a link and its
    /// target) is read once, under the first name.
    /// - Throws: `FlowInputError` when a path does not exist, or a folder cannot be listed or holds
    ///   no flow files (a mistyped folder in CI must not pass as "no problems").
    static func files(at paths: [String]) throws(FlowInputError) -> [String] {
        var files: [String] = []
        var seen = Set<String>()
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw FlowInputError(path: path, reason: "no such file or directory")
            }
            guard isDirectory.boolValue else {
                if seen.insert(FlowSourceFiles.identity(of: path)).inserted { files.append(path) }
                continue
            }
            guard let enumerator = manager.enumerator(atPath: path) else {
                throw FlowInputError(path: path, reason: "the folder cannot be listed")
            }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") {
                    enumerator.skipDescendants()
                    continue
                }
                guard FlowSourceFiles.hasFlowExtension(name) else { continue }
                let full = path.hasSuffix("/") ? path + relative : path + "/" + relative
                var isFolder: ObjCBool = false
                if manager.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                    found.append(full)
                }
            }
            guard !found.isEmpty else {
                throw FlowInputError(path: path, reason: "the folder holds no *.yaml or *.yml files")
            }
            for file in found.sorted() where seen.insert(FlowSourceFiles.identity(of: file)).inserted {
                files.append(file)
            }
        }
        return files
    }

    /// The bytes of `path`.
    /// - Throws: `FlowInputError` when the file cannot be read.
    static func read(_ path: String) throws(FlowInputError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FlowInputError(path: path, reason: "the file cannot be read")
        }
        return [UInt8](data)
    }
}
