import FlowCompiler

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
