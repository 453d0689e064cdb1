import FlowModel
import Foundation

#if canImport(Glibc)
import Glibc

private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin

private let systemWrite = Darwin.write
#endif

/// `flowc lsp`'s transport: the base protocol over standard input and output (LSP 3.17, "Base
/// Protocol"), with ``LanguageServer`` between.
///
/// A reader thread frames and decodes standard input (``MessageFraming``) into an inbox; the main
/// thread takes every message waiting at once, applies them in order (cancellations first, so a
/// request cancelled in the same batch is answered RequestCancelled), then checks the texts once
/// (``LanguageServer/checkIfNeeded()``). So edits that arrive while a check runs are applied together
/// and the newest text is checked next, with no fixed delay. Standard output carries protocol messages
/// only; SIGPIPE is ignored, and a write that fails (the client went away) ends the server, as does the
/// end of standard input. The reader holds at most ``inboxLimit`` messages before it waits.
package enum ServerLoop {
    package static let inboxLimit = 1_024

    /// Runs until `exit` or until the client goes away; returns the exit code (0 after `shutdown` and
    /// `exit`, 1 otherwise).
    package static func run(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let inbox = Inbox()
        let writer = Writer(descriptor: output)
        let reader = JoinableThread(stackSize: 1 << 20) {
            var framing = MessageFraming()
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                framing.append(chunk[0..<count])
                while let frame = framing.next() {
                    guard inbox.put(ReceivedMessage(frame)) else { return }
                }
            }
            inbox.close()
        }
        // The reader may be blocked reading standard input when the server exits: it is never joined.
        guard let reader else { return 1 }
        reader.detach()
        let server = LanguageServer { message in writer.write(MessageFraming.frame(message.encoded())) }
        while let batch = inbox.takeAll() {
            server.cancel(batch.compactMap(\.cancelledID))
            for received in batch {
                server.receive(received)
                if let code = server.exitCode {
                    inbox.close()
                    return code
                }
                if writer.failed { return 1 }
            }
            server.checkIfNeeded()
            if writer.failed { return 1 }
        }
        return server.exitCode ?? 1
    }

    /// The messages read and not yet handled, shared by the reader thread and the main thread.
    final class Inbox: @unchecked Sendable {
        // @unchecked Sendable: `messages` and `closed` are touched only while `lock` is held.
        private let lock = ConditionLock()
        private var messages: [ReceivedMessage] = []
        private var closed = false

        /// Adds a message, waiting while the inbox is full; false once the inbox is closed.
        func put(_ message: ReceivedMessage) -> Bool {
            lock.withLock {
                lock.wait { messages.count < ServerLoop.inboxLimit || closed }
                guard !closed else { return false }
                messages.append(message)
                lock.broadcast()
                return true
            }
        }

        /// Every message waiting, after waiting for one; nil once closed and empty.
        func takeAll() -> [ReceivedMessage]? {
            lock.withLock {
                lock.wait { !messages.isEmpty || closed }
                guard !messages.isEmpty else { return nil }
                let taken = messages
                messages = []
                lock.broadcast()
                return taken
            }
        }

        func close() {
            lock.withLock {
                closed = true
                lock.broadcast()
            }
        }
    }

    /// Writes whole frames to a descriptor; remembers a failed write (EPIPE once the client is gone).
    final class Writer {
        let descriptor: Int32
        private(set) var failed = false

        init(descriptor: Int32) { self.descriptor = descriptor }

        func write(_ bytes: [UInt8]) {
            guard !failed else { return }
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { buffer in
                    systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    failed = true
                    return
                }
                written += count
            }
        }
    }
}
