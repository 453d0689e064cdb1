/// The base protocol's framing (LSP 3.17, "Base Protocol"): each message is a header of
/// `Name: value` lines ended by `\r\n`, a blank line, then exactly `Content-Length` bytes of JSON.
///
/// Limits (docs/EDITORS.md, "Limits"): a header of more than ``maximumHeaderBytes`` bytes, or a
/// message of more than ``maximumMessageBytes`` bytes, is not kept: the reader skips it (a header to
/// its blank line, a body by its length, read and dropped in pieces) and reports the skip, so memory
/// stays bounded whatever the client sends.
package struct MessageFraming: Sendable {
    /// Longest accepted header, all lines together: 8 KiB (a real header is under 100 bytes).
    package static let maximumHeaderBytes = 8_192
    /// Largest accepted message body: 64 MiB (an 8 MiB flow file, the loader's limit, escaped in JSON,
    /// fits with room to spare).
    package static let maximumMessageBytes = 64 << 20

    /// What one step of reading produced.
    package enum Frame: Equatable, Sendable {
        /// A whole body (the JSON text, not yet decoded).
        case message([UInt8])
        /// Something that was not a message, skipped; the reason is for the log.
        case skipped(String)
    }

    private var buffer: [UInt8] = []
    private var start = 0
    /// Body bytes still to drop for a message over the limit.
    private var dropping = 0
    /// Whether the header being read is over the limit, and is being dropped to its blank line.
    private var droppingHeader = false

    package init() {}

    /// Adds bytes read from the client.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Bytes received and not yet framed.
    package var pending: Int { buffer.count - start }

    /// The next frame the bytes received so far make, or nil when more bytes are needed.
    package mutating func next() -> Frame? {
        while true {
            if dropping > 0 {
                let taken = min(dropping, buffer.count - start)
                start += taken
                dropping -= taken
                if dropping > 0 { return nil }
                continue
            }
            guard let end = headerEnd() else {
                if buffer.count - start > Self.maximumHeaderBytes {
                    // Keep the last 3 bytes: the blank line may straddle the next read.
                    start = buffer.count - 3
                    if !droppingHeader {
                        droppingHeader = true
                        return .skipped("a header longer than \(Self.maximumHeaderBytes) bytes")
                    }
                }
                return nil
            }
            let header = buffer[start..<end]
            start = end + 4
            if droppingHeader {
                droppingHeader = false
                continue
            }
            switch Self.contentLength(header) {
            case .failure(let reason):
                return .skipped(reason.description)
            case .success(let length) where length > Self.maximumMessageBytes:
                dropping = length
                return .skipped("a message of \(length) bytes, more than the limit of \(Self.maximumMessageBytes)")
            case .success(let length):
                guard buffer.count - start >= length else {
                    start = header.startIndex  // the header is read again when the body is whole
                    return nil
                }
                let body = Array(buffer[start..<start + length])
                start += length
                return .message(body)
            }
        }
    }

    /// The offset of the `\r\n\r\n` that ends the header starting at `start`, if received.
    private func headerEnd() -> Int? {
        var index = start
        let limit = buffer.count - 3
        while index < limit {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The `Content-Length` of a header (names compared case-insensitively; other fields, such as
    /// `Content-Type`, are allowed and ignored).
    private static func contentLength(_ header: ArraySlice<UInt8>) -> Result<Int, FramingErrorReason> {
        var length: Int?
        for line in header.split(separator: 10, omittingEmptySubsequences: true) {
            let line = line.last == 13 ? line.dropLast() : line
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(.init("a header line without ':'"))
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            guard name.lowercased() == "content-length" else { continue }
            let value = line[(colon + 1)...].drop { $0 == 32 || $0 == 9 }
            let digits = value.prefix { $0 != 32 && $0 != 9 }
            guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ (48...57).contains($0) }),
                value.dropFirst(digits.count).allSatisfy({ $0 == 32 || $0 == 9 })
            else {
                return .failure(.init("a Content-Length that is not a number"))
            }
            length = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        guard let length else { return .failure(.init("a header without Content-Length")) }
        return .success(length)
    }

    /// Why a header was refused.
    struct FramingErrorReason: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// `message` framed: its header, then its bytes.
    package static func frame(_ message: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(message.count)\r\n\r\n".utf8) + message
    }
}
