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

    /// Reads standard input to its end, calling `each` with every line; nil at the end, or why reading
    /// stopped: a read error, or more than `limit` bytes in all (the lines before the limit have run).
    @MainActor
    static func readLines(limit: Int, each: (String) -> Void) -> String? {
        var pending: [UInt8] = []
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            if count == 0 { break }
            total += count
            if total > limit {
                return
                    "the script is more than the limit of \(limit) bytes (reading stopped there); split it into smaller scripts"
            }
            pending += chunk[0..<count]
            var start = 0
            var index = 0
            while index < pending.count {
                let byte = pending[index]
                guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                    index += 1
                    continue
                }
                // A `\r` at the end of what has arrived may be the first half of `\r\n`: wait for more.
                if byte == UInt8(ascii: "\r"), index + 1 == pending.count { break }
                each(String(decoding: pending[start..<index], as: UTF8.self))
                index += byte == UInt8(ascii: "\r") && pending[index + 1] == UInt8(ascii: "\n") ? 2 : 1
                start = index
            }
            pending.removeFirst(start)
        }
        // The last line, ended by the end of input (a lone `\r` left waiting ends its line).
        if pending.last == UInt8(ascii: "\r") {
            each(String(decoding: pending.dropLast(), as: UTF8.self))
            each("")
        } else {
            each(String(decoding: pending, as: UTF8.self))
        }
        return nil
    }
}
