import FlowCompiler
import FlowYAML
import Foundation

/// The flow files the server analyses: the files on disk under the workspace folder (chosen as
/// `flowc validate FOLDER` chooses them, with `.flowc.yml` honoured), with each open buffer laid over
/// the file it edits (or added, for a buffer outside the folder or not yet saved).
///
/// The folder analysed is the one holding the nearest `.flowc.yml` (at or above the workspace root,
/// its include and exclude globs choosing the files), else the root's `Flows/` when it has one, else
/// the root itself. Paths are absolute, so every location names one file.
final class Workspace {
    /// An open document: what the client last sent.
    struct OpenBuffer {
        var uri: String
        var version: Int
        var bytes: [UInt8]
    }

    private(set) var root: String?
    private(set) var folder: String?
    private(set) var configuration: LoadedConfiguration?
    private(set) var diskPaths: [String] = []
    /// What listing or reading the disk could not do, for the log.
    private(set) var problems: [String] = []
    private(set) var buffers: [String: OpenBuffer] = [:]
    /// What was read from disk, by path, with the file's identity when it was read: read again when the
    /// identity changed (a `git checkout` or a generator rewrote it) or after `rescan`.
    private var diskContents: [String: (contents: FlowFileContents, identity: DiskIdentity?)] = [:]
    let cache = FileReadCache()
    /// Bumped by every change of a text or of the set of files: an analysis is current while its
    /// generation is this one.
    private(set) var generation = 0

    init(root: String?) {
        self.root = root
        rescan()
    }

    /// Reads the configuration again and lists the files on disk again (on start, and after a save or a
    /// change on disk the client reports).
    func rescan() {
        generation += 1
        problems = []
        diskContents = [:]
        guard let root else {
            configuration = nil
            diskPaths = []
            return
        }
        configuration = nil
        folder = root
        let found = FlowConfigurationLoader.find(from: root)
        if let found {
            do {
                configuration = try FlowConfigurationLoader.load(path: found)
                folder = (found as NSString).deletingLastPathComponent
            } catch {
                problems.append("cannot read \(found): \(error)")
            }
        } else {
            var isFolder: ObjCBool = false
            let flows = (root as NSString).appendingPathComponent("Flows")
            if FileManager.default.fileExists(atPath: flows, isDirectory: &isFolder), isFolder.boolValue {
                folder = flows
            }
        }
        // The configuration nearest each flow file governs it, as `flowc validate` applies it (docs/CONFIG.md):
        // those in the folders below the one analysed, each for the files in and below its folder.
        for path in FlowConfigurationLoader.nearer(to: [folder ?? root], than: found) {
            do {
                var loaded = configuration ?? .defaults
                loaded.add(nearer: try FlowConfigurationLoader.load(path: path))
                configuration = loaded
            } catch {
                problems.append("cannot read \(path): \(error)")
            }
        }
        do {
            diskPaths = try FlowValidation.sourcePaths(at: [folder ?? root], configuration: configuration)
        } catch {
            diskPaths = []
            problems.append("cannot list the flow files under \(folder ?? root): \(error)")
        }
    }

    func open(uri: String, path: String, version: Int, bytes: [UInt8]) {
        buffers[path] = OpenBuffer(uri: uri, version: version, bytes: bytes)
        generation += 1
    }

    func replace(path: String, version: Int, bytes: [UInt8]) {
        guard buffers[path] != nil else { return }
        buffers[path]?.version = version
        buffers[path]?.bytes = bytes
        generation += 1
    }

    func close(path: String) {
        buffers[path] = nil
        diskContents[path] = nil
        generation += 1
    }

    /// The URI of `path`: the client's own spelling for an open document.
    func uri(of path: String) -> String { buffers[path]?.uri ?? DocumentURI.uri(path) }

    /// Every text to validate, by path: open buffers over the files on disk, sorted by path. A file
    /// that cannot be read is left out and its reason logged (`problems`).
    func sources() -> [(path: String, contents: FlowFileContents)] {
        var texts: [String: FlowFileContents] = [:]
        for path in diskPaths where buffers[path] == nil {
            // A closed file is stated at each validation, so a change on disk is seen even when the client
            // reports none (it may not watch files): its text is read again when its identity changed.
            let identity = DiskIdentity(path)
            if let known = diskContents[path], known.identity != nil, known.identity == identity {
                texts[path] = known.contents
                continue
            }
            do {
                let contents = try InputFile.read(path, limit: InputFile.flowFileLimit)
                diskContents[path] = (contents, identity)
                texts[path] = contents
            } catch {
                problems.append("cannot read \(path): \(error)")
            }
        }
        for (path, buffer) in buffers where Self.isFlowFile(path) || diskPaths.contains(path) {
            texts[path] = .bytes(buffer.bytes)
        }
        cache.keep(only: Set(texts.keys))
        return texts.keys.sorted().map { ($0, texts[$0]!) }
    }

    /// Whether a closed file changed on disk since it was read: then the next analysis is not current
    /// (``LanguageServer/checkIfNeeded()`` asks before each check, so an edit elsewhere or a request sees
    /// the new text).
    func closedFilesChanged() -> Bool {
        for (path, known) in diskContents where buffers[path] == nil && known.identity != DiskIdentity(path) {
            generation += 1
            return true
        }
        return false
    }

    /// Whether an open document is a flow file: named `*.yaml` or `*.yml` (any case), and not the
    /// configuration file.
    static func isFlowFile(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        let lowercased = name.lowercased()
        guard !FlowConfigurationLoader.fileNames.contains(name) else { return false }
        return lowercased.hasSuffix(".yaml") || lowercased.hasSuffix(".yml")
    }
}

/// What tells a file's versions apart without reading it: its device, inode, size and modification time
/// (to the nanosecond). Replacing a file (a `git checkout`, an editor's atomic save) changes the inode;
/// writing it in place changes the time or the size.
struct DiskIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let seconds: Int
    let nanoseconds: Int

    /// The identity of the file at `path`; nil when it cannot be stated (gone, or no permission).
    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        seconds = info.st_mtimespec.tv_sec
        nanoseconds = info.st_mtimespec.tv_nsec
        #else
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
        #endif
    }
}
