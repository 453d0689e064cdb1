import Foundation
import Testing

/// `flowc run` answers a script piped in line by line: a harness reads the trace line of one command
/// before it writes the next.
@Suite struct PipedScriptTests {
    /// Reads from `handle` until a line end arrives, or gives up after `seconds` (nil).
    static func line(from handle: FileHandle, within seconds: Double) -> String? {
        let box = LineBox()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var bytes: [UInt8] = []
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                bytes += data
                if bytes.contains(UInt8(ascii: "\n")) { break }
            }
            box.set(String(decoding: bytes, as: UTF8.self))
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.get()
    }

    final class LineBox: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func set(_ value: String) { lock.withLock { text = value } }
        func get() -> String { lock.withLock { text } }
    }

    @Test func eachLineIsAnsweredBeforeTheNextArrives() throws {
        let process = Process()
        process.executableURL = FlowcProcess.executable
        process.arguments = ["run", "Flows", "--flow", "reading"]
        process.currentDirectoryURL = URL(fileURLWithPath: FlowcProcess.packageRoot)
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
        }
        input.fileHandleForWriting.write(Data("start\n".utf8))
        let first = try #require(Self.line(from: output.fileHandleForReading, within: 30))
        #expect(first.hasPrefix(#"{"command":"start","coordinator":"running""#))
        #expect(first.hasSuffix("\n"))
        // Carriage returns end lines as in a file; the second command is answered while input stays open.
        input.fileHandleForWriting.write(Data("event selectBook bookID=7\r\n".utf8))
        let second = try #require(Self.line(from: output.fileHandleForReading, within: 30))
        #expect(second.hasPrefix(#"{"command":"event selectBook bookID=7","coordinator":"running""#))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
