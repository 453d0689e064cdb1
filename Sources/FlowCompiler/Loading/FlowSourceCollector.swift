#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

/// Turns the paths a user named into the flow files to read, and reads them.
///
/// Nothing is skipped without a word: every `*.yaml`/`*.yml` entry found in a folder is read, or
/// the whole run stops with a `FlowInputError` naming it (a name that is not valid UTF-8, a dangling
/// or looping symbolic link, a FIFO or device, a sub-folder that cannot be listed).
enum FlowSourceCollector {
    /// The path that stands for standard input.
    static let standardInputPath = InputFile.standardInputPath

    /// Files are taken as named, whatever their extension or kind (a FIFO, `/dev/stdin` and `-`
    /// for standard input are read like files); folders are searched recursively for `*.yaml`
    /// and `*.yml` in any letter case (hidden files and folders skipped; symbolic links to folders
    /// not followed; no recursion, so any folder depth is safe), in sorted order. Paths are kept as
    /// written (`Flows/reading.yaml`), so diagnostics repeat what the user typed; a file named twice
    /// (`a.yaml ./a.yaml`, a link and its target) is read once, under the first name.
    /// - Throws: `FlowInputError` when a path does not exist (with the cause: a dangling or looping
    ///   symbolic link, a permission), a folder or sub-folder cannot be listed, a folder holds no
    ///   flow files (a mistyped folder in CI must not pass as "no problems"), or a flow file found
    ///   in a folder cannot be checked (see the type's summary).
    /// - Parameter admitting: decides, for each file found in a folder (not for files named), whether
    ///   it is read (a configuration's include and exclude globs); nil reads them all.
    static func files(at paths: [String], admitting: ((String) -> Bool)? = nil) throws(FlowInputError) -> [String] {
        var files: [String] = []
        var seen = Set<String>()
        for path in paths {
            if path == standardInputPath {
                if seen.insert(standardInputPath).inserted { files.append(path) }
                continue
            }
            var info = stat()
            guard stat(path, &info) == 0 else { throw FlowInputError(path: path, reason: missingReason(path, errno)) }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                if seen.insert(FlowSourceFiles.identity(of: path)).inserted { files.append(path) }
                continue
            }
            var found = try flowFiles(in: path)
            guard !found.isEmpty else {
                throw FlowInputError(path: path, reason: "the folder holds no *.yaml or *.yml files")
            }
            if let admitting {
                found = found.filter(admitting)
                guard !found.isEmpty else {
                    throw FlowInputError(
                        path: path,
                        reason:
                            "every flow file in the folder is left out by the configuration's include and exclude globs"
                    )
                }
            }
            for file in found where seen.insert(FlowSourceFiles.identity(of: file)).inserted {
                files.append(file)
            }
        }
        return files
    }

    /// Why `stat` failed on `path` with `code`, naming a dangling symbolic link's target.
    private static func missingReason(_ path: String, _ code: Int32) -> String {
        var link = stat()
        if code == ENOENT, lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
            return "it is a symbolic link to '\(linkTarget(path))', which does not exist; fix or remove the link"
        }
        return SystemErrorDescription.describe(code)
    }

    private static func linkTarget(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "?" }
        return FlowSourceFiles.displayName(buffer[..<count].map { UInt8(bitPattern: $0) })
    }

    /// The flow files under `folder`, sorted, found with an explicit work list.
    private static func flowFiles(in folder: String) throws(FlowInputError) -> [String] {
        var found: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            guard let directory = opendir(current) else {
                throw FlowInputError(
                    path: current, reason: "the folder cannot be listed: " + SystemErrorDescription.describe(errno))
            }
            defer { closedir(directory) }
            while true {
                errno = 0
                guard let entry = readdir(directory) else {
                    if errno != 0 {
                        throw FlowInputError(
                            path: current,
                            reason: "the folder cannot be listed: " + SystemErrorDescription.describe(errno))
                    }
                    break
                }
                let nameBytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    Array(raw.prefix { $0 != 0 })
                }
                guard nameBytes.first != UInt8(ascii: ".") else { continue }  // hidden, '.' and '..'
                let prefix = current.hasSuffix("/") ? current : current + "/"
                guard let name = String(validating: nameBytes, as: UTF8.self) else {
                    try refuseNonUTF8(nameBytes, in: prefix, directory: directory)
                    continue
                }
                let full = prefix + name
                var info = stat()
                guard lstat(full, &info) == 0 else {
                    throw FlowInputError(path: full, reason: SystemErrorDescription.describe(errno))
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    pending.append(full)
                case S_IFREG:
                    if FlowSourceFiles.hasFlowExtension(name) { found.append(full) }
                case S_IFLNK:
                    guard FlowSourceFiles.hasFlowExtension(name) else { continue }  // links to folders are not followed
                    var target = stat()
                    guard stat(full, &target) == 0 else {
                        throw FlowInputError(path: full, reason: missingReason(full, errno))
                    }
                    guard target.st_mode & S_IFMT == S_IFREG else {
                        throw FlowInputError(
                            path: full,
                            reason:
                                "it is a symbolic link to \(SystemErrorDescription.kind(ofMode: target.st_mode)), not to a flow file; name it directly to read it, or rename or remove it"
                        )
                    }
                    found.append(full)
                default:
                    guard FlowSourceFiles.hasFlowExtension(name) else { continue }
                    throw FlowInputError(
                        path: full,
                        reason:
                            "it is \(SystemErrorDescription.kind(ofMode: info.st_mode)), not a regular file; in folders flowc reads regular files only: name it directly to read it, or rename or remove it"
                    )
                }
            }
        }
        return found.sorted()
    }

    /// Throws for an entry whose name is not valid UTF-8 when it is a folder or named like a flow
    /// file (so it would otherwise be skipped); ignores other such entries.
    private static func refuseNonUTF8(_ name: [UInt8], in prefix: String, directory: OpaquePointer)
        throws(FlowInputError)
    {
        let lowered = name.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        let looksLikeFlow =
            lowered.reversed().starts(with: Array(".yaml".utf8).reversed())
            || lowered.reversed().starts(with: Array(".yml".utf8).reversed())
        var info = stat()
        let isFolder =
            fstatat(dirfd(directory), name.map { CChar(bitPattern: $0) } + [0], &info, AT_SYMLINK_NOFOLLOW) == 0
            && info.st_mode & S_IFMT == S_IFDIR
        guard looksLikeFlow || isFolder else { return }
        throw FlowInputError(
            path: prefix + FlowSourceFiles.displayName(name),
            reason:
                "the \(isFolder ? "folder" : "file") name is not valid UTF-8 (bytes shown as \\xHH); flowc needs UTF-8 paths to report locations: rename it"
        )
    }
}
