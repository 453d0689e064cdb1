import FlowYAML

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What reading one input gave: its bytes, or the news that it is over its size limit.
public enum FlowFileContents: Sendable, Hashable {
    case bytes([UInt8])
    /// Larger than `limit` bytes: `size` in bytes for a regular file (known from `stat`, before any
    /// byte is read), nil for a pipe, FIFO or device, where reading stopped one byte past the limit.
    case tooLarge(size: Int?, limit: Int)
}

/// The one way flowc reads a file or stream it is given — flow files, the configuration, a bundle,
/// a `flowc run` script — so that every input behaves alike (docs/LIMITS.md):
///
/// - any kind of file is read: a regular file, a FIFO, a character device (`/dev/null`), `/dev/stdin`,
///   or `-` for standard input; each is read once, from its first byte to its end, so a pipe is
///   never sniffed and then read again;
/// - reading is bounded: a regular file over the limit is refused from its size before a byte is
///   read, and any other input is read only to one byte past the limit;
/// - a failure says its cause in words (`SystemErrorDescription`), never only "cannot read".
public enum InputFile {
    /// The path that stands for standard input.
    public static let standardInputPath = "-"

    /// The largest flow or configuration file read: `YAMLLimits.maxFileBytes` by default (8 MiB).
    public static let flowFileLimit = YAMLLimits.default.maxFileBytes

    /// Whether `path` names a regular file (after symbolic links), which can be read again for the same
    /// bytes; a FIFO, a device, `/dev/stdin` on a pipe or a terminal, or `-` can be read only once.
    public static func isRegularFile(_ path: String) -> Bool {
        guard path != standardInputPath else { return false }
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The bytes of `path` (`-` for standard input), at most `limit` of them.
    /// - Throws: `FlowInputError` with the cause in words when the file cannot be opened or read
    ///   (a folder, no such file, permission denied, …).
    public static func read(_ path: String, limit: Int) throws(FlowInputError) -> FlowFileContents {
        try read(path, limit: limit, raisedTo: limit, when: { _ in false })
    }

    /// The bytes of `path`, at most `limit` of them — or at most `raisedLimit` when the input's first
    /// bytes satisfy `isLarger` (a bundle, which may be larger than a flow file). `isLarger` sees the
    /// first `limit` + 1 bytes, and only when the input has that many.
    /// - Throws: `FlowInputError`, as `read(_:limit:)`.
    public static func read(
        _ path: String, limit: Int, raisedTo raisedLimit: Int, when isLarger: ([UInt8]) -> Bool
    ) throws(FlowInputError) -> FlowFileContents {
        let descriptor = path == standardInputPath ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, errno) }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(path, errno) }
        if info.st_mode & S_IFMT == S_IFDIR { throw failure(path, EISDIR) }
        let isRegular = info.st_mode & S_IFMT == S_IFREG
        var limit = limit
        if isRegular, Int(info.st_size) > limit {
            // The header decides the limit; pread leaves the file offset alone.
            var head = [UInt8](repeating: 0, count: min(Int(info.st_size), limit + 1))
            let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
            guard count >= 0 else { throw failure(path, errno) }
            if isLarger(Array(head[..<count])) { limit = max(limit, raisedLimit) }
            if Int(info.st_size) > limit { return .tooLarge(size: Int(info.st_size), limit: limit) }
        }
        var bytes: [UInt8] = []
        if isRegular { bytes.reserveCapacity(Int(info.st_size) + 1) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { chunk.deallocate() }
        var decided = isRegular
        while true {
            if bytes.count > limit {
                guard !decided else { break }
                decided = true
                guard isLarger(bytes) else { break }
                limit = max(limit, raisedLimit)
                continue
            }
            let count = systemRead(descriptor, chunk.baseAddress!, min(chunk.count, limit + 1 - bytes.count))
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        }
        if bytes.count > limit { return .tooLarge(size: isRegular ? bytes.count : nil, limit: limit) }
        return .bytes(bytes)
    }

    /// The error for an input over its limit: `kind` names it ("the script", "the bundle"),
    /// `advice` says what to do.
    public static func tooLarge(_ path: String, size: Int?, limit: Int, kind: String, advice: String) -> FlowInputError
    {
        let amount =
            size.map { "\($0) bytes, more than the limit of \(limit) bytes" }
            ?? "more than the limit of \(limit) bytes (reading stopped there)"
        return FlowInputError(path: path, reason: "\(kind) is \(amount); \(advice)")
    }

    private static func failure(_ path: String, _ code: Int32) -> FlowInputError {
        FlowInputError(path: path, reason: SystemErrorDescription.describe(code))
    }
}

/// `read(2)`, named apart from `InputFile.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}

extension FlowFileContents {
    /// The number of bytes to load: 0 for an input over the limit, which is reported, not loaded.
    var byteCount: Int {
        if case .bytes(let bytes) = self { bytes.count } else { 0 }
    }
}
