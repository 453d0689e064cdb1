/// Converts libyaml positions into `YAMLMark` byte offsets and finds line and
/// column for a raw byte offset.
///
/// libyaml 0.2.5 marks (checked experimentally) count `index` and `column` in
/// characters, i.e. Unicode scalars: CR LF counts 2, a leading byte order mark
/// is skipped without being counted, and `line`/`column` start at 0. Line and
/// column can therefore be used as they are (plus 1); only the byte offset must
/// be computed. This type maps a character index to a byte offset with a cursor
/// that moves forward through the text (libyaml's marks arrive almost always in
/// increasing order), plus a checkpoint every `stride` characters to jump back
/// cheaply; the total work is linear in the input size.
///
/// The bytes are borrowed: the owner (`EventParser`) keeps them alive for the
/// lifetime of this value.
struct LineIndex {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// 3 when the input starts with a UTF-8 byte order mark, else 0.
    let bomLength: Int
    private var cursorCharacter = 0
    private var cursorByte: Int
    /// `checkpoints[k]` is the byte offset of character `k * stride`.
    private var checkpoints: [Int]
    private static let stride = 256

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        bomLength = hasBOM ? 3 : 0
        cursorByte = bomLength
        checkpoints = [bomLength]
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// Byte offset of libyaml character index `index` (which does not count a byte order mark).
    /// Only valid for text libyaml has already decoded, which is valid UTF-8.
    @inline(__always)
    mutating func byteOffset(ofCharacter index: Int) -> Int {
        if index < cursorCharacter {
            let checkpoint = min(index / Self.stride, checkpoints.count - 1)
            cursorCharacter = checkpoint * Self.stride
            cursorByte = checkpoints[checkpoint]
        }
        var character = cursorCharacter
        var byte = cursorByte
        let count = bytes.count
        var nextCheckpoint = checkpoints.count * Self.stride
        let raw = UnsafeRawPointer(bytes.baseAddress)
        while character < index, byte < count {
            // Up to 8 ASCII bytes (as many characters) at once, stopping at the target and at
            // the next checkpoint.
            // Speed: PERFORMANCE.md, "Shapes kept for speed".
            let step = min(index - character, nextCheckpoint - character, 8)
            if let raw, step > 1, count - byte >= 8,
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: byte, as: UInt64.self))
                    & (0x8080_8080_8080_8080 >> UInt64(64 - 8 * step)) == 0
            {
                byte += step
                character += step
            } else {
                let lead = bytes[byte]
                byte += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                character += 1
            }
            if character == nextCheckpoint {
                checkpoints.append(byte)
                nextCheckpoint += Self.stride
            }
        }
        cursorCharacter = character
        cursorByte = min(byte, count)
        return cursorByte
    }

    /// Line and column (both from 1, column in Unicode scalars) of the byte at
    /// `offset`. Used for libyaml reader errors, which report only a byte
    /// offset. The bytes before `offset` must be valid UTF-8. Linear scan, error
    /// path only.
    func position(ofByte offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = bomLength
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                line += 1
                column = 1
                index += 1
            case 0x0D:
                index += 1
                if index < end, bytes[index] == 0x0A { index += 1 }
                line += 1
                column = 1
            case 0xC2 where index + 1 < end && bytes[index + 1] == 0x85:  // NEL
                line += 1
                column = 1
                index += 2
            case 0xE2
            where index + 2 < end && bytes[index + 1] == 0x80
                && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):  // LS, PS
                line += 1
                column = 1
                index += 3
            default:
                if byte & 0xC0 != 0x80 { column += 1 }  // one per scalar, at its lead byte
                index += 1
            }
        }
        return (line, column)
    }
}
