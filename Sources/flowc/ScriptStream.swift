import Foundation

/// A script read from a pipe line by line as it arrives (`flowc run` without `--script`, or with `-` or
/// `/dev/stdin`, when standard input is a pipe or a FIFO): each line runs as soon as its end (`\n`, `\r\n`
/// or `\r`, as in a script file) has arrived, so a harness can read the trace line of one command before
/// it writes the next.
enum ScriptStream {
    /// Whether standard input is a pipe or a FIFO.
    static func isPipe() -> Bool {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFIFO
    }

    /// Reads standard input to its end, calling `each` with every line as soon as its end arrives; nil at
    /// the end, or why reading stopped: a read error, or more than `limit` bytes in all (the lines that
    /// ended within the limit have run). A `\r` ends its line at once; a `\n` right after it is skipped.
    /// Each byte is looked at once, so a long line costs time in proportion to its length.
    @MainActor
    static func readLines(limit: Int, each: (String) -> Void) -> String? {
        var pending: [UInt8] = []
        var total = 0
        var skipLineFeed = false
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            if count == 0 { break }
            let allowed = min(count, limit - total)
            total += count
            for byte in chunk[0..<allowed] {
                if skipLineFeed {
                    skipLineFeed = false
                    if byte == UInt8(ascii: "\n") { continue }
                }
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    each(String(decoding: pending, as: UTF8.self))
                    pending.removeAll(keepingCapacity: true)
                    skipLineFeed = byte == UInt8(ascii: "\r")
                } else {
                    pending.append(byte)
                }
            }
            if total > limit {
                return
                    "the script is more than the limit of \(limit) bytes (reading stopped there); split it into smaller scripts"
            }
        }
        // The last line, ended by the end of input.
        each(String(decoding: pending, as: UTF8.self))
        return nil
    }
}
