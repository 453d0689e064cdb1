import Testing

@testable import FlowLanguageServer

/// The base protocol's framing: whole messages by Content-Length bytes, in any split, and every
/// malformed header or oversized message skipped with a reason, never kept whole in memory.
@Suite struct MessageFramingTests {
    static func frames(_ chunks: [String]) -> [MessageFraming.Frame] {
        var framing = MessageFraming()
        var frames: [MessageFraming.Frame] = []
        for chunk in chunks {
            framing.append(Array(chunk.utf8))
            while let frame = framing.next() { frames.append(frame) }
        }
        return frames
    }

    static func message(_ text: String) -> MessageFraming.Frame { .message(Array(text.utf8)) }

    @Test func readsMessagesSplitAnywhere() {
        let stream =
            "Content-Length: 2\r\n\r\n{}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  7 \r\n\r\n[1,2,3]"
        let whole = Self.frames([stream])
        #expect(whole == [Self.message("{}"), Self.message("[1,2,3]")])
        // Every split point gives the same frames.
        for split in 1..<stream.utf8.count {
            let bytes = Array(stream.utf8)
            let parts = [
                String(decoding: bytes[..<split], as: UTF8.self), String(decoding: bytes[split...], as: UTF8.self),
            ]
            #expect(Self.frames(parts) == whole, "split at \(split)")
        }
    }

    @Test func countsBytesNotCharacters() {
        // "é" is two bytes: the length counts them.
        #expect(Self.frames(["Content-Length: 4\r\n\r\n\"é\""]) == [Self.message("\"é\"")])
    }

    @Test func skipsMalformedHeadersAndGoesOn() {
        #expect(
            Self.frames(["Content-Length: x\r\n\r\nContent-Length: 2\r\n\r\n{}"])
                == [.skipped("a Content-Length that is not a number"), Self.message("{}")])
        #expect(
            Self.frames(["Content-Type: text\r\n\r\nContent-Length: 2\r\n\r\n{}"])
                == [.skipped("a header without Content-Length"), Self.message("{}")])
        #expect(
            Self.frames(["garbage\r\n\r\nContent-Length: 2\r\n\r\n{}"])
                == [.skipped("a header line without ':'"), Self.message("{}")])
        #expect(
            Self.frames(["Content-Length: -5\r\n\r\nContent-Length: 2\r\n\r\n{}"])
                == [.skipped("a Content-Length that is not a number"), Self.message("{}")])
    }

    @Test func dropsAnOversizedMessageByItsLengthInPieces() {
        let length = MessageFraming.maximumMessageBytes + 10
        var framing = MessageFraming()
        framing.append(Array("Content-Length: \(length)\r\n\r\n".utf8))
        #expect(
            framing.next()
                == .skipped(
                    "a message of \(length) bytes, more than the limit of \(MessageFraming.maximumMessageBytes)"))
        // The body is dropped as it arrives: nothing is kept.
        let piece = [UInt8](repeating: 65, count: 1 << 20)
        var remaining = length
        while remaining > 0 {
            let count = min(piece.count, remaining)
            framing.append(piece[..<count])
            remaining -= count
            #expect(framing.next() == nil)
            #expect(framing.pending == 0)
        }
        framing.append(Array("Content-Length: 2\r\n\r\n{}".utf8))
        #expect(framing.next() == Self.message("{}"))
    }

    @Test func dropsAnOverlongHeaderToItsBlankLine() {
        var framing = MessageFraming()
        framing.append([UInt8](repeating: 65, count: MessageFraming.maximumHeaderBytes + 1))
        #expect(framing.next() == .skipped("a header longer than \(MessageFraming.maximumHeaderBytes) bytes"))
        framing.append([UInt8](repeating: 65, count: 100_000))
        #expect(framing.next() == nil)
        #expect(framing.pending <= 3)
        framing.append(Array("\r\n\r\nContent-Length: 2\r\n\r\n{}".utf8))
        #expect(framing.next() == Self.message("{}"))
    }

    @Test func waitsForTheWholeBody() {
        var framing = MessageFraming()
        framing.append(Array("Content-Length: 10\r\n\r\n{\"a\":".utf8))
        #expect(framing.next() == nil)
        framing.append(Array("true}".utf8))
        #expect(framing.next() == Self.message("{\"a\":true}"))
    }

    @Test func nestingIsCountedOutsideStrings() {
        #expect(JSONValue.nestingDepth(Array("[[{\"a\":\"[[[[\"}]]".utf8)) == 3)
        #expect(JSONValue.nestingDepth(Array("\"\\\"[[\"".utf8)) == 0)
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONValue.DecodingFailure.tooDeep) { try JSONValue.decode(Array(deep.utf8)) }
    }
}
