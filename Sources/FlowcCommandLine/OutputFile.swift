import FlowCompiler
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a whole output file, reporting the operating system's reason in words when it fails
/// (a full device, a folder given as the output, a read-only file, a missing folder).
package enum OutputFile {
    /// `-` writes to standard output.
    package static let standardOutputPath = "-"

    /// Writes `bytes` to `path` (created with mode 0644 or truncated), or to standard output for `-`.
    /// - Returns: nil on success, else the reason in words (see `SystemErrorDescription`).
    package static func write(_ bytes: [UInt8], to path: String) -> String? {
        let descriptor =
            path == standardOutputPath ? STDOUT_FILENO : open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return reason(for: errno, path: path) }
        var written = 0
        var failure: Int32?
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                systemWrite(descriptor, $0.baseAddress! + written, bytes.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            written += count
        }
        if descriptor != STDOUT_FILENO, close(descriptor) != 0, failure == nil { failure = errno }
        return failure.map { reason(for: $0, path: path) }
    }

    /// Why `path` cannot be written, found before a command does its work (so an exploration of minutes
    /// does not end in an I/O error); nil when it can be, or for `-`. Creates and changes nothing: a file
    /// that exists must be writable and not a folder; a new file's folder must exist and be writable.
    /// - Returns: the reason in the words ``write(_:to:)`` uses.
    package static func problem(writing path: String) -> String? {
        guard path != standardOutputPath else { return nil }
        var status = stat()
        if stat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { return reason(for: EISDIR, path: path) }
            return access(path, W_OK) == 0 ? nil : reason(for: errno, path: path)
        }
        guard errno == ENOENT else { return reason(for: errno, path: path) }
        let folder = (path as NSString).deletingLastPathComponent
        let parent = folder.isEmpty ? "." : folder
        guard stat(parent, &status) == 0 else { return reason(for: errno, path: path) }
        guard status.st_mode & S_IFMT == S_IFDIR else { return reason(for: ENOTDIR, path: path) }
        return access(parent, W_OK | X_OK) == 0 ? nil : reason(for: errno, path: path)
    }

    /// Why the folder `path` cannot be made (with the folders above it) and written into, found before a
    /// command does its work (so an exploration of minutes does not end in an I/O error, and a run that fails
    /// before writing leaves no empty folder behind); nil when it can be. Creates nothing: a folder that
    /// exists must be writable; else the nearest existing folder above it must be a folder and writable.
    /// - Returns: the reason in words (``SystemErrorDescription``'s for what the system refuses).
    package static func problem(makingFolder path: String) -> String? {
        guard !path.isEmpty else { return "an empty path names no folder; name a folder (it is made if missing)" }
        var status = stat()
        var existing = path
        // Up the path to the nearest part that exists: as many steps as the path has parts.
        while stat(existing, &status) != 0 {
            guard errno == ENOENT else { return SystemErrorDescription.describe(errno) }
            let parent = (existing as NSString).deletingLastPathComponent
            existing = parent.isEmpty ? "." : parent
            if existing == "." || existing == "/" {
                guard stat(existing, &status) == 0 else { return SystemErrorDescription.describe(errno) }
                break
            }
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            return existing == path ? notAFolder : SystemErrorDescription.describe(ENOTDIR)
        }
        return access(existing, W_OK | X_OK) == 0 ? nil : SystemErrorDescription.describe(errno)
    }

    /// Makes the folder `path` (and the folders above it) when missing, before a command writes files
    /// into it; nil when it exists or was made, else why not in words.
    package static func makeFolder(_ path: String) -> String? {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR { return notAFolder }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            return error.localizedDescription
        }
        return nil
    }

    private static let notAFolder =
        "it is a file, not a folder; name a folder (it is made if missing) or remove the file"

    private static func reason(for code: Int32, path: String) -> String {
        if code == ENOENT {
            return "its folder does not exist; create the folder or write elsewhere"
        }
        return SystemErrorDescription.describe(code)
    }
}

/// `write(2)`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #else
    Darwin.write(descriptor, buffer, count)
    #endif
}
