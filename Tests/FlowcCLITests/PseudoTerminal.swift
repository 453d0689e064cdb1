import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs `flowc` with a pseudo-terminal as its standard input, output and error, like a person at a
/// terminal: `isatty` is true in the child. Echo is off, so the transcript holds only what flowc prints.
final class PseudoTerminal {
    private let master: Int32
    private let process = Process()
    private(set) var transcript = ""

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(_ arguments: [String]) throws {
        // posix_openpt, unlockpt and ptsname are not visible through Glibc here: open the Linux
        // multiplexer and use its ioctls (TIOCSPTLCK to unlock, TIOCGPTN for the slave's number).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw Failure(description: "no pseudo-terminal: /dev/ptmx cannot be opened") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        let tiocsptlck: UInt = 0x4004_5431
        let tiocgptn: UInt = 0x8004_5430
        guard ioctl(master, tiocsptlck, &unlock) == 0, ioctl(master, tiocgptn, &number) == 0 else {
            throw Failure(description: "the pseudo-terminal cannot be unlocked")
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failure(description: "cannot open the terminal's slave side") }
        var settings = termios()
        tcgetattr(slave, &settings)
        settings.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(slave, TCSANOW, &settings)
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = FlowcProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: FlowcProcess.packageRoot)
        process.environment = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1", "TERM": "dumb"]
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    /// Types `line` and a newline.
    func type(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Sends Ctrl-D (end of input at the start of a line).
    func endOfInput() {
        var eot: UInt8 = 4
        _ = write(master, &eot, 1)
    }

    /// Reads until the transcript holds `count` occurrences of `marker`, or flowc closes the terminal.
    /// - Throws: when nothing arrives for 30 seconds (a hang: flowc waits for more input).
    func read(untilCount count: Int, of marker: String) throws {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while transcript.components(separatedBy: marker).count - 1 < count {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 30_000) > 0 else {
                throw Failure(description: "flowc printed nothing more; transcript so far:\n\(transcript)")
            }
            let read = Glibc.read(master, &buffer, buffer.count)
            guard read > 0 else { return }  // EIO: the child closed the terminal
            transcript += String(decoding: buffer[0..<read], as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        }
    }

    /// Waits for flowc to exit and returns its status, reading what it still prints.
    func finish() throws -> Int32 {
        try read(untilCount: Int.max, of: "\u{0}")
        process.waitUntilExit()
        return process.terminationStatus
    }
}
